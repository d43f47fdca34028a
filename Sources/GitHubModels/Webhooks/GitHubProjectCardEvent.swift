import YajlMapper

/// The `project_card` webhook's payload: a card created, edited, moved, converted or deleted.
public struct GitHubProjectCardEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `moved`, `converted`, `deleted`.
    public var action: String = ""
    /// `project_card`.
    public var projectCard: GitHubProjectCard = GitHubProjectCard()
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
        projectCard <- map["project_card"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, projectCard = "project_card"
    }
}
