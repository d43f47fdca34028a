import YajlMapper

/// The `pull_request_review_comment` webhook's payload: a comment on a diff created, edited or deleted.
public struct GitHubPullRequestReviewCommentEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`, or one added since.
    public var action: String = ""
    /// `comment`.
    public var comment: GitHubPullRequestReviewComment = GitHubPullRequestReviewComment()
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
        comment <- map["comment"]
        pullRequest <- map["pull_request"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, comment, repository, sender, pullRequest = "pull_request"
    }
}
