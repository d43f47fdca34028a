import YajlMapper

/// A `WatchEvent`'s payload: a repository starred.
public struct GitHubWatchEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `started`.
    public var action: String = ""

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
    }
}
