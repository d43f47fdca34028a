import YajlMapper

/// A commit as git records it (a REST commit's `commit`): its author, committer, message and tree.
public struct GitHubGitCommit: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the git commit.
    public var url: String = ""
    /// `author`, with the date written.
    public var author: GitHubCommitter = GitHubCommitter()
    /// `committer`, with the date committed.
    public var committer: GitHubCommitter = GitHubCommitter()
    /// `message`.
    public var message: String = ""
    /// `tree`.
    public var tree: GitHubCommitTree = GitHubCommitTree()
    /// `comment_count`.
    public var commentCount: Int = 0
    /// `verification` (left out by some endpoints).
    public var verification: GitHubCommitVerification?

    /// Creates a commit with empty values.
    public init() {}

    /// Creates a commit for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        author <- map["author"]
        committer <- map["committer"]
        message <- map["message"]
        tree <- map["tree"]
        commentCount <- map["comment_count"]
        verification <- map["verification"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, author, committer, message, tree, verification, commentCount = "comment_count"
    }
}
