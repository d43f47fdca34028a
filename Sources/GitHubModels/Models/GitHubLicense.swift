import YajlMapper

/// A repository's license as GitHub detected it ("License Simple").
public struct GitHubLicense: Mappable, Equatable, Sendable {
    /// `key`, e.g. `mit`.
    public var key: String = ""
    /// `name`, e.g. `MIT License`.
    public var name: String = ""
    /// `spdx_id`, e.g. `MIT`; `null` for some, `NOASSERTION` for unrecognised licenses.
    public var spdxId: String?
    /// `url`: the license's API URL; `null` for unrecognised licenses.
    public var url: String?
    /// `node_id`.
    public var nodeId: String = ""

    /// Creates a license.
    /// - Parameters:
    ///   - key: e.g. `mit`.
    ///   - name: e.g. `MIT License`.
    ///   - spdxId: e.g. `MIT`.
    ///   - url: the API URL.
    ///   - nodeId: the GraphQL id.
    public init(key: String = "", name: String = "", spdxId: String? = nil, url: String? = nil, nodeId: String = "") {
        self.key = key
        self.name = name
        self.spdxId = spdxId
        self.url = url
        self.nodeId = nodeId
    }

    /// Creates an empty license for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the license's fields, in both directions.
    public mutating func mapping(map: Map) {
        key <- map["key"]
        name <- map["name"]
        spdxId <- map["spdx_id"]
        url <- map["url"]
        nodeId <- map["node_id"]
    }
}

extension GitHubLicense: Codable {
    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case key, name, url
        case spdxId = "spdx_id", nodeId = "node_id"
    }
}
