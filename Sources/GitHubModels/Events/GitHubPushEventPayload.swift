import YajlMapper

/// A `PushEvent`'s payload: commits pushed to a branch or tag.
public struct GitHubPushEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `repository_id`.
    public var repositoryId: Int64?
    /// `push_id`.
    public var pushId: Int64 = 0
    /// `size`: how many commits were pushed.
    public var size: Int = 0
    /// `distinct_size`: how many were new to the repository.
    public var distinctSize: Int = 0
    /// `ref`: the full ref (`refs/heads/main`).
    public var ref: String = ""
    /// `head`: its SHA after the push.
    public var head: String = ""
    /// `before`: its SHA before.
    public var before: String = ""
    /// `commits`: up to 20, oldest first.
    public var commits: [GitHubEventCommit] = []

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        repositoryId <- map["repository_id"]
        pushId <- map["push_id"]
        size <- map["size"]
        distinctSize <- map["distinct_size"]
        ref <- map["ref"]
        head <- map["head"]
        before <- map["before"]
        commits <- map["commits"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case size, ref, head, before, commits, repositoryId = "repository_id", pushId = "push_id"
        case distinctSize = "distinct_size"
    }
}
