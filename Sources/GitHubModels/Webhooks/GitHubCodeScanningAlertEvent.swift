import YajlMapper

/// The `code_scanning_alert` webhook's payload: an alert created, fixed, reopened, closed, ...
public struct GitHubCodeScanningAlertEvent: GitHubWebhookEventModel {
    /// `action`: `created`, `fixed`, `reopened`, `closed_by_user`, `reopened_by_user`, `appeared_in_branch`.
    public var action: String = ""
    /// `alert`.
    public var alert: GitHubCodeScanningAlert = GitHubCodeScanningAlert()
    /// `ref`: where it was found.
    public var ref: String = ""
    /// `commit_oid`: the commit it was found at.
    public var commitOid: String = ""
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it (GitHub itself for an alert).
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        alert <- map["alert"]
        ref <- map["ref"]
        commitOid <- map["commit_oid"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, alert, ref, repository, sender, commitOid = "commit_oid"
    }
}
