import YajlMapper

/// The `projects_v2_item` webhook's payload: a project's item created, edited, archived, ...
public struct GitHubProjectsV2ItemEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `archived`, `restored`, `converted`, `reordered`, `deleted`.
    public var action: String = ""
    /// `projects_v2_item`.
    public var projectsV2Item: GitHubProjectsV2Item = GitHubProjectsV2Item()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        projectsV2Item <- map["projects_v2_item"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, sender, projectsV2Item = "projects_v2_item"
    }
}
