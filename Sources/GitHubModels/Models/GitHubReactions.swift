import YajlMapper

/// The reactions to an issue, a comment or a release, counted by kind.
public struct GitHubReactions: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the reactions.
    public var url: String = ""
    /// `total_count`.
    public var totalCount: Int = 0
    /// `+1`.
    public var plusOne: Int = 0
    /// `-1`.
    public var minusOne: Int = 0
    /// `laugh`.
    public var laugh: Int = 0
    /// `hooray`.
    public var hooray: Int = 0
    /// `confused`.
    public var confused: Int = 0
    /// `heart`.
    public var heart: Int = 0
    /// `rocket`.
    public var rocket: Int = 0
    /// `eyes`.
    public var eyes: Int = 0

    /// Creates reactions with every count 0.
    public init() {}

    /// Creates empty reactions for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the counts, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        totalCount <- map["total_count"]
        plusOne <- map["+1"]
        minusOne <- map["-1"]
        laugh <- map["laugh"]
        hooray <- map["hooray"]
        confused <- map["confused"]
        heart <- map["heart"]
        rocket <- map["rocket"]
        eyes <- map["eyes"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, laugh, hooray, confused, heart, rocket, eyes
        case totalCount = "total_count", plusOne = "+1", minusOne = "-1"
    }
}
