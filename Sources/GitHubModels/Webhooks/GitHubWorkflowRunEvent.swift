import YajlMapper

/// The `workflow_run` webhook's payload: a GitHub Actions run requested, in progress or completed.
public struct GitHubWorkflowRunEvent: GitHubWebhookEventModel {
    /// `action`: `requested`, `in_progress`, `completed`, or one added since.
    public var action: String = ""
    /// `workflow`.
    public var workflow: GitHubWorkflow = GitHubWorkflow()
    /// `workflow_run`.
    public var workflowRun: GitHubWorkflowRun = GitHubWorkflowRun()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        workflow <- map["workflow"]
        workflowRun <- map["workflow_run"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, workflow, repository, sender, workflowRun = "workflow_run"
    }
}
