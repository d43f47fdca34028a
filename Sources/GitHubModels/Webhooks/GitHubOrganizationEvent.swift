import YajlMapper

/// The `organization` webhook's payload: an organization renamed or deleted, or a member added, invited or removed.
public struct GitHubOrganizationEvent: GitHubWebhookEventModel {
    /// `action`: `deleted`, `renamed`, `member_added`, `member_removed`, `member_invited`.
    public var action: String = ""
    /// `membership` (the member actions).
    public var membership: GitHubMembership?
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()
    /// `organization`.
    public var organization: GitHubOrganization = GitHubOrganization()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        membership <- map["membership"]
        sender <- map["sender"]
        organization <- map["organization"]
    }
}
