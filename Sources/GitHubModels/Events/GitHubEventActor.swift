import YajlMapper

/// The account an event names (`actor`, `org`): fewer fields than ``GitHubUser``.
public struct GitHubEventActor: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `login`.
    public var login: String = ""
    /// `display_login` (an actor's only).
    public var displayLogin: String?
    /// `gravatar_id`: usually empty.
    public var gravatarId: String = ""
    /// `url`: the API URL of the account.
    public var url: String = ""
    /// `avatar_url`.
    public var avatarUrl: String = ""

    /// Creates an actor with empty values.
    public init() {}

    /// Creates an actor for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        login <- map["login"]
        displayLogin <- map["display_login"]
        gravatarId <- map["gravatar_id"]
        url <- map["url"]
        avatarUrl <- map["avatar_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, login, url, displayLogin = "display_login", gravatarId = "gravatar_id", avatarUrl = "avatar_url"
    }
}
