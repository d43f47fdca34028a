import YajlMapper

/// The owner of a repository: a user, an organization or a bot (GitHub's "Simple User").
public struct GitHubOwner: Mappable, Equatable, Sendable {
    /// `login`.
    public var login: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `avatar_url`.
    public var avatarUrl: String = ""
    /// `gravatar_id`: usually empty, sometimes `null`.
    public var gravatarId: String?
    /// `html_url`: the profile on github.com.
    public var htmlUrl: String = ""
    /// `type`: `User`, `Organization`, `Bot`, or a value this version does not know.
    public var type: GitHubAccountType = .user
    /// `site_admin`.
    public var siteAdmin: Bool = false

    /// Creates an owner with empty values.
    public init() {}

    /// Creates an owner.
    /// - Parameters:
    ///   - login: the login.
    ///   - id: the account id.
    ///   - type: user, organization, ...
    public init(login: String, id: Int64, type: GitHubAccountType = .user) {
        self.login = login
        self.id = id
        self.type = type
    }

    /// Creates an empty owner for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the owner's fields, in both directions.
    public mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
        nodeId <- map["node_id"]
        avatarUrl <- map["avatar_url"]
        gravatarId <- map["gravatar_id"]
        htmlUrl <- map["html_url"]
        type <- map["type"]
        siteAdmin <- map["site_admin"]
    }
}

extension GitHubOwner: Codable {
    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case login, id, type
        case nodeId = "node_id", avatarUrl = "avatar_url", gravatarId = "gravatar_id", htmlUrl = "html_url"
        case siteAdmin = "site_admin"
    }
}
