import YajlMapper

/// The `check_suite` webhook's payload: a check suite requested, re-requested or completed.
public struct GitHubCheckSuiteEvent: GitHubWebhookEventModel {
    /// `action`: `requested`, `rerequested`, `completed`, or one added since.
    public var action: String = ""
    /// `check_suite`.
    public var checkSuite: GitHubCheckSuite = GitHubCheckSuite()
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
        checkSuite <- map["check_suite"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, checkSuite = "check_suite"
    }
}
