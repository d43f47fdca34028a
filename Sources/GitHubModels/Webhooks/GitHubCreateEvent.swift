import YajlMapper

/// The `create` webhook's payload: a branch or tag created.
public struct GitHubCreateEvent: GitHubWebhookEventModel {
    /// `ref`: the branch's or tag's name.
    public var ref: String = ""
    /// `ref_type`: `branch` or `tag`.
    public var refType: String = ""
    /// `master_branch`: the repository's default branch.
    public var masterBranch: String = ""
    /// `description`: the repository's, `null` when none.
    public var description: String?
    /// `pusher_type`: `user`, or a deploy key.
    public var pusherType: String = ""
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who created it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        ref <- map["ref"]
        refType <- map["ref_type"]
        masterBranch <- map["master_branch"]
        description <- map["description"]
        pusherType <- map["pusher_type"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case ref, description, repository, sender
        case refType = "ref_type", masterBranch = "master_branch", pusherType = "pusher_type"
    }
}
