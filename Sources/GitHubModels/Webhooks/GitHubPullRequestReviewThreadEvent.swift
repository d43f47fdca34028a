import YajlMapper

/// The `pull_request_review_thread` webhook's payload: a thread on a diff resolved or unresolved.
public struct GitHubPullRequestReviewThreadEvent: GitHubWebhookEventModel {
    /// `action`: `resolved`, `unresolved`.
    public var action: String = ""
    /// `thread`.
    public var thread: GitHubReviewThread = GitHubReviewThread()
    /// `pull_request` (without its counts and merge state).
    public var pullRequest: GitHubPullRequest = GitHubPullRequest()
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
        thread <- map["thread"]
        pullRequest <- map["pull_request"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, thread, repository, sender, pullRequest = "pull_request"
    }
}
