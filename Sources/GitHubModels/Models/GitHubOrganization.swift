import YajlMapper

/// An organization, as org-level webhooks (`team`, `membership`, `org_block`, ...) name it.
public struct GitHubOrganization: Mappable, Codable, Equatable, Sendable {
    /// `login`.
    public var login: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `url`: the API URL of the organization.
    public var url: String = ""
    /// `html_url` (left out of some payloads).
    public var htmlUrl: String?
    /// `repos_url`.
    public var reposUrl: String = ""
    /// `events_url`.
    public var eventsUrl: String = ""
    /// `hooks_url`.
    public var hooksUrl: String = ""
    /// `issues_url`.
    public var issuesUrl: String = ""
    /// `members_url`: a URI template.
    public var membersUrl: String = ""
    /// `public_members_url`: a URI template.
    public var publicMembersUrl: String = ""
    /// `avatar_url`.
    public var avatarUrl: String = ""
    /// `description`, `null` when none.
    public var description: String?

    /// Creates an organization with empty values.
    public init() {}

    /// Creates an organization for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
        nodeId <- map["node_id"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        reposUrl <- map["repos_url"]
        eventsUrl <- map["events_url"]
        hooksUrl <- map["hooks_url"]
        issuesUrl <- map["issues_url"]
        membersUrl <- map["members_url"]
        publicMembersUrl <- map["public_members_url"]
        avatarUrl <- map["avatar_url"]
        description <- map["description"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case login, id, url, description, nodeId = "node_id", htmlUrl = "html_url", reposUrl = "repos_url"
        case eventsUrl = "events_url", hooksUrl = "hooks_url", issuesUrl = "issues_url", membersUrl = "members_url"
        case publicMembersUrl = "public_members_url", avatarUrl = "avatar_url"
    }
}
