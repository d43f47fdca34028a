import YajlMapper

/// An `IssueCommentEvent`'s payload: a comment on an issue or pull request.
public struct GitHubIssueCommentEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `created`, `edited`, `deleted`.
    public var action: String = ""
    /// `issue`.
    public var issue: GitHubIssue = GitHubIssue()
    /// `comment`.
    public var comment: GitHubIssueComment = GitHubIssueComment()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        issue <- map["issue"]
        comment <- map["comment"]
    }
}
