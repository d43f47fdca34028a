import Foundation
import YajlMapper

/// The `star` webhook's payload: a repository starred or unstarred.
public struct GitHubStarEvent: GitHubWebhookEventModel {
    /// `action`: `created` or `deleted`.
    public var action: String = ""
    /// `starred_at`: when it was starred, `null` when unstarred.
    public var starredAt: Date?
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who starred it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates an empty payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the payload's fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        starredAt <- (map["starred_at"], GitHubDates.transform)
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender
        case starredAt = "starred_at"
    }
}
