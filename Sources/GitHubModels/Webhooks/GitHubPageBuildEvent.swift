import YajlMapper

/// The `page_build` webhook's payload: a GitHub Pages build ended.
public struct GitHubPageBuildEvent: GitHubWebhookEventModel {
    /// `id`: the build's.
    public var id: Int64 = 0
    /// `build`.
    public var build: GitHubPageBuild = GitHubPageBuild()
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
        id <- map["id"]
        build <- map["build"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
