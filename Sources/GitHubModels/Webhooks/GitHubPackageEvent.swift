import YajlMapper

/// The `package` webhook's payload: a package published or updated.
public struct GitHubPackageEvent: GitHubWebhookEventModel {
    /// `action`: `published`, `updated`.
    public var action: String = ""
    /// `package`.
    public var package: GitHubPackage = GitHubPackage()
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
        package <- map["package"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
