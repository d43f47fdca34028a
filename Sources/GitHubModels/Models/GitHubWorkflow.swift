import Foundation
import YajlMapper

/// A GitHub Actions workflow (a file under `.github/workflows`).
public struct GitHubWorkflow: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`.
    public var name: String = ""
    /// `path`: the file.
    public var path: String = ""
    /// `state`: `active`, `disabled_manually`, ...
    public var state: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `url`: the API URL of the workflow.
    public var url: String = ""
    /// `html_url`: its file on github.com.
    public var htmlUrl: String = ""
    /// `badge_url`: its status badge.
    public var badgeUrl: String = ""

    /// Creates a workflow with empty values.
    public init() {}

    /// Creates a workflow for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        path <- map["path"]
        state <- map["state"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        url <- map["url"]
        htmlUrl <- map["html_url"]
        badgeUrl <- map["badge_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, path, state, url, nodeId = "node_id", createdAt = "created_at", updatedAt = "updated_at"
        case htmlUrl = "html_url", badgeUrl = "badge_url"
    }
}
