import YajlMapper

/// A commit as `GET /repos/{owner}/{repo}/commits/{ref}` and the commit lists give it: git's
/// record, the GitHub accounts behind it, its parents and, for one commit, its stats and files.
public struct GitHubCommit: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the commit.
    public var url: String = ""
    /// `sha`.
    public var sha: String = ""
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `comments_url`.
    public var commentsUrl: String = ""
    /// `commit`: git's record.
    public var commit: GitHubGitCommit = GitHubGitCommit()
    /// `author`: the account of the author's email, `null` when none matches.
    public var author: GitHubUser?
    /// `committer`: the account of the committer's email, `null` when none matches.
    public var committer: GitHubUser?
    /// `parents`.
    public var parents: [GitHubCommitTree] = []
    /// `stats` (one commit only).
    public var stats: GitHubCommitStats?
    /// `files` (one commit only).
    public var files: [GitHubCommitFile]?

    /// Creates a commit with empty values.
    public init() {}

    /// Creates a commit for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        sha <- map["sha"]
        nodeId <- map["node_id"]
        htmlUrl <- map["html_url"]
        commentsUrl <- map["comments_url"]
        commit <- map["commit"]
        author <- map["author"]
        committer <- map["committer"]
        parents <- map["parents"]
        stats <- map["stats"]
        files <- map["files"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, sha, commit, author, committer, parents, stats, files, nodeId = "node_id", htmlUrl = "html_url"
        case commentsUrl = "comments_url"
    }
}
