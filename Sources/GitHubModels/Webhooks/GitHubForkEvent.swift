import YajlMapper

/// The `fork` webhook's payload: a repository forked.
public struct GitHubForkEvent: GitHubWebhookEventModel {
    /// `forkee`: the new fork.
    public var forkee: GitHubRepository = GitHubRepository()
    /// `repository`: the one forked.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who forked it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        forkee <- map["forkee"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
