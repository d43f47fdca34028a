import YajlMapper

/// The `discussion` webhook's payload: a discussion created, answered, labeled, locked, ...
public struct GitHubDiscussionEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`, `answered`, `unanswered`, `labeled`, `locked`, `pinned`, `transferred`, ....
    public var action: String = ""
    /// `discussion`.
    public var discussion: GitHubDiscussion = GitHubDiscussion()
    /// `answer`: the comment chosen (`answered`).
    public var answer: GitHubDiscussionComment?
    /// `label`: the label added or removed.
    public var label: GitHubLabel?
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
        discussion <- map["discussion"]
        answer <- map["answer"]
        label <- map["label"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
