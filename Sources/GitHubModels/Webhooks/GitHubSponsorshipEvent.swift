import YajlMapper

/// The `sponsorship` webhook's payload: a sponsorship created, changed or cancelled.
public struct GitHubSponsorshipEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `cancelled`, `edited`, `tier_changed`, `pending_cancellation`, `pending_tier_change`.
    public var action: String = ""
    /// `sponsorship`.
    public var sponsorship: GitHubSponsorship = GitHubSponsorship()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        sponsorship <- map["sponsorship"]
        sender <- map["sender"]
    }
}
