import YajlMapper

/// The `pull_request` webhook's payload: a pull request opened, edited, closed, synchronized, ...
public struct GitHubPullRequestEvent: GitHubWebhookEventModel {
    /// `action`: `opened`, `edited`, `closed`, `reopened`, `synchronize`, `assigned`,
    /// `review_requested`, `labeled`, `ready_for_review`, `converted_to_draft`, ...
    public var action: String = ""
    /// `number`: the pull request's number.
    public var number: Int = 0
    /// `pull_request`.
    public var pullRequest: GitHubPullRequest = GitHubPullRequest()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()
    /// `label`: the label added or removed (`labeled`, `unlabeled`).
    public var label: GitHubLabel?
    /// `assignee`: the user assigned or unassigned.
    public var assignee: GitHubUser?
    /// `before`: the head's SHA before a `synchronize`.
    public var before: String?
    /// `after`: the head's SHA after a `synchronize`.
    public var after: String?

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        number <- map["number"]
        pullRequest <- map["pull_request"]
        repository <- map["repository"]
        sender <- map["sender"]
        label <- map["label"]
        assignee <- map["assignee"]
        before <- map["before"]
        after <- map["after"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, number, repository, sender, label, assignee, before, after, pullRequest = "pull_request"
    }
}
