import YajlMapper

/// The repository an event happened in (`repo`).
public struct GitHubEventRepo: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `name`: `owner/name`.
    public var name: String = ""
    /// `url`: the API URL of the repository.
    public var url: String = ""

    /// Creates a repository with empty values.
    public init() {}

    /// Creates a repository for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        url <- map["url"]
    }
}
