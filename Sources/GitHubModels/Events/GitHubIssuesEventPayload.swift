import YajlMapper

/// An `IssuesEvent`'s payload: an issue opened, closed, reopened, labeled, assigned, ...
public struct GitHubIssuesEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `opened`, `closed`, `reopened`, `labeled`, `assigned`, ...
    public var action: String = ""
    /// `issue`.
    public var issue: GitHubIssue = GitHubIssue()
    /// `label`: the label added or removed.
    public var label: GitHubLabel?
    /// `assignee`: the user assigned or unassigned.
    public var assignee: GitHubUser?

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        issue <- map["issue"]
        label <- map["label"]
        assignee <- map["assignee"]
    }
}
