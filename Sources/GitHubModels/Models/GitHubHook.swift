import Foundation
import YajlMapper

/// A webhook's settings, as the `ping` event sends them.
public struct GitHubHook: Mappable, Codable, Equatable, Sendable {
    /// `type`: `Repository`, `Organization` or `App`.
    public var type: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `name`: always `web`.
    public var name: String = ""
    /// `active`: whether deliveries are sent.
    public var isActive: Bool = false
    /// `app_id` (an app's hook only).
    public var appId: Int64?
    /// `events`: the events it is sent (`*`: all).
    public var events: [String] = []
    /// `config`: where and how deliveries go (`url`, `content_type`, `insecure_ssl`, ...).
    public var config: JSON = [:]
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `url`: the API URL of the hook (left out of a `meta` event's).
    public var url: String?
    /// `test_url` (a repository's hook only).
    public var testUrl: String?
    /// `ping_url` (left out of a `meta` event's).
    public var pingUrl: String?
    /// `deliveries_url` (left out of a `meta` event's).
    public var deliveriesUrl: String?

    /// Creates a hook with empty values.
    public init() {}

    /// Creates an empty hook for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the hook's fields, in both directions.
    public mutating func mapping(map: Map) {
        type <- map["type"]
        id <- map["id"]
        name <- map["name"]
        isActive <- map["active"]
        appId <- map["app_id"]
        events <- map["events"]
        config <- map["config"]
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        createdAt <- (map["created_at"], GitHubDates.transform)
        url <- map["url"]
        testUrl <- map["test_url"]
        pingUrl <- map["ping_url"]
        deliveriesUrl <- map["deliveries_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case type, id, name, events, config, url
        case isActive = "active", appId = "app_id", updatedAt = "updated_at", createdAt = "created_at"
        case testUrl = "test_url", pingUrl = "ping_url", deliveriesUrl = "deliveries_url"
    }
}
