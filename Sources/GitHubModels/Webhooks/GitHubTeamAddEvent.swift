import YajlMapper

/// The `team_add` webhook's payload: a repository added to a team.
public struct GitHubTeamAddEvent: GitHubWebhookEventModel {
    /// `team`.
    public var team: GitHubTeam = GitHubTeam()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
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
        team <- map["team"]
        repository <- map["repository"]
        sender <- map["sender"]
        organization <- map["organization"]
    }
}
