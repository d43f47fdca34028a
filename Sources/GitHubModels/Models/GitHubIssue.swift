import Foundation
import YajlMapper

/// An issue (or a pull request seen as an issue), as `GET /repos/{owner}/{repo}/issues`
/// and the `issues` and `issue_comment` webhooks give it.
///
/// Required fields are non-optional; fields the API sends as `null` or leaves out in some
/// payloads (`labels`, `state`, `locked`, `assignee`, `timeline_url`, ...) are optionals.
public struct GitHubIssue: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the issue.
    public var url: String = ""
    /// `repository_url`.
    public var repositoryUrl: String = ""
    /// `labels_url`: a URI template.
    public var labelsUrl: String = ""
    /// `comments_url`.
    public var commentsUrl: String = ""
    /// `events_url`.
    public var eventsUrl: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `number`: its number in the repository.
    public var number: Int = 0
    /// `title`.
    public var title: String = ""
    /// `user`: who opened it.
    public var user: GitHubUser = GitHubUser()
    /// `labels`.
    public var labels: [GitHubLabel]?
    /// `state`: open or closed.
    public var state: GitHubIssueState?
    /// `locked`.
    public var isLocked: Bool?
    /// `assignee`: the first assignee, `null` when none.
    public var assignee: GitHubUser?
    /// `assignees`.
    public var assignees: [GitHubUser] = []
    /// `milestone`, `null` when none.
    public var milestone: GitHubMilestone?
    /// `comments`: how many.
    public var comments: Int = 0
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `closed_at`, `null` while open.
    public var closedAt: Date?
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `active_lock_reason` (`resolved`, `off-topic`, `too heated`, `spam`), `null` when unlocked.
    public var activeLockReason: String?
    /// `draft` (pull requests only).
    public var isDraft: Bool?
    /// `body`, `null` when empty.
    public var body: String?
    /// `reactions`.
    public var reactions: GitHubReactions = GitHubReactions()
    /// `timeline_url`.
    public var timelineUrl: String?
    /// `state_reason` (`completed`, `not_planned`, `reopened`), `null` when none.
    public var stateReason: String?

    /// Creates an issue with empty values.
    public init() {}

    /// Creates an empty issue for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the issue's fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        repositoryUrl <- map["repository_url"]
        labelsUrl <- map["labels_url"]
        commentsUrl <- map["comments_url"]
        eventsUrl <- map["events_url"]
        htmlUrl <- map["html_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        number <- map["number"]
        title <- map["title"]
        user <- map["user"]
        labels <- map["labels"]
        state <- map["state"]
        isLocked <- map["locked"]
        assignee <- map["assignee"]
        assignees <- map["assignees"]
        milestone <- map["milestone"]
        comments <- map["comments"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        closedAt <- (map["closed_at"], GitHubDates.transform)
        authorAssociation <- map["author_association"]
        activeLockReason <- map["active_lock_reason"]
        isDraft <- map["draft"]
        body <- map["body"]
        reactions <- map["reactions"]
        timelineUrl <- map["timeline_url"]
        stateReason <- map["state_reason"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, number, title, user, labels, state, assignee, assignees, milestone, comments, body, reactions
        case repositoryUrl = "repository_url", labelsUrl = "labels_url", commentsUrl = "comments_url"
        case eventsUrl = "events_url", htmlUrl = "html_url", nodeId = "node_id", isLocked = "locked"
        case createdAt = "created_at", updatedAt = "updated_at", closedAt = "closed_at"
        case authorAssociation = "author_association", activeLockReason = "active_lock_reason", isDraft = "draft"
        case timelineUrl = "timeline_url", stateReason = "state_reason"
    }
}
