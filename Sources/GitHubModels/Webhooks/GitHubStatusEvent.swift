import Foundation
import YajlMapper

/// The `status` webhook's payload: a commit status set (a CI result outside checks).
public struct GitHubStatusEvent: GitHubWebhookEventModel {
    /// `id`: the status's.
    public var id: Int64 = 0
    /// `sha`: the commit's.
    public var sha: String = ""
    /// `name`: the repository's full name.
    public var name: String = ""
    /// `avatar_url`: the status's creator's.
    public var avatarUrl: String?
    /// `target_url`: where the status links to.
    public var targetUrl: String?
    /// `context`: the status's name (`ci/circleci`, ...).
    public var context: String = ""
    /// `description`.
    public var description: String?
    /// `state`: `pending`, `success`, `failure`, `error`.
    public var state: String = ""
    /// `commit`.
    public var commit: GitHubCommit = GitHubCommit()
    /// `branches`: those whose head is the commit.
    public var branches: [GitHubStatusBranch] = []
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
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
        id <- map["id"]
        sha <- map["sha"]
        name <- map["name"]
        avatarUrl <- map["avatar_url"]
        targetUrl <- map["target_url"]
        context <- map["context"]
        description <- map["description"]
        state <- map["state"]
        commit <- map["commit"]
        branches <- map["branches"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        repository <- map["repository"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, sha, name, context, description, state, commit, branches, repository, sender
        case avatarUrl = "avatar_url", targetUrl = "target_url", createdAt = "created_at", updatedAt = "updated_at"
    }
}
