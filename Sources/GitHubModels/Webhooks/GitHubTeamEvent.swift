import YajlMapper

/// The `team` webhook's payload: a team created, edited, deleted, or given or refused a repository.
public struct GitHubTeamEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`, `added_to_repository`, `removed_from_repository`.
    public var action: String = ""
    /// `team`.
    public var team: GitHubTeam = GitHubTeam()
    /// `repository` (the repository actions only).
    public var repository: GitHubRepository?
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
        team <- map["team"]
        repository <- map["repository"]
        sender <- map["sender"]
        organization <- map["organization"]
    }
}
