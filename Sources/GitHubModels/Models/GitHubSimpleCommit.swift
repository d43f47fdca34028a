import Foundation
import YajlMapper

/// A commit as check suites and workflow runs give their head commit.
public struct GitHubSimpleCommit: Mappable, Codable, Equatable, Sendable {
    /// `id`: the commit's SHA.
    public var id: String = ""
    /// `tree_id`.
    public var treeId: String = ""
    /// `message`.
    public var message: String = ""
    /// `timestamp`.
    public var timestamp: Date = Date(timeIntervalSince1970: 0)
    /// `author`.
    public var author: GitHubCommitter = GitHubCommitter()
    /// `committer`.
    public var committer: GitHubCommitter = GitHubCommitter()

    /// Creates a commit with empty values.
    public init() {}

    /// Creates a commit for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        treeId <- map["tree_id"]
        message <- map["message"]
        timestamp <- (map["timestamp"], GitHubDates.transform)
        author <- map["author"]
        committer <- map["committer"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, message, timestamp, author, committer, treeId = "tree_id"
    }
}
