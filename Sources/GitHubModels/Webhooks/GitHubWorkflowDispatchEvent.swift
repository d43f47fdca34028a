import YajlMapper

/// The `workflow_dispatch` webhook's payload: a workflow run asked for by hand or through the API.
public struct GitHubWorkflowDispatchEvent: GitHubWebhookEventModel {
    /// `inputs`: the workflow's inputs, `null` when none.
    public var inputs: JSON?
    /// `ref`: the branch or tag run on.
    public var ref: String = ""
    /// `workflow`: the workflow's file.
    public var workflow: String = ""
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
        inputs <- map["inputs"]
        ref <- map["ref"]
        workflow <- map["workflow"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
