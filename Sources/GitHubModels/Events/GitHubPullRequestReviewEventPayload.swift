import YajlMapper

/// A `PullRequestReviewEvent`'s payload: a review submitted.
public struct GitHubPullRequestReviewEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `created`, `updated`, `dismissed`.
    public var action: String = ""
    /// `review`.
    public var review: GitHubPullRequestReview = GitHubPullRequestReview()
    /// `pull_request`.
    public var pullRequest: GitHubPullRequest = GitHubPullRequest()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        review <- map["review"]
        pullRequest <- map["pull_request"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, review, pullRequest = "pull_request"
    }
}
