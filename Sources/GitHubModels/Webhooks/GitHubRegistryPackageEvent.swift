import YajlMapper

/// The `registry_package` webhook's payload: a package published or updated (the older form of `package`).
public struct GitHubRegistryPackageEvent: GitHubWebhookEventModel {
    /// `action`: `published`, `updated`.
    public var action: String = ""
    /// `registry_package`.
    public var registryPackage: GitHubPackage = GitHubPackage()
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
        registryPackage <- map["registry_package"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, registryPackage = "registry_package"
    }
}
