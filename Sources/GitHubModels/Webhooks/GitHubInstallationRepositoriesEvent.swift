import YajlMapper

/// The `installation_repositories` webhook's payload: repositories added to an app's installation or removed.
public struct GitHubInstallationRepositoriesEvent: GitHubWebhookEventModel {
    /// `action`: `added`, `removed`.
    public var action: String = ""
    /// `installation`.
    public var installation: GitHubInstallation = GitHubInstallation()
    /// `repository_selection`: `all` or `selected`.
    public var repositorySelection: String = ""
    /// `repositories_added`.
    public var repositoriesAdded: [GitHubInstallationRepository] = []
    /// `repositories_removed`.
    public var repositoriesRemoved: [GitHubInstallationRepository] = []
    /// `requester`, `null` when none.
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
        repositorySelection <- map["repository_selection"]
        repositoriesAdded <- map["repositories_added"]
        repositoriesRemoved <- map["repositories_removed"]
        requester <- map["requester"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, installation, requester, sender, repositorySelection = "repository_selection"
        case repositoriesAdded = "repositories_added", repositoriesRemoved = "repositories_removed"
    }
}
