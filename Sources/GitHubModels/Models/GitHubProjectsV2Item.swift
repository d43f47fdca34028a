import Foundation
import YajlMapper

/// An item of a project: an issue, a pull request or a draft.
public struct GitHubProjectsV2Item: Mappable, Codable, Equatable, Sendable {
    /// `id`.
    public var id: Int64 = 0
    /// `node_id`.
    public var nodeId: String = ""
    /// `project_node_id`.
    public var projectNodeId: String = ""
    /// `content_node_id`.
    public var contentNodeId: String = ""
    /// `content_type`: `Issue`, `PullRequest`, `DraftIssue`.
    public var contentType: String = ""
    /// `creator`.
    public var creator: GitHubUser = GitHubUser()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `archived_at`.
    public var archivedAt: Date?

    /// Creates an item with empty values.
    public init() {}

    /// Creates an item for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        projectNodeId <- map["project_node_id"]
        contentNodeId <- map["content_node_id"]
        contentType <- map["content_type"]
        creator <- map["creator"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        archivedAt <- (map["archived_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, creator, nodeId = "node_id", projectNodeId = "project_node_id", contentNodeId = "content_node_id"
        case contentType = "content_type", createdAt = "created_at", updatedAt = "updated_at"
        case archivedAt = "archived_at"
    }
}
