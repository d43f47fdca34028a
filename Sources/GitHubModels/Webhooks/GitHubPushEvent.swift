import YajlMapper

/// The `push` webhook's payload: commits pushed to a branch or tag (or one created or
/// deleted by a push).
public struct GitHubPushEvent: GitHubWebhookEventModel {
    /// `ref`: the full ref pushed to (`refs/heads/main`).
    public var ref: String = ""
    /// `before`: its SHA before the push (all zeros when created).
    public var before: String = ""
    /// `after`: its SHA after (all zeros when deleted).
    public var after: String = ""
    /// `created`: whether the push created the ref.
    public var isCreated: Bool = false
    /// `deleted`: whether it deleted it.
    public var isDeleted: Bool = false
    /// `forced`: whether it was a force push.
    public var isForced: Bool = false
    /// `base_ref`: for a tag, the branch it was pushed from, `null` otherwise.
    public var baseRef: String?
    /// `compare`: the page comparing `before` and `after`.
    public var compare: String = ""
    /// `commits`: up to 20, oldest first.
    public var commits: [GitHubPushCommit] = []
    /// `head_commit`, `null` when the push deleted the ref.
    public var headCommit: GitHubPushCommit?
    /// `repository` (its `created_at` and `pushed_at` in Unix seconds: see ``GitHubDates``).
    public var repository: GitHubRepository = GitHubRepository()
    /// `pusher`: who pushed, as git knows them.
    public var pusher: GitHubCommitter = GitHubCommitter()
    /// `sender`: who pushed, as GitHub knows them.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        ref <- map["ref"]
        before <- map["before"]
        after <- map["after"]
        isCreated <- map["created"]
        isDeleted <- map["deleted"]
        isForced <- map["forced"]
        baseRef <- map["base_ref"]
        compare <- map["compare"]
        commits <- map["commits"]
        headCommit <- map["head_commit"]
        repository <- map["repository"]
        pusher <- map["pusher"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case ref, before, after, compare, commits, repository, pusher, sender
        case isCreated = "created", isDeleted = "deleted", isForced = "forced", baseRef = "base_ref"
        case headCommit = "head_commit"
    }
}
