import YajlMapper

/// How many lines a commit changed.
public struct GitHubCommitStats: Mappable, Codable, Equatable, Sendable {
    /// `additions`.
    public var additions: Int = 0
    /// `deletions`.
    public var deletions: Int = 0
    /// `total`.
    public var total: Int = 0

    /// Creates stats with empty values.
    public init() {}

    /// Creates stats for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        additions <- map["additions"]
        deletions <- map["deletions"]
        total <- map["total"]
    }
}
