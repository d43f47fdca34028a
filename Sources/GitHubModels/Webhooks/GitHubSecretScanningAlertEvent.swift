import YajlMapper

/// The `secret_scanning_alert` webhook's payload: an alert created, resolved or reopened.
public struct GitHubSecretScanningAlertEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `resolved`, `reopened`, `revoked`.
    public var action: String = ""
    /// `alert`.
    public var alert: GitHubSecretScanningAlert = GitHubSecretScanningAlert()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        alert <- map["alert"]
        repository <- map["repository"]
    }
}
