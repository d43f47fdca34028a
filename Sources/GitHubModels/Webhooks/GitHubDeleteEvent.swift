import YajlMapper

/// The `delete` webhook's payload: a branch or tag deleted.
public struct GitHubDeleteEvent: GitHubWebhookEventModel {
    /// `ref`: the branch's or tag's name.
    public var ref: String = ""
    /// `ref_type`: `branch` or `tag`.
    public var refType: String = ""
    /// `pusher_type`: `user`, or a deploy key.
    public var pusherType: String = ""
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who deleted it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        ref <- map["ref"]
        refType <- map["ref_type"]
        pusherType <- map["pusher_type"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case ref, repository, sender
        case refType = "ref_type", pusherType = "pusher_type"
    }
}
