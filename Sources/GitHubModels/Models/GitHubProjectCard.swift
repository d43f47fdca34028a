import Foundation
import YajlMapper

/// A card of a project (classic): a note, or an issue or pull request.
public struct GitHubProjectCard: Mappable, Codable, Equatable, Sendable {
    /// `url`.
    public var url: String = ""
    /// `project_url`.
    public var projectUrl: String = ""
    /// `column_url`.
    public var columnUrl: String = ""
    /// `column_id`.
    public var columnId: Int64 = 0
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `note`, `null` for an issue's card.
    public var note: String?
    /// `archived`.
    public var isArchived: Bool = false
    /// `creator`.
    public var creator: GitHubUser = GitHubUser()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `content_url`: the issue or pull request, for such a card.
    public var contentUrl: String?

    /// Creates a card with empty values.
    public init() {}

    /// Creates a card for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        projectUrl <- map["project_url"]
        columnUrl <- map["column_url"]
        columnId <- map["column_id"]
        id <- map["id"]
        nodeId <- map["node_id"]
        note <- map["note"]
        isArchived <- map["archived"]
        creator <- map["creator"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        contentUrl <- map["content_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, note, creator, projectUrl = "project_url", columnUrl = "column_url", columnId = "column_id"
        case nodeId = "node_id", isArchived = "archived", createdAt = "created_at", updatedAt = "updated_at"
        case contentUrl = "content_url"
    }
}
