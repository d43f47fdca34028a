import YajlMapper

/// The `issues` webhook's payload: an issue opened, edited, closed, labeled, assigned, ...
public struct GitHubIssuesEvent: GitHubWebhookEventModel {
    /// `action`: `opened`, `edited`, `closed`, `reopened`, `assigned`, `unassigned`,
    /// `labeled`, `unlabeled`, `milestoned`, `demilestoned`, `locked`, `unlocked`, `pinned`,
    /// `unpinned`, `transferred`, `deleted`, or one added since.
    public var action: String = ""
    /// `issue`.
    public var issue: GitHubIssue = GitHubIssue()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()
    /// `label`: the label added or removed (`labeled`, `unlabeled`, some `edited`).
    public var label: GitHubLabel?
    /// `assignee`: the user assigned or unassigned (`assigned`, `unassigned`).
    public var assignee: GitHubUser?
    /// `milestone`: the milestone set or removed (`milestoned`, `demilestoned`).
    public var milestone: GitHubMilestone?

    /// Creates an event with empty values.
    public init() {}

    /// Creates an empty event for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        issue <- map["issue"]
        repository <- map["repository"]
        sender <- map["sender"]
        label <- map["label"]
        assignee <- map["assignee"]
        milestone <- map["milestone"]
    }
}
