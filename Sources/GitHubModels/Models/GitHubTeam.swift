import YajlMapper

/// A team of an organization (a pull request's `requested_teams`, the `team` and `membership`
/// webhooks). A deleted team, as `membership` sends it, has its id and name only.
public struct GitHubTeam: Mappable, Codable, Equatable, Sendable {
    /// `name`.
    public var name: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String?
    /// `slug`: the name as it appears in URLs.
    public var slug: String?
    /// `description`, `null` when none.
    public var description: String?
    /// `privacy`: `open` (visible), `closed` or `secret`.
    public var privacy: String?
    /// `url`: the API URL of the team.
    public var url: String?
    /// `html_url`: its page on github.com.
    public var htmlUrl: String?
    /// `members_url`: a URI template.
    public var membersUrl: String?
    /// `repositories_url`.
    public var repositoriesUrl: String?
    /// `permission`: what it may do in the repository (`pull`, `push`, ...).
    public var permission: String?
    /// `deleted`: `true` for a deleted team.
    public var isDeleted: Bool?

    /// Creates a team with empty values.
    public init() {}

    /// Creates a team for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        name <- map["name"]
        id <- map["id"]
        nodeId <- map["node_id"]
        slug <- map["slug"]
        description <- map["description"]
        privacy <- map["privacy"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        membersUrl <- map["members_url"]
        repositoriesUrl <- map["repositories_url"]
        permission <- map["permission"]
        isDeleted <- map["deleted"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case name, id, slug, description, privacy, url, permission, nodeId = "node_id", htmlUrl = "html_url"
        case membersUrl = "members_url", repositoriesUrl = "repositories_url", isDeleted = "deleted"
    }
}
