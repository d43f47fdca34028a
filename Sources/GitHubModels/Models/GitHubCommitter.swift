import Foundation
import YajlMapper

/// A commit's author or committer as git records them (and a push's `pusher`).
public struct GitHubCommitter: Mappable, Codable, Equatable, Sendable {
    /// `name`.
    public var name: String = ""
    /// `email`, `null` when hidden.
    public var email: String?
    /// `date` (left out for a pusher).
    public var date: Date?
    /// `username`: the GitHub login, when the email belongs to an account.
    public var username: String?

    /// Creates a committer with empty values.
    public init() {}

    /// Creates an empty committer for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the committer's fields, in both directions.
    public mutating func mapping(map: Map) {
        name <- map["name"]
        email <- map["email"]
        date <- (map["date"], GitHubDates.transform)
        username <- map["username"]
    }
}
