import YajlMapper

/// A branch whose head is the commit a status is for.
public struct GitHubStatusBranch: Mappable, Codable, Equatable, Sendable {
    /// `name`.
    public var name: String = ""
    /// `commit`: its SHA and API URL.
    public var commit: GitHubCommitTree = GitHubCommitTree()
    /// `protected`.
    public var isProtected: Bool = false

    /// Creates a branch with empty values.
    public init() {}

    /// Creates a branch for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        name <- map["name"]
        commit <- map["commit"]
        isProtected <- map["protected"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case name, commit, isProtected = "protected"
    }
}
