import YajlMapper

/// The `dependabot_alert` webhook's payload: an alert created, dismissed, fixed, ...
public struct GitHubDependabotAlertEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `dismissed`, `reopened`, `fixed`, `reintroduced`, `auto_dismissed`, `auto_reopened`.
    public var action: String = ""
    /// `alert`.
    public var alert: GitHubDependabotAlert = GitHubDependabotAlert()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it (GitHub itself for an alert).
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        alert <- map["alert"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
