import Foundation
import YajlMapper

/// A discussion of a repository.
public struct GitHubDiscussion: Mappable, Codable, Equatable, Sendable {
    /// `repository_url`.
    public var repositoryUrl: String = ""
    /// `category`.
    public var category: GitHubDiscussionCategory = GitHubDiscussionCategory()
    /// `answer_html_url`, `null` until answered.
    public var answerHtmlUrl: String?
    /// `answer_chosen_at`.
    public var answerChosenAt: Date?
    /// `answer_chosen_by`.
    public var answerChosenBy: GitHubUser?
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `number`.
    public var number: Int = 0
    /// `title`.
    public var title: String = ""
    /// `user`: who started it.
    public var user: GitHubUser = GitHubUser()
    /// `state`: `open`, `closed`, `locked`, ...
    public var state: String = ""
    /// `locked`.
    public var isLocked: Bool = false
    /// `comments`.
    public var comments: Int = 0
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `active_lock_reason`.
    public var activeLockReason: String?
    /// `body`.
    public var body: String = ""
    /// `reactions`.
    public var reactions: GitHubReactions?

    /// Creates a discussion with empty values.
    public init() {}

    /// Creates a discussion for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        repositoryUrl <- map["repository_url"]
        category <- map["category"]
        answerHtmlUrl <- map["answer_html_url"]
        answerChosenAt <- (map["answer_chosen_at"], GitHubDates.transform)
        answerChosenBy <- map["answer_chosen_by"]
        htmlUrl <- map["html_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        number <- map["number"]
        title <- map["title"]
        user <- map["user"]
        state <- map["state"]
        isLocked <- map["locked"]
        comments <- map["comments"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        authorAssociation <- map["author_association"]
        activeLockReason <- map["active_lock_reason"]
        body <- map["body"]
        reactions <- map["reactions"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case category, id, number, title, user, state, comments, body, reactions, repositoryUrl = "repository_url"
        case answerHtmlUrl = "answer_html_url", answerChosenAt = "answer_chosen_at"
        case answerChosenBy = "answer_chosen_by", htmlUrl = "html_url", nodeId = "node_id", isLocked = "locked"
        case createdAt = "created_at", updatedAt = "updated_at", authorAssociation = "author_association"
        case activeLockReason = "active_lock_reason"
    }
}
