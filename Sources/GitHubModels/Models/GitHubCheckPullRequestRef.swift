import YajlMapper

/// One side of a pull request as checks list it: a branch and commit of a repository.
public struct GitHubCheckPullRequestRef: Mappable, Codable, Equatable, Sendable {
    /// `ref`: the branch.
    public var ref: String = ""
    /// `sha`: the commit.
    public var sha: String = ""
    /// `repo`.
    public var repo: GitHubRepoRef = GitHubRepoRef()

    /// Creates a ref with empty values.
    public init() {}

    /// Creates a ref for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        ref <- map["ref"]
        sha <- map["sha"]
        repo <- map["repo"]
    }
}
