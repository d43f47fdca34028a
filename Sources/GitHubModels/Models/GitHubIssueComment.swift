import Foundation
import YajlMapper

/// A comment on an issue or pull request, as `GET /repos/{owner}/{repo}/issues/comments`
/// and the `issue_comment` webhook give it.
public struct GitHubIssueComment: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the comment.
    public var url: String = ""
    /// `html_url`: its place on github.com.
    public var htmlUrl: String = ""
    /// `issue_url`: the API URL of its issue.
    public var issueUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `user`: who wrote it.
    public var user: GitHubUser = GitHubUser()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `body`.
    public var body: String = ""
    /// `reactions`.
    public var reactions: GitHubReactions = GitHubReactions()

    /// Creates a comment with empty values.
    public init() {}

    /// Creates an empty comment for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the comment's fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        htmlUrl <- map["html_url"]
        issueUrl <- map["issue_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        user <- map["user"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        authorAssociation <- map["author_association"]
        body <- map["body"]
        reactions <- map["reactions"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, user, body, reactions
        case htmlUrl = "html_url", issueUrl = "issue_url", nodeId = "node_id", createdAt = "created_at"
        case updatedAt = "updated_at", authorAssociation = "author_association"
    }
}
