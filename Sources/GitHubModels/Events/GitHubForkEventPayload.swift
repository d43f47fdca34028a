import YajlMapper

/// A `ForkEvent`'s payload: the new fork.
public struct GitHubForkEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `forkee`: the new fork.
    public var forkee: GitHubRepository = GitHubRepository()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        forkee <- map["forkee"]
    }
}
