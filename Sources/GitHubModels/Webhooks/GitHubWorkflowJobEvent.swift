import YajlMapper

/// The `workflow_job` webhook's payload: a GitHub Actions job queued, in progress, waiting or completed.
public struct GitHubWorkflowJobEvent: GitHubWebhookEventModel {
    /// `action`: `queued`, `in_progress`, `waiting`, `completed`.
    public var action: String = ""
    /// `workflow_job`.
    public var workflowJob: GitHubWorkflowJob = GitHubWorkflowJob()
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
        workflowJob <- map["workflow_job"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, workflowJob = "workflow_job"
    }
}
