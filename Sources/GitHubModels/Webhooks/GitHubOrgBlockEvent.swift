import YajlMapper

/// The `org_block` webhook's payload: a user blocked or unblocked by an organization.
public struct GitHubOrgBlockEvent: GitHubWebhookEventModel {
    /// `action`: `blocked`, `unblocked`.
    public var action: String = ""
    /// `blocked_user`.
    public var blockedUser: GitHubUser = GitHubUser()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()
    /// `organization`.
    public var organization: GitHubOrganization = GitHubOrganization()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        blockedUser <- map["blocked_user"]
        sender <- map["sender"]
        organization <- map["organization"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, sender, organization, blockedUser = "blocked_user"
    }
}
