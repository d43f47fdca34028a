import YajlMapper

/// A `PullRequestReviewCommentEvent`'s payload: a comment on a pull request's diff.
public struct GitHubPullRequestReviewCommentEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `created`.
    public var action: String = ""
    /// `comment`.
    public var comment: GitHubPullRequestReviewComment = GitHubPullRequestReviewComment()
    /// `pull_request`.
    public var pullRequest: GitHubPullRequest = GitHubPullRequest()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        comment <- map["comment"]
        pullRequest <- map["pull_request"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, comment, pullRequest = "pull_request"
    }
}
