import YajlMapper

/// A commit as a `PushEvent` lists it.
public struct GitHubEventCommit: Mappable, Codable, Equatable, Sendable {
    /// `sha`.
    public var sha: String = ""
    /// `author`: its name and email.
    public var author: GitHubCommitter = GitHubCommitter()
    /// `message`.
    public var message: String = ""
    /// `distinct`: whether it was pushed here for the first time.
    public var isDistinct: Bool = false
    /// `url`: the API URL of the commit.
    public var url: String = ""

    /// Creates a commit with empty values.
    public init() {}

    /// Creates a commit for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        sha <- map["sha"]
        author <- map["author"]
        message <- map["message"]
        isDistinct <- map["distinct"]
        url <- map["url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case sha, author, message, url, isDistinct = "distinct"
    }
}
