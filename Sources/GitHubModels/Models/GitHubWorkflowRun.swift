import Foundation
import YajlMapper

/// A run of a GitHub Actions workflow, as `GET /repos/{owner}/{repo}/actions/runs` and the
/// `workflow_run` webhook give it.
public struct GitHubWorkflowRun: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `name`: the workflow's.
    public var name: String = ""
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `head_branch`.
    public var headBranch: String = ""
    /// `head_sha`: the commit run on.
    public var headSha: String = ""
    /// `path`: the workflow's file.
    public var path: String = ""
    /// `display_title`: what the run list shows.
    public var displayTitle: String = ""
    /// `run_number`: its number in the workflow.
    public var runNumber: Int = 0
    /// `run_attempt`: 1, then one more for each re-run.
    public var runAttempt: Int = 0
    /// `event`: what started it (`push`, `pull_request`, `schedule`, ...).
    public var event: String = ""
    /// `status`: `requested`, `queued`, `in_progress`, `waiting`, `completed`.
    public var status: String = ""
    /// `conclusion`: `success`, `failure`, `cancelled`, `skipped`, ..., `null` until completed.
    public var conclusion: String?
    /// `workflow_id`.
    public var workflowId: Int64 = 0
    /// `check_suite_id`.
    public var checkSuiteId: Int64 = 0
    /// `check_suite_node_id`.
    public var checkSuiteNodeId: String = ""
    /// `url`: the API URL of the run.
    public var url: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `pull_requests`.
    public var pullRequests: [GitHubCheckPullRequest] = []
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `run_started_at`: when this attempt started.
    public var runStartedAt: Date = Date(timeIntervalSince1970: 0)
    /// `actor`: who started the first attempt.
    public var actor: GitHubUser = GitHubUser()
    /// `triggering_actor`: who started this one.
    public var triggeringActor: GitHubUser = GitHubUser()
    /// `jobs_url`.
    public var jobsUrl: String = ""
    /// `logs_url`.
    public var logsUrl: String = ""
    /// `check_suite_url`.
    public var checkSuiteUrl: String = ""
    /// `artifacts_url`.
    public var artifactsUrl: String = ""
    /// `cancel_url`.
    public var cancelUrl: String = ""
    /// `rerun_url`.
    public var rerunUrl: String = ""
    /// `previous_attempt_url`, `null` for a first attempt.
    public var previousAttemptUrl: String?
    /// `workflow_url`.
    public var workflowUrl: String = ""
    /// `head_commit`.
    public var headCommit: GitHubSimpleCommit = GitHubSimpleCommit()

    /// Creates a run with empty values.
    public init() {}

    /// Creates a run for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        nodeId <- map["node_id"]
        headBranch <- map["head_branch"]
        headSha <- map["head_sha"]
        path <- map["path"]
        displayTitle <- map["display_title"]
        runNumber <- map["run_number"]
        runAttempt <- map["run_attempt"]
        event <- map["event"]
        status <- map["status"]
        conclusion <- map["conclusion"]
        workflowId <- map["workflow_id"]
        checkSuiteId <- map["check_suite_id"]
        checkSuiteNodeId <- map["check_suite_node_id"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        pullRequests <- map["pull_requests"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        runStartedAt <- (map["run_started_at"], GitHubDates.transform)
        actor <- map["actor"]
        triggeringActor <- map["triggering_actor"]
        jobsUrl <- map["jobs_url"]
        logsUrl <- map["logs_url"]
        checkSuiteUrl <- map["check_suite_url"]
        artifactsUrl <- map["artifacts_url"]
        cancelUrl <- map["cancel_url"]
        rerunUrl <- map["rerun_url"]
        previousAttemptUrl <- map["previous_attempt_url"]
        workflowUrl <- map["workflow_url"]
        headCommit <- map["head_commit"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, path, event, status, conclusion, url, actor, nodeId = "node_id", headBranch = "head_branch"
        case headSha = "head_sha", displayTitle = "display_title", runNumber = "run_number"
        case runAttempt = "run_attempt", workflowId = "workflow_id", checkSuiteId = "check_suite_id"
        case checkSuiteNodeId = "check_suite_node_id", htmlUrl = "html_url", pullRequests = "pull_requests"
        case createdAt = "created_at", updatedAt = "updated_at", runStartedAt = "run_started_at"
        case triggeringActor = "triggering_actor", jobsUrl = "jobs_url", logsUrl = "logs_url"
        case checkSuiteUrl = "check_suite_url", artifactsUrl = "artifacts_url", cancelUrl = "cancel_url"
        case rerunUrl = "rerun_url", previousAttemptUrl = "previous_attempt_url", workflowUrl = "workflow_url"
        case headCommit = "head_commit"
    }
}
