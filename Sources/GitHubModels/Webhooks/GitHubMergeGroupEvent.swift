import YajlMapper

/// The `merge_group` webhook's payload: a merge queue asks for checks on a group.
public struct GitHubMergeGroupEvent: GitHubWebhookEventModel {
    /// `action`: `checks_requested`, `destroyed`.
    public var action: String = ""
    /// `merge_group`.
    public var mergeGroup: GitHubMergeGroup = GitHubMergeGroup()
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        mergeGroup <- map["merge_group"]
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, repository, sender, mergeGroup = "merge_group"
    }
}
