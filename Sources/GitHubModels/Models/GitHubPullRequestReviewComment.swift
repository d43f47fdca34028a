import Foundation
import YajlMapper

/// A comment on a line (or a file) of a pull request's diff.
public struct GitHubPullRequestReviewComment: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the comment.
    public var url: String = ""
    /// `pull_request_review_id`: its review.
    public var pullRequestReviewId: Int64 = 0
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `diff_hunk`: the diff around the line.
    public var diffHunk: String = ""
    /// `path`: the file.
    public var path: String = ""
    /// `position`: the line in the diff, `null` when outdated.
    public var position: Int?
    /// `original_position`.
    public var originalPosition: Int = 0
    /// `commit_id`.
    public var commitId: String = ""
    /// `original_commit_id`.
    public var originalCommitId: String = ""
    /// `user`: who wrote it.
    public var user: GitHubUser = GitHubUser()
    /// `body`.
    public var body: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `html_url`: its place on github.com.
    public var htmlUrl: String = ""
    /// `pull_request_url`.
    public var pullRequestUrl: String = ""
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `reactions`.
    public var reactions: GitHubReactions = GitHubReactions()
    /// `start_line`: the first line of a multi-line comment, `null` otherwise.
    public var startLine: Int?
    /// `original_start_line`.
    public var originalStartLine: Int?
    /// `start_side`: `LEFT` or `RIGHT`, `null` for one line.
    public var startSide: String?
    /// `line`: the last line commented on, `null` when outdated.
    public var line: Int?
    /// `original_line`.
    public var originalLine: Int = 0
    /// `side`: `LEFT` (the base) or `RIGHT` (the head).
    public var side: String = ""
    /// `in_reply_to_id`: the comment it answers.
    public var inReplyToId: Int64?
    /// `subject_type`: `line` or `file`.
    public var subjectType: String?

    /// Creates a comment with empty values.
    public init() {}

    /// Creates a comment for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        pullRequestReviewId <- map["pull_request_review_id"]
        id <- map["id"]
        nodeId <- map["node_id"]
        diffHunk <- map["diff_hunk"]
        path <- map["path"]
        position <- map["position"]
        originalPosition <- map["original_position"]
        commitId <- map["commit_id"]
        originalCommitId <- map["original_commit_id"]
        user <- map["user"]
        body <- map["body"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        htmlUrl <- map["html_url"]
        pullRequestUrl <- map["pull_request_url"]
        authorAssociation <- map["author_association"]
        reactions <- map["reactions"]
        startLine <- map["start_line"]
        originalStartLine <- map["original_start_line"]
        startSide <- map["start_side"]
        line <- map["line"]
        originalLine <- map["original_line"]
        side <- map["side"]
        inReplyToId <- map["in_reply_to_id"]
        subjectType <- map["subject_type"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, path, position, user, body, reactions, line, side
        case pullRequestReviewId = "pull_request_review_id", nodeId = "node_id", diffHunk = "diff_hunk"
        case originalPosition = "original_position", commitId = "commit_id", originalCommitId = "original_commit_id"
        case createdAt = "created_at", updatedAt = "updated_at", htmlUrl = "html_url"
        case pullRequestUrl = "pull_request_url", authorAssociation = "author_association", startLine = "start_line"
        case originalStartLine = "original_start_line", startSide = "start_side", originalLine = "original_line"
        case inReplyToId = "in_reply_to_id", subjectType = "subject_type"
    }
}
