import YajlMapper

/// The `deploy_key` webhook's payload: a deploy key created or deleted.
public struct GitHubDeployKeyEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `deleted`.
    public var action: String = ""
    /// `key`.
    public var key: GitHubDeployKey = GitHubDeployKey()
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
        key <- map["key"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
