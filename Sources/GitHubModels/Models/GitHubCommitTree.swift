import YajlMapper

/// A git object a commit names by its SHA and API URL: its tree, or a parent (with its page).
public struct GitHubCommitTree: Mappable, Codable, Equatable, Sendable {
    /// `sha`.
    public var sha: String = ""
    /// `url`: the API URL of the object.
    public var url: String = ""
    /// `html_url`: a parent's page on github.com.
    public var htmlUrl: String?

    /// Creates a reference with empty values.
    public init() {}

    /// Creates a reference for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        sha <- map["sha"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case sha, url, htmlUrl = "html_url"
    }
}
