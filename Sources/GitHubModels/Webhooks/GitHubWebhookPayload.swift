import Foundation
import YajlMapper

/// A webhook delivery's payload, by the event its `X-GitHub-Event` header names.
///
/// ```swift
/// switch try GitHubWebhookPayload(event: request.header("X-GitHub-Event"), body: body) {
/// case .issues(let event): print(event.action, event.issue.title)
/// case .issueComment(let event): print(event.comment.body)
/// case .other(let name, let payload): print(name, payload["action"].string ?? "")
/// }
/// ```
public enum GitHubWebhookPayload: Equatable, Sendable {
    /// `issues`.
    case issues(GitHubIssuesEvent)
    /// `issue_comment`.
    case issueComment(GitHubIssueCommentEvent)
    /// An event this version has no model for, with its payload as a value.
    case other(event: String, payload: JSON)

    /// Maps `body` as the payload of `event` (the `X-GitHub-Event` header's value), strictly:
    /// a missing or mistyped field throws, with its key path, line and column.
    /// - Throws: ``MappingError``, or ``JSONParseError`` when the body is not JSON.
    public init(event: String, body: some ContiguousBytes) throws {
        switch event {
        case "issues": self = .issues(try Mapper<GitHubIssuesEvent>(strict: true).map(data: body))
        case "issue_comment": self = .issueComment(try Mapper<GitHubIssueCommentEvent>(strict: true).map(data: body))
        default: self = .other(event: event, payload: try JSON(parsing: body))
        }
    }
}
