import YajlMapper

/// The `membership` webhook's payload: a user added to a team or removed from it.
public struct GitHubMembershipEvent: GitHubWebhookEventModel {
    /// `action`: `added`, `removed`.
    public var action: String = ""
    /// `scope`: `team`.
    public var scope: String = ""
    /// `member`.
    public var member: GitHubUser = GitHubUser()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()
    /// `team`.
    public var team: GitHubTeam = GitHubTeam()
    /// `organization`.
    public var organization: GitHubOrganization = GitHubOrganization()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        scope <- map["scope"]
        member <- map["member"]
        sender <- map["sender"]
        team <- map["team"]
        organization <- map["organization"]
    }
}
