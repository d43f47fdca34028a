import Foundation
import YajlMapper

/// A user or organization with its profile, as `GET /users/{username}` and `GET /user` give it
/// (``GitHubUser`` is the shorter form other resources embed).
public struct GitHubFullUser: Mappable, Codable, Equatable, Sendable {
    /// `login`.
    public var login: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `avatar_url`.
    public var avatarUrl: String = ""
    /// `html_url`: the profile on github.com.
    public var htmlUrl: String = ""
    /// `url`: the API URL of the account.
    public var url: String = ""
    /// `type`: `User`, `Organization`, `Bot`, ...
    public var type: GitHubAccountType = .user
    /// `site_admin`.
    public var siteAdmin: Bool = false
    /// `name`, `null` when not set.
    public var name: String?
    /// `company`, `null` when not set.
    public var company: String?
    /// `blog`: a URL, often empty.
    public var blog: String?
    /// `location`, `null` when not set.
    public var location: String?
    /// `email`: the public one, `null` when hidden.
    public var email: String?
    /// `hireable`, `null` when not set.
    public var isHireable: Bool?
    /// `bio`, `null` when not set.
    public var bio: String?
    /// `twitter_username`, `null` when not set.
    public var twitterUsername: String?
    /// `public_repos`.
    public var publicRepos: Int = 0
    /// `public_gists`.
    public var publicGists: Int = 0
    /// `followers`.
    public var followers: Int = 0
    /// `following`.
    public var following: Int = 0
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)

    /// Creates a user with empty values.
    public init() {}

    /// Creates a user for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
        nodeId <- map["node_id"]
        avatarUrl <- map["avatar_url"]
        htmlUrl <- map["html_url"]
        url <- map["url"]
        type <- map["type"]
        siteAdmin <- map["site_admin"]
        name <- map["name"]
        company <- map["company"]
        blog <- map["blog"]
        location <- map["location"]
        email <- map["email"]
        isHireable <- map["hireable"]
        bio <- map["bio"]
        twitterUsername <- map["twitter_username"]
        publicRepos <- map["public_repos"]
        publicGists <- map["public_gists"]
        followers <- map["followers"]
        following <- map["following"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case login, id, url, type, name, company, blog, location, email, bio, followers, following
        case nodeId = "node_id", avatarUrl = "avatar_url", htmlUrl = "html_url", siteAdmin = "site_admin"
        case isHireable = "hireable", twitterUsername = "twitter_username", publicRepos = "public_repos"
        case publicGists = "public_gists", createdAt = "created_at", updatedAt = "updated_at"
    }
}
