import Foundation
import YajlMapper

/// A code scanning alert; its rule, tool and instances as they came.
public struct GitHubCodeScanningAlert: Mappable, Codable, Equatable, Sendable {
    /// `number`.
    public var number: Int = 0
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `url`.
    public var url: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `instances`: where it was found.
    public var instances: JSON = []
    /// `most_recent_instance`.
    public var mostRecentInstance: JSON?
    /// `state`: `open`, `dismissed`, `fixed`.
    public var state: String = ""
    /// `rule`: its id, severity and description.
    public var rule: JSON = [:]
    /// `tool`: its name and version.
    public var tool: JSON = [:]

    /// Creates an alert with empty values.
    public init() {}

    /// Creates an alert for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        number <- map["number"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        url <- map["url"]
        htmlUrl <- map["html_url"]
        instances <- map["instances"]
        mostRecentInstance <- map["most_recent_instance"]
        state <- map["state"]
        rule <- map["rule"]
        tool <- map["tool"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case number, url, instances, state, rule, tool, createdAt = "created_at", htmlUrl = "html_url"
        case mostRecentInstance = "most_recent_instance"
    }
}
