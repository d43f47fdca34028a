import YajlMapper

/// The `milestone` webhook's payload: a milestone created, opened, closed, edited or deleted.
public struct GitHubMilestoneEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `opened`, `closed`, `edited`, `deleted`.
    public var action: String = ""
    /// `milestone`.
    public var milestone: GitHubMilestone = GitHubMilestone()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        milestone <- map["milestone"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
