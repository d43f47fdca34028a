import YajlMapper

/// A wiki page a `gollum` event created or edited.
public struct GitHubWikiPage: Mappable, Codable, Equatable, Sendable {
    /// `page_name`.
    public var pageName: String = ""
    /// `title`.
    public var title: String = ""
    /// `action`: `created` or `edited`.
    public var action: String = ""
    /// `sha`: the page's latest commit.
    public var sha: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""

    /// Creates a page with empty values.
    public init() {}

    /// Creates a page for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        pageName <- map["page_name"]
        title <- map["title"]
        action <- map["action"]
        sha <- map["sha"]
        htmlUrl <- map["html_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case title, action, sha, pageName = "page_name", htmlUrl = "html_url"
    }
}
