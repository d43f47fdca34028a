import YajlMapper

/// What a check run reports: a title, a summary, details and annotations.
public struct GitHubCheckRunOutput: Mappable, Codable, Equatable, Sendable {
    /// `title`.
    public var title: String?
    /// `summary`: Markdown.
    public var summary: String?
    /// `text`: details, Markdown.
    public var text: String?
    /// `annotations_count`.
    public var annotationsCount: Int = 0
    /// `annotations_url`.
    public var annotationsUrl: String = ""

    /// Creates an output with empty values.
    public init() {}

    /// Creates an output for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        title <- map["title"]
        summary <- map["summary"]
        text <- map["text"]
        annotationsCount <- map["annotations_count"]
        annotationsUrl <- map["annotations_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case title, summary, text, annotationsCount = "annotations_count", annotationsUrl = "annotations_url"
    }
}
