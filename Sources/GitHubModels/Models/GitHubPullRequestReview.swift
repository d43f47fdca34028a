import Foundation
import YajlMapper

/// A review of a pull request.
public struct GitHubPullRequestReview: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `user`: the reviewer.
    public var user: GitHubUser = GitHubUser()
    /// `body`, `null` when empty.
    public var body: String?
    /// `commit_id`: the commit reviewed.
    public var commitId: String = ""
    /// `submitted_at`, `null` while pending.
    public var submittedAt: Date?
    /// `state`: `approved`, `changes_requested`, `commented`, `dismissed` (upper case in the REST API).
    public var state: String = ""
    /// `html_url`: its place on github.com.
    public var htmlUrl: String = ""
    /// `pull_request_url`.
    public var pullRequestUrl: String = ""
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none

    /// Creates a review with empty values.
    public init() {}

    /// Creates a review for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        user <- map["user"]
        body <- map["body"]
        commitId <- map["commit_id"]
        submittedAt <- (map["submitted_at"], GitHubDates.transform)
        state <- map["state"]
        htmlUrl <- map["html_url"]
        pullRequestUrl <- map["pull_request_url"]
        authorAssociation <- map["author_association"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, user, body, state, nodeId = "node_id", commitId = "commit_id", submittedAt = "submitted_at"
        case htmlUrl = "html_url", pullRequestUrl = "pull_request_url", authorAssociation = "author_association"
    }
}
