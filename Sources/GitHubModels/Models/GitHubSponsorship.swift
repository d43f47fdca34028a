import Foundation
import YajlMapper

/// A sponsorship; its tier as it came.
public struct GitHubSponsorship: Mappable, Codable, Equatable, Sendable {
    /// `node_id`.
    public var nodeId: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `sponsorable`: who is sponsored.
    public var sponsorable: GitHubUser = GitHubUser()
    /// `sponsor`.
    public var sponsor: GitHubUser = GitHubUser()
    /// `privacy_level`: `public` or `private`.
    public var privacyLevel: String = ""
    /// `tier`.
    public var tier: JSON = [:]

    /// Creates a sponsorship with empty values.
    public init() {}

    /// Creates a sponsorship for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        nodeId <- map["node_id"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        sponsorable <- map["sponsorable"]
        sponsor <- map["sponsor"]
        privacyLevel <- map["privacy_level"]
        tier <- map["tier"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case sponsorable, sponsor, tier, nodeId = "node_id", createdAt = "created_at", privacyLevel = "privacy_level"
    }
}
