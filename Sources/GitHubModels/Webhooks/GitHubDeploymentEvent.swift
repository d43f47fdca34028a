import YajlMapper

/// The `deployment` webhook's payload: a deployment created.
public struct GitHubDeploymentEvent: GitHubWebhookEventModel {
    /// `action`: `created`.
    public var action: String = ""
    /// `deployment`.
    public var deployment: GitHubDeployment = GitHubDeployment()
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
        deployment <- map["deployment"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
