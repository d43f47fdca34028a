import YajlMapper

/// The `public` webhook's payload: a private repository made public.
public struct GitHubPublicEvent: GitHubWebhookEventModel {
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
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
