import YajlMapper

/// The `repository_import` webhook's payload: an import into a repository ended.
public struct GitHubRepositoryImportEvent: GitHubWebhookEventModel {
    /// `status`: `success`, `cancelled` or `failure`.
    public var status: String = ""
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
        status <- map["status"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
