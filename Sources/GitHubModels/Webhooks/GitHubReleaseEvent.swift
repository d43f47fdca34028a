import YajlMapper

/// The `release` webhook's payload: a release created, published, edited, deleted, ...
public struct GitHubReleaseEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `published`, `released`, `prereleased`, `edited`, `unpublished`,
    /// `deleted`, or one added since.
    public var action: String = ""
    /// `release`.
    public var release: GitHubRelease = GitHubRelease()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        release <- map["release"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
