import Foundation
import YajlMapper

/// A check run: one check (a CI job, a linter, ...) on one commit.
public struct GitHubCheckRun: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String?
    /// `head_sha`: the commit checked.
    public var headSha: String = ""
    /// `external_id`: the app's own id for it.
    public var externalId: String = ""
    /// `url`: the API URL of the run.
    public var url: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `details_url`: the app's page for it.
    public var detailsUrl: String?
    /// `status`: `queued`, `in_progress`, `completed`, `waiting`.
    public var status: String = ""
    /// `conclusion`: `success`, `failure`, `neutral`, `cancelled`, `skipped`, ..., `null` until completed.
    public var conclusion: String?
    /// `started_at`.
    public var startedAt: Date = Date(timeIntervalSince1970: 0)
    /// `completed_at`, `null` until completed.
    public var completedAt: Date?
    /// `output`.
    public var output: GitHubCheckRunOutput = GitHubCheckRunOutput()
    /// `name`.
    public var name: String = ""
    /// `check_suite`: the suite it belongs to.
    public var checkSuite: GitHubCheckSuite = GitHubCheckSuite()
    /// `app`: the app that runs it.
    public var app: GitHubApp = GitHubApp()
    /// `pull_requests`.
    public var pullRequests: [GitHubCheckPullRequest] = []

    /// Creates a check run with empty values.
    public init() {}

    /// Creates a check run for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        headSha <- map["head_sha"]
        externalId <- map["external_id"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        detailsUrl <- map["details_url"]
        status <- map["status"]
        conclusion <- map["conclusion"]
        startedAt <- (map["started_at"], GitHubDates.transform)
        completedAt <- (map["completed_at"], GitHubDates.transform)
        output <- map["output"]
        name <- map["name"]
        checkSuite <- map["check_suite"]
        app <- map["app"]
        pullRequests <- map["pull_requests"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, url, status, conclusion, output, name, app, nodeId = "node_id", headSha = "head_sha"
        case externalId = "external_id", htmlUrl = "html_url", detailsUrl = "details_url", startedAt = "started_at"
        case completedAt = "completed_at", checkSuite = "check_suite", pullRequests = "pull_requests"
    }
}
