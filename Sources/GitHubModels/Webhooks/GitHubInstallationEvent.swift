import YajlMapper

/// The `installation` webhook's payload: a GitHub App installed, uninstalled, suspended, ...
public struct GitHubInstallationEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `deleted`, `suspend`, `unsuspend`, `new_permissions_accepted`.
    public var action: String = ""
    /// `installation`.
    public var installation: GitHubInstallation = GitHubInstallation()
    /// `repositories`: those it can reach, when selected.
    public var repositories: [GitHubInstallationRepository]?
    /// `requester`.
    public var requester: GitHubUser?
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        installation <- map["installation"]
        repositories <- map["repositories"]
        requester <- map["requester"]
        sender <- map["sender"]
    }
}
