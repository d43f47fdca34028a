import YajlMapper

/// A `PullRequestEvent`'s payload: a pull request opened, closed, synchronized, ...
public struct GitHubPullRequestEventPayload: Mappable, Codable, Equatable, Sendable {
    /// `action`: `opened`, `closed`, `reopened`, `synchronize`, `labeled`, ...
    public var action: String = ""
    /// `number`.
    public var number: Int = 0
    /// `pull_request`.
    public var pullRequest: GitHubPullRequest = GitHubPullRequest()
    /// `label`: the label added or removed.
    public var label: GitHubLabel?

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        number <- map["number"]
        pullRequest <- map["pull_request"]
        label <- map["label"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, number, label, pullRequest = "pull_request"
    }
}
