import Foundation
import YajlMapper

/// A job of a GitHub Actions run, with its steps.
public struct GitHubWorkflowJob: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `run_id`: its run's id.
    public var runId: Int64 = 0
    /// `run_attempt`.
    public var runAttempt: Int = 0
    /// `run_url`.
    public var runUrl: String = ""
    /// `head_sha`.
    public var headSha: String = ""
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`.
    public var name: String = ""
    /// `check_run_url`.
    public var checkRunUrl: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `url`: the API URL of the job.
    public var url: String = ""
    /// `status`: `queued`, `in_progress`, `completed`, `waiting`.
    public var status: String = ""
    /// `steps`.
    public var steps: [GitHubWorkflowStep] = []
    /// `conclusion`, `null` until completed.
    public var conclusion: String?
    /// `labels`: the runner labels it asked for.
    public var labels: [String] = []
    /// `runner_id`, `null` until a runner takes it.
    public var runnerId: Int64?
    /// `runner_name`.
    public var runnerName: String?
    /// `runner_group_id`.
    public var runnerGroupId: Int64?
    /// `runner_group_name`.
    public var runnerGroupName: String?
    /// `started_at`.
    public var startedAt: Date = Date(timeIntervalSince1970: 0)
    /// `completed_at`, `null` until completed.
    public var completedAt: Date?
    /// `workflow_name`.
    public var workflowName: String?
    /// `head_branch`.
    public var headBranch: String?
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)

    /// Creates a job with empty values.
    public init() {}

    /// Creates a job for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        runId <- map["run_id"]
        runAttempt <- map["run_attempt"]
        runUrl <- map["run_url"]
        headSha <- map["head_sha"]
        nodeId <- map["node_id"]
        name <- map["name"]
        checkRunUrl <- map["check_run_url"]
        htmlUrl <- map["html_url"]
        url <- map["url"]
        status <- map["status"]
        steps <- map["steps"]
        conclusion <- map["conclusion"]
        labels <- map["labels"]
        runnerId <- map["runner_id"]
        runnerName <- map["runner_name"]
        runnerGroupId <- map["runner_group_id"]
        runnerGroupName <- map["runner_group_name"]
        startedAt <- (map["started_at"], GitHubDates.transform)
        completedAt <- (map["completed_at"], GitHubDates.transform)
        workflowName <- map["workflow_name"]
        headBranch <- map["head_branch"]
        createdAt <- (map["created_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, url, status, steps, conclusion, labels, runId = "run_id", runAttempt = "run_attempt"
        case runUrl = "run_url", headSha = "head_sha", nodeId = "node_id", checkRunUrl = "check_run_url"
        case htmlUrl = "html_url", runnerId = "runner_id", runnerName = "runner_name"
        case runnerGroupId = "runner_group_id", runnerGroupName = "runner_group_name", startedAt = "started_at"
        case completedAt = "completed_at", workflowName = "workflow_name", headBranch = "head_branch"
        case createdAt = "created_at"
    }
}
