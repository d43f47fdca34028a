import YajlMapper

/// The `gollum` webhook's payload: wiki pages created or edited.
public struct GitHubGollumEvent: GitHubWebhookEventModel {
    /// `pages`.
    public var pages: [GitHubWikiPage] = []
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
        pages <- map["pages"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
