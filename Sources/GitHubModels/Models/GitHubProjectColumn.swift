import Foundation
import YajlMapper

/// A column of a project (classic).
public struct GitHubProjectColumn: Mappable, Codable, Equatable, Sendable {
    /// `url`.
    public var url: String = ""
    /// `project_url`.
    public var projectUrl: String = ""
    /// `cards_url`.
    public var cardsUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`.
    public var name: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)

    /// Creates a column with empty values.
    public init() {}

    /// Creates a column for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        projectUrl <- map["project_url"]
        cardsUrl <- map["cards_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, name, projectUrl = "project_url", cardsUrl = "cards_url", nodeId = "node_id"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}
