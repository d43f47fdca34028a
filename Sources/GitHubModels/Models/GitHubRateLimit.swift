import Foundation

/// What GitHub's rate-limit headers say: the quota, what is left, when it resets, how long to
/// wait.
///
/// ```swift
/// let limit = GitHubRateLimit(status: 200, headers: { response.value(forHTTPHeaderField: $0) })
/// if limit.isLow { print("\(limit.remaining ?? 0) left") }
/// ```
public struct GitHubRateLimit: Sendable, Equatable {
    /// The HTTP status of the response the headers came with.
    public var status: Int
    /// `X-RateLimit-Limit`: requests allowed per window.
    public var limit: Int?
    /// `X-RateLimit-Remaining`.
    public var remaining: Int?
    /// `X-RateLimit-Reset`, as a date.
    public var resetsAt: Date?
    /// `Retry-After`, in seconds.
    public var retryAfter: TimeInterval?
    /// `X-RateLimit-Resource` (`core`, `search`...).
    public var resource: String?
    /// GitHub's `message`, for an error response.
    public var message: String

    /// Creates a rate limit.
    /// - Parameters:
    ///   - status: the status.
    ///   - limit: the quota.
    ///   - remaining: what is left.
    ///   - resetsAt: when the quota resets.
    ///   - retryAfter: seconds to wait.
    ///   - resource: the quota's resource.
    ///   - message: GitHub's message.
    public init(
        status: Int, limit: Int? = nil, remaining: Int? = nil, resetsAt: Date? = nil,
        retryAfter: TimeInterval? = nil, resource: String? = nil, message: String = ""
    ) {
        self.status = status
        self.limit = limit
        self.remaining = remaining
        self.resetsAt = resetsAt
        self.retryAfter = retryAfter
        self.resource = resource
        self.message = message
    }

    /// Reads the `X-RateLimit-*` and `Retry-After` headers.
    /// - Parameters:
    ///   - status: the response's status.
    ///   - headers: a header's value by name (case-insensitive), or `nil`.
    ///   - message: GitHub's message, for an error response.
    public init(status: Int, headers: (String) -> String?, message: String = "") {
        func header(_ name: String) -> String? { headers(name)?.trimmingCharacters(in: .whitespaces) }
        self.init(
            status: status,
            limit: header("X-RateLimit-Limit").flatMap { Int($0) },
            remaining: header("X-RateLimit-Remaining").flatMap { Int($0) },
            resetsAt: header("X-RateLimit-Reset").flatMap { TimeInterval($0) }.map { Date(timeIntervalSince1970: $0) },
            retryAfter: header("Retry-After").flatMap { TimeInterval($0) },
            resource: header("X-RateLimit-Resource"),
            message: message)
    }

    /// Whether the headers said anything about the quota.
    public var hasQuota: Bool { limit != nil || remaining != nil || resetsAt != nil }

    /// A fifth of the quota or less is left.
    public var isLow: Bool {
        guard let limit, let remaining, limit > 0 else { return false }
        return remaining * 5 <= limit
    }

    /// When to try again: `Retry-After` from now, else the reset time.
    public func retryDate(now: Date = Date()) -> Date? {
        retryAfter.map { now.addingTimeInterval($0) } ?? resetsAt
    }

    /// A wait in words, rounded up: `42 s`, `3 min`, `1 h 5 min`.
    public static func duration(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\((total + 59) / 60) min" }
        return "\(total / 3600) h \((total % 3600 + 59) / 60) min"
    }
}
