import YajlMapper

/// The `security_advisory` webhook's payload: an advisory published, updated or withdrawn.
public struct GitHubSecurityAdvisoryEvent: GitHubWebhookEventModel {
    /// `action`: `published`, `updated`, `performed`, `withdrawn`.
    public var action: String = ""
    /// `security_advisory`.
    public var securityAdvisory: GitHubSecurityAdvisory = GitHubSecurityAdvisory()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        securityAdvisory <- map["security_advisory"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, securityAdvisory = "security_advisory"
    }
}
