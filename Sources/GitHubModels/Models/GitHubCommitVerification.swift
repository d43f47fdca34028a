import Foundation
import YajlMapper

/// Whether a commit's signature was verified, and why (not).
public struct GitHubCommitVerification: Mappable, Codable, Equatable, Sendable {
    /// `verified`.
    public var isVerified: Bool = false
    /// `reason`: `valid`, `unsigned`, `expired_key`, `bad_email`, ...
    public var reason: String = ""
    /// `signature`, `null` when unsigned.
    public var signature: String?
    /// `payload`: what was signed, `null` when unsigned.
    public var payload: String?
    /// `verified_at`, `null` unless verified.
    public var verifiedAt: Date?

    /// Creates a verification with empty values.
    public init() {}

    /// Creates a verification for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        isVerified <- map["verified"]
        reason <- map["reason"]
        signature <- map["signature"]
        payload <- map["payload"]
        verifiedAt <- (map["verified_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case reason, signature, payload, isVerified = "verified", verifiedAt = "verified_at"
    }
}
