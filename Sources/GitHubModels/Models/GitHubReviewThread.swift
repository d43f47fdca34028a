import YajlMapper

/// A thread of review comments on a pull request's diff.
public struct GitHubReviewThread: Mappable, Codable, Equatable, Sendable {
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `comments`.
    public var comments: [GitHubPullRequestReviewComment] = []

    /// Creates a thread with empty values.
    public init() {}

    /// Creates a thread for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        nodeId <- map["node_id"]
        comments <- map["comments"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case comments, nodeId = "node_id"
    }
}
