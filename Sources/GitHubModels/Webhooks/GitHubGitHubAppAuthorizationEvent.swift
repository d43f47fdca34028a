import YajlMapper

/// The `github_app_authorization` webhook's payload: a user revoked a GitHub App's authorization.
public struct GitHubGitHubAppAuthorizationEvent: GitHubWebhookEventModel {
    /// `action`: `revoked`.
    public var action: String = ""
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        sender <- map["sender"]
    }
}
