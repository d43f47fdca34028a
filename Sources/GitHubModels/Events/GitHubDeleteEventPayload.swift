import YajlMapper

/// A `DeleteEvent`'s payload: a branch or tag deleted.
public struct GitHubDeleteEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `ref`: the branch's or tag's name.
    public var ref: String = ""
    /// `ref_type`: `branch` or `tag`.
    public var refType: String = ""
    /// `pusher_type`: `user`, or a deploy key.
    public var pusherType: String = ""

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        ref <- map["ref"]
        refType <- map["ref_type"]
        pusherType <- map["pusher_type"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case ref, refType = "ref_type", pusherType = "pusher_type"
    }
}
