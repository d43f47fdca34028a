import Foundation
import YajlMapper

/// A milestone issues and pull requests are grouped under.
public struct GitHubMilestone: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the milestone.
    public var url: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `labels_url`.
    public var labelsUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `number`: its number in the repository.
    public var number: Int = 0
    /// `title`.
    public var title: String = ""
    /// `description`, `null` when there is none.
    public var description: String?
    /// `creator`.
    public var creator: GitHubUser = GitHubUser()
    /// `open_issues`.
    public var openIssues: Int = 0
    /// `closed_issues`.
    public var closedIssues: Int = 0
    /// `state`: open or closed.
    public var state: GitHubIssueState = .open
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `due_on`, `null` without a due date.
    public var dueOn: Date?
    /// `closed_at`, `null` while open.
    public var closedAt: Date?

    /// Creates a milestone with empty values.
    public init() {}

    /// Creates an empty milestone for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the milestone's fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        htmlUrl <- map["html_url"]
        labelsUrl <- map["labels_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        number <- map["number"]
        title <- map["title"]
        description <- map["description"]
        creator <- map["creator"]
        openIssues <- map["open_issues"]
        closedIssues <- map["closed_issues"]
        state <- map["state"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        dueOn <- (map["due_on"], GitHubDates.transform)
        closedAt <- (map["closed_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, number, title, description, creator, state
        case htmlUrl = "html_url", labelsUrl = "labels_url", nodeId = "node_id", openIssues = "open_issues"
        case closedIssues = "closed_issues", createdAt = "created_at", updatedAt = "updated_at", dueOn = "due_on"
        case closedAt = "closed_at"
    }
}
