import Foundation
import YajlMapper

/// One repository, as `GET /search/repositories` (a "Repo Search Result Item"),
/// `GET /repos/{owner}/{repo}` and `GET /users/{name}/repos` return it.
///
/// The fields people show and sort by. Required fields are non-optional: in strict mode a
/// missing, `null` or mistyped one is reported with its key path. Fields the API documents
/// as nullable (`description`, `homepage`, `language`, `license`, `mirror_url`) are optionals,
/// as are the ones older responses lack (`topics`, `visibility`, `is_template`),
/// `permissions` (sent only to authenticated callers) and `score` (search results only).
/// Unknown keys are ignored; unknown enum values are kept (`.unknown(raw)`).
///
/// ```swift
/// let repo = try Mapper<GitHubRepository>(strict: true).map(data: body)
/// print(repo.fullName, repo.stargazersCount, repo.createdAt)
/// ```
public struct GitHubRepository: Mappable, Equatable, Sendable {
    /// `id`: 64-bit (ids passed 2^31 long ago).
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`: the repository's name, without its owner.
    public var name: String = ""
    /// `full_name`: `owner/name`.
    public var fullName: String = ""
    /// `private`.
    public var isPrivate: Bool = false
    /// `owner`: the user or organization.
    public var owner: GitHubOwner = GitHubOwner()
    /// `html_url`: the page on github.com.
    public var htmlUrl: String = ""
    /// `description`, `null` when there is none.
    public var description: String?
    /// `fork`.
    public var isFork: Bool = false
    /// `url`: the API URL of the repository.
    public var url: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `pushed_at`.
    public var pushedAt: Date = Date(timeIntervalSince1970: 0)
    /// `git_url`: `git://github.com/owner/name.git`.
    public var gitUrl: String = ""
    /// `ssh_url`: `git@github.com:owner/name.git`.
    public var sshUrl: String = ""
    /// `clone_url`: `https://github.com/owner/name.git`.
    public var cloneUrl: String = ""
    /// `svn_url`.
    public var svnUrl: String = ""
    /// `homepage`, `null` or empty when there is none.
    public var homepage: String?
    /// `size`, in KB.
    public var size: Int = 0
    /// `stargazers_count`.
    public var stargazersCount: Int = 0
    /// `watchers_count` (equal to the stars, for historical reasons).
    public var watchersCount: Int = 0
    /// `language`: the main language, `null` when GitHub detected none.
    public var language: String?
    /// `forks_count`.
    public var forksCount: Int = 0
    /// `mirror_url`, `null` unless the repository mirrors another.
    public var mirrorUrl: String?
    /// `archived`.
    public var isArchived: Bool = false
    /// `disabled` (left out of some webhook payloads).
    public var isDisabled: Bool?
    /// `open_issues_count`: open issues and pull requests.
    public var openIssuesCount: Int = 0
    /// `license`, `null` when GitHub detected none.
    public var license: GitHubLicense?
    /// `is_template` (absent from responses before 2019).
    public var isTemplate: Bool?
    /// `topics` (absent from older responses).
    public var topics: [String]?
    /// `visibility` (absent from older responses).
    public var visibility: GitHubVisibility?
    /// `default_branch`.
    public var defaultBranch: String = ""
    /// `permissions`: the caller's rights, present only when the request was authenticated.
    public var permissions: GitHubPermissions?
    /// `score`: the search relevance; search results always have it, other endpoints never.
    public var score: Double?

    /// Creates a repository with empty values, to fill in code or by mapping.
    public init() {}

    /// Creates an empty repository for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps every field, in both directions, in the API's key order.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        fullName <- map["full_name"]
        isPrivate <- map["private"]
        owner <- map["owner"]
        htmlUrl <- map["html_url"]
        description <- map["description"]
        isFork <- map["fork"]
        url <- map["url"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        pushedAt <- (map["pushed_at"], GitHubDates.transform)
        gitUrl <- map["git_url"]
        sshUrl <- map["ssh_url"]
        cloneUrl <- map["clone_url"]
        svnUrl <- map["svn_url"]
        homepage <- map["homepage"]
        size <- map["size"]
        stargazersCount <- map["stargazers_count"]
        watchersCount <- map["watchers_count"]
        language <- map["language"]
        forksCount <- map["forks_count"]
        mirrorUrl <- map["mirror_url"]
        isArchived <- map["archived"]
        isDisabled <- map["disabled"]
        openIssuesCount <- map["open_issues_count"]
        license <- map["license"]
        isTemplate <- map["is_template"]
        topics <- map["topics"]
        visibility <- map["visibility"]
        defaultBranch <- map["default_branch"]
        permissions <- map["permissions"]
        score <- map["score"]
    }
}

/// `Codable` with the API's keys; dates need a date strategy (`.custom(GitHubDates.decode)`).
extension GitHubRepository: Codable {
    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, url, homepage, size, language, license, topics, visibility, permissions
        case score
        case nodeId = "node_id", fullName = "full_name", isPrivate = "private", htmlUrl = "html_url", isFork = "fork"
        case createdAt = "created_at", updatedAt = "updated_at", pushedAt = "pushed_at", gitUrl = "git_url"
        case sshUrl = "ssh_url", cloneUrl = "clone_url", svnUrl = "svn_url", stargazersCount = "stargazers_count"
        case watchersCount = "watchers_count", forksCount = "forks_count", mirrorUrl = "mirror_url"
        case isArchived = "archived", isDisabled = "disabled", openIssuesCount = "open_issues_count"
        case isTemplate = "is_template", defaultBranch = "default_branch"
    }
}
