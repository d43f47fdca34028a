import Foundation
import YajlMapper

/// A deploy key of a repository.
public struct GitHubDeployKey: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `key`: the public key.
    public var key: String = ""
    /// `url`.
    public var url: String = ""
    /// `title`.
    public var title: String = ""
    /// `verified`.
    public var isVerified: Bool = false
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `read_only`.
    public var isReadOnly: Bool = false

    /// Creates a key with empty values.
    public init() {}

    /// Creates a key for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        key <- map["key"]
        url <- map["url"]
        title <- map["title"]
        isVerified <- map["verified"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        isReadOnly <- map["read_only"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, key, url, title, isVerified = "verified", createdAt = "created_at", isReadOnly = "read_only"
    }
}
