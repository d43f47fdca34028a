import YajlMapper

/// The `watch` webhook's payload: a repository starred (the event's historical name).
public struct GitHubWatchEvent: GitHubWebhookEventModel {
    /// `action`: `started`.
    public var action: String = ""
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who starred it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
