import YajlMapper

/// The `discussion_comment` webhook's payload: a comment on a discussion created, edited or deleted.
public struct GitHubDiscussionCommentEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`.
    public var action: String = ""
    /// `comment`.
    public var comment: GitHubDiscussionComment = GitHubDiscussionComment()
    /// `discussion`.
    public var discussion: GitHubDiscussion = GitHubDiscussion()
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
        discussion <- map["discussion"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
