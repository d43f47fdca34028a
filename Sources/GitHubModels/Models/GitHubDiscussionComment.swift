import Foundation
import YajlMapper

/// A comment on a discussion (or the one chosen as its answer).
public struct GitHubDiscussionComment: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `parent_id`: the comment it answers, `null` for a top-level one.
    public var parentId: Int64?
    /// `child_comment_count`.
    public var childCommentCount: Int = 0
    /// `repository_url`.
    public var repositoryUrl: String = ""
    /// `discussion_id`.
    public var discussionId: Int64 = 0
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `user`.
    public var user: GitHubUser = GitHubUser()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `body`.
    public var body: String = ""
    /// `reactions` (left out of an answer).
    public var reactions: GitHubReactions?

    /// Creates a comment with empty values.
    public init() {}

    /// Creates a comment for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        htmlUrl <- map["html_url"]
        parentId <- map["parent_id"]
        childCommentCount <- map["child_comment_count"]
        repositoryUrl <- map["repository_url"]
        discussionId <- map["discussion_id"]
        authorAssociation <- map["author_association"]
        user <- map["user"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        body <- map["body"]
        reactions <- map["reactions"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, user, body, reactions, nodeId = "node_id", htmlUrl = "html_url", parentId = "parent_id"
        case childCommentCount = "child_comment_count", repositoryUrl = "repository_url"
        case discussionId = "discussion_id", authorAssociation = "author_association", createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
