import YajlMapper

/// A pull request as check runs, check suites and workflow runs list it.
public struct GitHubCheckPullRequest: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the pull request.
    public var url: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `number`.
    public var number: Int = 0
    /// `head`.
    public var head: GitHubCheckPullRequestRef = GitHubCheckPullRequestRef()
    /// `base`.
    public var base: GitHubCheckPullRequestRef = GitHubCheckPullRequestRef()

    /// Creates a pull request with empty values.
    public init() {}

    /// Creates a pull request for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        id <- map["id"]
        number <- map["number"]
        head <- map["head"]
        base <- map["base"]
    }
}
