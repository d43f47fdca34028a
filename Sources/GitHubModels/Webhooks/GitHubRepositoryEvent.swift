import YajlMapper

/// The `repository` webhook's payload: a repository created, renamed, archived, made public, ...
public struct GitHubRepositoryEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `deleted`, `archived`, `unarchived`, `edited`, `renamed`, `transferred`, `publicized`, `privatized`.
    public var action: String = ""
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
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
