import YajlMapper

/// The `label` webhook's payload: a repository's label created, edited or deleted.
public struct GitHubLabelEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`.
    public var action: String = ""
    /// `label`.
    public var label: GitHubLabel = GitHubLabel()
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
        label <- map["label"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
