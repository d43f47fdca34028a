import YajlMapper

/// A `ReleaseEvent`'s payload: a release published.
public struct GitHubReleaseEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `published`, ...
    public var action: String = ""
    /// `release`.
    public var release: GitHubRelease = GitHubRelease()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        release <- map["release"]
    }
}
