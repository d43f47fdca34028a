import Foundation
import YajlMapper

/// A commit as the `push` webhook lists it (`commits`, `head_commit`).
public struct GitHubPushCommit: Mappable, Codable, Equatable, Sendable {
    /// `id`: the commit's SHA.
    public var id: String = ""
    /// `tree_id`: its tree's SHA.
    public var treeId: String = ""
    /// `distinct`: whether it was pushed here for the first time.
    public var isDistinct: Bool = false
    /// `message`.
    public var message: String = ""
    /// `timestamp`.
    public var timestamp: Date = Date(timeIntervalSince1970: 0)
    /// `url`: its page on github.com.
    public var url: String = ""
    /// `author`.
    public var author: GitHubCommitter = GitHubCommitter()
    /// `committer`.
    public var committer: GitHubCommitter = GitHubCommitter()
    /// `added`: the paths it added.
    public var added: [String] = []
    /// `removed`: the paths it removed.
    public var removed: [String] = []
    /// `modified`: the paths it changed.
    public var modified: [String] = []

    /// Creates a commit with empty values.
    public init() {}

    /// Creates an empty commit for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the commit's fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        treeId <- map["tree_id"]
        isDistinct <- map["distinct"]
        message <- map["message"]
        timestamp <- (map["timestamp"], GitHubDates.transform)
        url <- map["url"]
        author <- map["author"]
        committer <- map["committer"]
        added <- map["added"]
        removed <- map["removed"]
        modified <- map["modified"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, message, timestamp, url, author, committer, added, removed, modified
        case treeId = "tree_id", isDistinct = "distinct"
    }
}
