import YajlMapper

/// The `member` webhook's payload: a collaborator added to a repository, edited or removed.
public struct GitHubMemberEvent: GitHubWebhookEventModel {
    /// `action`: `added`, `edited`, `removed`.
    public var action: String = ""
    /// `member`: the collaborator.
    public var member: GitHubUser = GitHubUser()
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
        member <- map["member"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
