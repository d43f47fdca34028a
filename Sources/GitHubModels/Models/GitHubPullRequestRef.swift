import YajlMapper

/// One side of a pull request (`head` or `base`): a branch of a repository at a commit.
public struct GitHubPullRequestRef: Mappable, Codable, Equatable, Sendable {
    /// `label`: `owner:branch`.
    public var label: String = ""
    /// `ref`: the branch.
    public var ref: String = ""
    /// `sha`: the commit.
    public var sha: String = ""
    /// `user`: the repository's owner.
    public var user: GitHubUser = GitHubUser()
    /// `repo`, `null` when the head's fork was deleted.
    public var repo: GitHubRepository?

    /// Creates a ref with empty values.
    public init() {}

    /// Creates a ref for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        label <- map["label"]
        ref <- map["ref"]
        sha <- map["sha"]
        user <- map["user"]
        repo <- map["repo"]
    }
}
