import YajlMapper

/// The `meta` webhook's payload: the webhook itself deleted.
public struct GitHubMetaEvent: GitHubWebhookEventModel {
    /// `action`: `deleted`.
    public var action: String = ""
    /// `hook_id`.
    public var hookId: Int64 = 0
    /// `hook`: the hook's settings.
    public var hook: GitHubHook = GitHubHook()
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
        hookId <- map["hook_id"]
        hook <- map["hook"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, hook, repository, sender, hookId = "hook_id"
    }
}
