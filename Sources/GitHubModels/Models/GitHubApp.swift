import Foundation
import YajlMapper

/// A GitHub App (the app behind a check run or check suite).
public struct GitHubApp: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `slug`: the name as it appears in URLs.
    public var slug: String?
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `owner`.
    public var owner: GitHubUser = GitHubUser()
    /// `name`.
    public var name: String = ""
    /// `description`, `null` when none.
    public var description: String?
    /// `external_url`: its home page.
    public var externalUrl: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `events`: the webhook events it receives.
    public var events: [String]?

    /// Creates an app with empty values.
    public init() {}

    /// Creates an app for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        slug <- map["slug"]
        nodeId <- map["node_id"]
        owner <- map["owner"]
        name <- map["name"]
        description <- map["description"]
        externalUrl <- map["external_url"]
        htmlUrl <- map["html_url"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        events <- map["events"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, slug, owner, name, description, events, nodeId = "node_id", externalUrl = "external_url"
        case htmlUrl = "html_url", createdAt = "created_at", updatedAt = "updated_at"
    }
}
