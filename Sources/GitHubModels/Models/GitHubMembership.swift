import YajlMapper

/// A user's membership of an organization.
public struct GitHubMembership: Mappable, Codable, Equatable, Sendable {
    /// `url`.
    public var url: String = ""
    /// `state`: `active` or `pending`.
    public var state: String = ""
    /// `role`: `admin` or `member`.
    public var role: String = ""
    /// `organization_url`.
    public var organizationUrl: String = ""
    /// `user`.
    public var user: GitHubUser = GitHubUser()

    /// Creates a membership with empty values.
    public init() {}

    /// Creates a membership for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        state <- map["state"]
        role <- map["role"]
        organizationUrl <- map["organization_url"]
        user <- map["user"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, state, role, user, organizationUrl = "organization_url"
    }
}
