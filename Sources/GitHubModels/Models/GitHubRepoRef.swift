import YajlMapper

/// A repository named by its id, API URL and name only (a check's pull request's `repo`).
public struct GitHubRepoRef: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `url`: the API URL of the repository.
    public var url: String = ""
    /// `name`.
    public var name: String = ""

    /// Creates a repository reference with empty values.
    public init() {}

    /// Creates a repository reference for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        url <- map["url"]
        name <- map["name"]
    }
}
