import Foundation
import YajlMapper

/// A comment on a commit (or on one of its lines).
public struct GitHubCommitComment: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the comment.
    public var url: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `user`: who wrote it.
    public var user: GitHubUser = GitHubUser()
    /// `position`: the line in the diff, `null` for the whole commit.
    public var position: Int?
    /// `line`, `null` for the whole commit.
    public var line: Int?
    /// `path`: the file, `null` for the whole commit.
    public var path: String?
    /// `commit_id`.
    public var commitId: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `body`.
    public var body: String = ""

    /// Creates a comment with empty values.
    public init() {}

    /// Creates a comment for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        htmlUrl <- map["html_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        user <- map["user"]
        position <- map["position"]
        line <- map["line"]
        path <- map["path"]
        commitId <- map["commit_id"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        authorAssociation <- map["author_association"]
        body <- map["body"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, user, position, line, path, body, htmlUrl = "html_url", nodeId = "node_id"
        case commitId = "commit_id", createdAt = "created_at", updatedAt = "updated_at"
        case authorAssociation = "author_association"
    }
}
