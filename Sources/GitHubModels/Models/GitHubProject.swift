import Foundation
import YajlMapper

/// A project (classic) board.
public struct GitHubProject: Mappable, Codable, Equatable, Sendable {
    /// `owner_url`.
    public var ownerUrl: String = ""
    /// `url`.
    public var url: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `columns_url`.
    public var columnsUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`.
    public var name: String = ""
    /// `body`.
    public var body: String?
    /// `number`.
    public var number: Int = 0
    /// `state`: `open` or `closed`.
    public var state: String = ""
    /// `creator`.
    public var creator: GitHubUser = GitHubUser()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)

    /// Creates a project with empty values.
    public init() {}

    /// Creates a project for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        ownerUrl <- map["owner_url"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        columnsUrl <- map["columns_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        body <- map["body"]
        number <- map["number"]
        state <- map["state"]
        creator <- map["creator"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, name, body, number, state, creator, ownerUrl = "owner_url", htmlUrl = "html_url"
        case columnsUrl = "columns_url", nodeId = "node_id", createdAt = "created_at", updatedAt = "updated_at"
    }
}
