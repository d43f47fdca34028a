import YajlMapper

/// A `CreateEvent`'s payload: a repository, branch or tag created.
public struct GitHubCreateEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `ref`: the branch's or tag's name, `null` for a repository.
    public var ref: String?
    /// `ref_type`: `repository`, `branch` or `tag`.
    public var refType: String = ""
    /// `master_branch`: the default branch.
    public var masterBranch: String = ""
    /// `description`: the repository's, `null` when none.
    public var description: String?
    /// `pusher_type`: `user`, or a deploy key.
    public var pusherType: String = ""

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        ref <- map["ref"]
        refType <- map["ref_type"]
        masterBranch <- map["master_branch"]
        description <- map["description"]
        pusherType <- map["pusher_type"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case ref, description, refType = "ref_type", masterBranch = "master_branch", pusherType = "pusher_type"
    }
}
