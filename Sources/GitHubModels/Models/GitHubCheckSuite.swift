import Foundation
import YajlMapper

/// A check suite: the check runs one app made for one commit.
public struct GitHubCheckSuite: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String?
    /// `head_branch`, `null` for a commit on no branch.
    public var headBranch: String?
    /// `head_sha`: the commit checked.
    public var headSha: String = ""
    /// `status`: `requested`, `queued`, `in_progress`, `completed`.
    public var status: String?
    /// `conclusion`: `success`, `failure`, `neutral`, `cancelled`, ..., `null` until completed.
    public var conclusion: String?
    /// `url`: the API URL of the suite.
    public var url: String = ""
    /// `before`: the SHA before the push that made it.
    public var before: String?
    /// `after`: the SHA after it.
    public var after: String?
    /// `pull_requests`: the open ones whose head is the commit.
    public var pullRequests: [GitHubCheckPullRequest] = []
    /// `app`: the app that runs it.
    public var app: GitHubApp = GitHubApp()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `latest_check_runs_count`.
    public var latestCheckRunsCount: Int?
    /// `check_runs_url`.
    public var checkRunsUrl: String?
    /// `head_commit`.
    public var headCommit: GitHubSimpleCommit?
    /// `rerequestable`.
    public var isRerequestable: Bool?
    /// `runs_rerequestable`.
    public var runsRerequestable: Bool?

    /// Creates a check suite with empty values.
    public init() {}

    /// Creates a check suite for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        headBranch <- map["head_branch"]
        headSha <- map["head_sha"]
        status <- map["status"]
        conclusion <- map["conclusion"]
        url <- map["url"]
        before <- map["before"]
        after <- map["after"]
        pullRequests <- map["pull_requests"]
        app <- map["app"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        latestCheckRunsCount <- map["latest_check_runs_count"]
        checkRunsUrl <- map["check_runs_url"]
        headCommit <- map["head_commit"]
        isRerequestable <- map["rerequestable"]
        runsRerequestable <- map["runs_rerequestable"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, status, conclusion, url, before, after, app, nodeId = "node_id", headBranch = "head_branch"
        case headSha = "head_sha", pullRequests = "pull_requests", createdAt = "created_at"
        case updatedAt = "updated_at", latestCheckRunsCount = "latest_check_runs_count"
        case checkRunsUrl = "check_runs_url", headCommit = "head_commit", isRerequestable = "rerequestable"
        case runsRerequestable = "runs_rerequestable"
    }
}
