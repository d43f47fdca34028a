import YajlMapper

/// A repository an app's installation can reach, named briefly.
public struct GitHubInstallationRepository: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`.
    public var name: String = ""
    /// `full_name`.
    public var fullName: String = ""
    /// `private`.
    public var isPrivate: Bool = false

    /// Creates a repository with empty values.
    public init() {}

    /// Creates a repository for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        fullName <- map["full_name"]
        isPrivate <- map["private"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, nodeId = "node_id", fullName = "full_name", isPrivate = "private"
    }
}
