import YajlMapper

/// The `commit_comment` webhook's payload: a comment on a commit created.
public struct GitHubCommitCommentEvent: GitHubWebhookEventModel {
    /// `action`: `created`.
    public var action: String = ""
    /// `comment`.
    public var comment: GitHubCommitComment = GitHubCommitComment()
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
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
