import YajlMapper

/// The `repository_dispatch` webhook's payload: an event an app or a user asked the repository for.
public struct GitHubRepositoryDispatchEvent: GitHubWebhookEventModel {
    /// `action`: the event type asked for.
    public var action: String = ""
    /// `branch`: the default branch.
    public var branch: String = ""
    /// `client_payload`: what was sent, as it came.
    public var clientPayload: JSON = [:]
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
        branch <- map["branch"]
        clientPayload <- map["client_payload"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, branch, repository, sender, clientPayload = "client_payload"
    }
}
