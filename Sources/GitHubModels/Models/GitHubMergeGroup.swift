import YajlMapper

/// A group of pull requests a merge queue checks together.
public struct GitHubMergeGroup: Mappable, Codable, Equatable, Sendable {
    /// `head_sha`.
    public var headSha: String = ""
    /// `head_ref`.
    public var headRef: String = ""
    /// `base_ref`.
    public var baseRef: String = ""
    /// `base_sha`.
    public var baseSha: String = ""
    /// `head_commit`.
    public var headCommit: GitHubSimpleCommit = GitHubSimpleCommit()

    /// Creates a group with empty values.
    public init() {}

    /// Creates a group for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        headSha <- map["head_sha"]
        headRef <- map["head_ref"]
        baseRef <- map["base_ref"]
        baseSha <- map["base_sha"]
        headCommit <- map["head_commit"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case headSha = "head_sha", headRef = "head_ref", baseRef = "base_ref", baseSha = "base_sha"
        case headCommit = "head_commit"
    }
}
