import YajlMapper

/// The `pull_request_review` webhook's payload: a review submitted, edited or dismissed.
public struct GitHubPullRequestReviewEvent: GitHubWebhookEventModel {
    /// `action`: `submitted`, `edited`, `dismissed`, or one added since.
    public var action: String = ""
    /// `review`.
    public var review: GitHubPullRequestReview = GitHubPullRequestReview()
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
        review <- map["review"]
        pullRequest <- map["pull_request"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, review, repository, sender, pullRequest = "pull_request"
    }
}
