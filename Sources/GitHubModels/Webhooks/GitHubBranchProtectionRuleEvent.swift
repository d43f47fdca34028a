import YajlMapper

/// The `branch_protection_rule` webhook's payload: a rule created, edited or deleted.
public struct GitHubBranchProtectionRuleEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `edited`, `deleted`.
    public var action: String = ""
    /// `rule`.
    public var rule: GitHubBranchProtectionRule = GitHubBranchProtectionRule()
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
        rule <- map["rule"]
        repository <- map["repository"]
        sender <- map["sender"]
    }
}
