import YajlMapper

/// A user, organization or bot as the API embeds it in other resources (GitHub's "Simple
/// User"): an issue's author, a comment's, a webhook's `sender`.
public struct GitHubUser: Mappable, Codable, Equatable, Sendable {
    /// `login`.
    public var login: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name` (present in some payloads only).
    public var name: String?
    /// `email` (present in some payloads only, `null` when private).
    public var email: String?
    /// `avatar_url`.
    public var avatarUrl: String = ""
    /// `gravatar_id`: usually empty.
    public var gravatarId: String = ""
    /// `url`: the API URL of the account.
    public var url: String = ""
    /// `html_url`: the profile on github.com.
    public var htmlUrl: String = ""
    /// `followers_url`.
    public var followersUrl: String = ""
    /// `following_url`: a URI template.
    public var followingUrl: String = ""
    /// `gists_url`: a URI template.
    public var gistsUrl: String = ""
    /// `starred_url`: a URI template.
    public var starredUrl: String = ""
    /// `subscriptions_url`.
    public var subscriptionsUrl: String = ""
    /// `organizations_url`.
    public var organizationsUrl: String = ""
    /// `repos_url`.
    public var reposUrl: String = ""
    /// `events_url`: a URI template.
    public var eventsUrl: String = ""
    /// `received_events_url`.
    public var receivedEventsUrl: String = ""
    /// `type`: `User`, `Organization`, `Bot`, or a value this version does not know.
    public var type: GitHubAccountType = .user
    /// `site_admin`.
    public var siteAdmin: Bool = false

    /// Creates a user with empty values.
    public init() {}

    /// Creates an empty user for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the user's fields, in both directions.
    public mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        email <- map["email"]
        avatarUrl <- map["avatar_url"]
        gravatarId <- map["gravatar_id"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        followersUrl <- map["followers_url"]
        followingUrl <- map["following_url"]
        gistsUrl <- map["gists_url"]
        starredUrl <- map["starred_url"]
        subscriptionsUrl <- map["subscriptions_url"]
        organizationsUrl <- map["organizations_url"]
        reposUrl <- map["repos_url"]
        eventsUrl <- map["events_url"]
        receivedEventsUrl <- map["received_events_url"]
        type <- map["type"]
        siteAdmin <- map["site_admin"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case login, id, name, email, url, type
        case nodeId = "node_id", avatarUrl = "avatar_url", gravatarId = "gravatar_id", htmlUrl = "html_url"
        case followersUrl = "followers_url", followingUrl = "following_url", gistsUrl = "gists_url"
        case starredUrl = "starred_url", subscriptionsUrl = "subscriptions_url"
        case organizationsUrl = "organizations_url", reposUrl = "repos_url", eventsUrl = "events_url"
        case receivedEventsUrl = "received_events_url", siteAdmin = "site_admin"
    }
}
