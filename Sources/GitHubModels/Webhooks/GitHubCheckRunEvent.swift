import YajlMapper

/// The `check_run` webhook's payload: a check run created, completed, re-requested, or one of its actions asked for.
public struct GitHubCheckRunEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `completed`, `rerequested`, `requested_action`, or one added since.
    public var action: String = ""
    /// `check_run`.
    public var checkRun: GitHubCheckRun = GitHubCheckRun()
    /// `requested_action`: the action asked for (its `identifier`), `requested_action` only.
    public var requestedAction: JSON?
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
        checkRun <- map["check_run"]
        requestedAction <- map["requested_action"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, checkRun = "check_run", requestedAction = "requested_action"
    }
}
