import YajlMapper

/// The `issue_comment` webhook's payload: a comment on an issue or pull request created,
/// edited or deleted.
public struct GitHubIssueCommentEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`, or one added since.
    public var action: String = ""
    /// `issue`: the issue commented on.
    public var issue: GitHubIssue = GitHubIssue()
    /// `comment`.
    public var comment: GitHubIssueComment = GitHubIssueComment()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates an event with empty values.
    public init() {}

    /// Creates an empty event for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        issue <- map["issue"]
        comment <- map["comment"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
