import YajlMapper

/// The `project_column` webhook's payload: a column created, edited, moved or deleted.
public struct GitHubProjectColumnEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `moved`, `deleted`.
    public var action: String = ""
    /// `project_column`.
    public var projectColumn: GitHubProjectColumn = GitHubProjectColumn()
    /// `repository` (a repository's project only).
    public var repository: GitHubRepository?
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        projectColumn <- map["project_column"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, projectColumn = "project_column"
    }
}
