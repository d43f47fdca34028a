import YajlMapper

/// The `deployment_status` webhook's payload: a deployment's status created.
public struct GitHubDeploymentStatusEvent: GitHubWebhookEventModel {
    /// `action`: `created`.
    public var action: String = ""
    /// `deployment_status`.
    public var deploymentStatus: GitHubDeploymentStatus = GitHubDeploymentStatus()
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
        deploymentStatus <- map["deployment_status"]
        deployment <- map["deployment"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, deployment, repository, sender, deploymentStatus = "deployment_status"
    }
}
