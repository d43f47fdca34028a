import Foundation
import GitHubModels
import GitHubRequests
import YajlMapper

/// Everything ``GitHubClient`` can throw, besides `CancellationError` when the calling task
/// is cancelled. Each case has a one-line ``description`` fit for users; none ever contains
/// the token.
///
/// ```swift
/// do {
///     let page = try await client.searchRepositories(GitHubSearchQuery("tetris"))
/// } catch let error as GitHubClientError {
///     switch error {
///     case .rateLimited(let limit): print("try again at \(limit.resetsAt.map(String.init(describing:)) ?? "later")")
///     default: print(error)
///     }
/// }
/// ```
public enum GitHubClientError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// No connection: the host is unreachable, refuses connections, cannot be resolved, or
    /// the machine is offline.
    case cannotConnect(host: String, reason: String)
    /// No answer within the configured timeout.
    case timedOut(seconds: TimeInterval)
    /// The primary rate limit is spent (403 or 429 with `X-RateLimit-Remaining: 0`).
    case rateLimited(GitHubRateLimit)
    /// A secondary rate limit (403 or 429 whose message says so, or with `Retry-After`).
    case secondaryRateLimit(GitHubRateLimit)
    /// 422: the request does not validate (GitHub's message and its `errors`).
    case validationFailed(GitHubErrorResponse)
    /// Any other error status, with GitHub's `message` (or the status's reason phrase).
    case http(status: Int, message: String)
    /// The body is not what was asked for (not JSON, truncated).
    case invalidResponse(status: Int, reason: String)
    /// The body is JSON, but does not map to the model (key path, expected type, position).
    case mapping(MappingError)
    /// The request cannot be built (empty query, paging out of range).
    case invalidRequest(GitHubRequestError)
    /// The configuration is unusable (bad API URL, unreadable token file).
    case invalidConfiguration(String)
    /// Another transport error (TLS, too many redirects...), with URLSession's code.
    case network(code: Int, reason: String)

    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .cannotConnect(let host, let reason):
            return "cannot connect to \(host): \(reason)"
        case .timedOut(let seconds):
            return "the request timed out (no answer within \(Self.seconds(seconds)))"
        case .rateLimited(let limit):
            return "GitHub API rate limit exceeded\(limit.quota)\(limit.when)\(limit.quoted)"
        case .secondaryRateLimit(let limit):
            return "GitHub secondary rate limit exceeded\(limit.when)\(limit.quoted)"
        case .validationFailed(let body):
            let details = body.errors.map(Self.detail).joined(separator: "; ")
            return "validation failed (422): \(body.message.isEmpty ? "Validation Failed" : body.message)"
                + (details.isEmpty ? "" : ": \(details)")
        case .http(let status, let message):
            return "GitHub answered \(status): \(message)"
        case .invalidResponse(let status, let reason):
            return "invalid response (status \(status)): \(reason)"
        case .mapping(let error):
            return "the response does not match the model: \(error.first.message)"
                + (error.first.location.map { " at line \($0.line), column \($0.column) (byte \($0.offset))" } ?? "")
                + (error.problems.count > 1 ? " (and \(error.problems.count - 1) more)" : "")
        case .invalidRequest(let error):
            return "invalid request: \(error.description)"
        case .invalidConfiguration(let message):
            return "invalid configuration: \(message)"
        case .network(let code, let reason):
            return "network error \(code): \(reason)"
        }
    }

    /// The ``description``, so `localizedDescription` says the same.
    public var errorDescription: String? { description }

    private static func detail(_ detail: GitHubErrorDetail) -> String {
        let subject = [detail.resource, detail.field].compactMap { $0 }.joined(separator: ".")
        return [subject.isEmpty ? nil : subject, detail.code.isEmpty ? nil : detail.code, detail.message]
            .compactMap { $0 }.joined(separator: " ")
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

extension GitHubRateLimit {
    fileprivate var quota: String {
        let name = resource.map { " for \($0)" } ?? ""
        guard let limit else { return name }
        return "\(name) (\(remaining ?? 0) of \(limit) left)"
    }

    fileprivate var when: String {
        var parts: [String] = []
        if let retryAfter { parts.append("retry after \(GitHubClientError.seconds(retryAfter))") }
        if let resetsAt {
            let formatter = ISO8601DateFormatter()
            let wait = resetsAt.timeIntervalSinceNow
            parts.append(
                "resets at \(formatter.string(from: resetsAt))"
                    + (wait > 0 ? " (in \(Self.duration(wait)))" : ""))
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    fileprivate var quoted: String { message.isEmpty ? "" : ": \(message)" }
}
