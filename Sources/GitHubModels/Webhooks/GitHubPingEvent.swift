import YajlMapper

/// The `ping` webhook's payload, sent when a webhook is created.
public struct GitHubPingEvent: GitHubWebhookEventModel {
    /// `zen`: a random saying.
    public var zen: String = ""
    /// `hook_id`: the hook's id.
    public var hookId: Int64 = 0
    /// `hook`: the hook's settings.
    public var hook: GitHubHook = GitHubHook()
    /// `repository` (a repository's hook only).
    public var repository: GitHubRepository?
    /// `sender`: who created the hook (absent for an app's).
    public var sender: GitHubUser?

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        zen <- map["zen"]
        hookId <- map["hook_id"]
        hook <- map["hook"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case zen, hook, repository, sender
        case hookId = "hook_id"
    }
}
