import YajlMapper

/// A label on an issue or pull request.
public struct GitHubLabel: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `url`: the API URL of the label.
    public var url: String = ""
    /// `name`.
    public var name: String = ""
    /// `description`, `null` when there is none.
    public var description: String?
    /// `color`: six hexadecimal digits, without `#`.
    public var color: String = ""
    /// `default`: one of the labels every repository starts with.
    public var isDefault: Bool = false

    /// Creates a label with empty values.
    public init() {}

    /// Creates an empty label for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the label's fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        url <- map["url"]
        name <- map["name"]
        description <- map["description"]
        color <- map["color"]
        isDefault <- map["default"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, url, name, description, color
        case nodeId = "node_id", isDefault = "default"
    }
}
