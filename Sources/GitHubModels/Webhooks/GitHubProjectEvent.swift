import YajlMapper

/// The `project` webhook's payload: a project (classic) created, edited, closed, reopened or deleted.
public struct GitHubProjectEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `closed`, `reopened`, `deleted`.
    public var action: String = ""
    /// `project`.
    public var project: GitHubProject = GitHubProject()
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
        project <- map["project"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
