// The full GitHub model (every field of GitHubRepository, dates included) mapped by
// YajlMapper, against JSONDecoder and YajlDecoder decoding an equivalent Decodable model with
// `.iso8601` dates; and the seed model's Decodable twin under both decoders.

import Foundation
import GitHubModels
import SearchSeedModel
import YajlMapper

/// The full GitHub model mapped by YajlMapper.
func yajlMapperGitHubModel(_ payload: Payload) throws -> Int {
    let page = try Mapper<GitHubRepositories>().map(data: payload.bytes)
    blackHole(page)
    return page.items.count &+ page.totalCount
}

/// The seed and full GitHub models' `Decodable` twins under both decoders (`.iso8601` dates
/// for the full model).
func githubDecoderPairs() -> [ModelPair] {
    [
        decoderPair("seed model", .github) { (page: DecodableSeedRepositories) in page.items.count &+ page.totalCount },
        decoderPair("GitHub model", .github, dates: .iso8601) { (page: DecodableRepositories) in
            page.items.count &+ page.totalCount
        },
    ]
}

// MARK: The Decodable twin of GitHubModels

struct DecodableRepositories: Decodable, Equatable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [DecodableRepository]

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count", incompleteResults = "incomplete_results", items
    }
}

struct DecodableRepository: Decodable, Equatable {
    let id: Int64
    let nodeId: String
    let name: String
    let fullName: String
    let isPrivate: Bool
    let owner: DecodableOwner
    let htmlUrl: String
    let description: String?
    let isFork: Bool
    let url: String
    let createdAt: Date
    let updatedAt: Date
    let pushedAt: Date
    let gitUrl: String
    let sshUrl: String
    let cloneUrl: String
    let svnUrl: String
    let homepage: String?
    let size: Int
    let stargazersCount: Int
    let watchersCount: Int
    let language: String?
    let forksCount: Int
    let mirrorUrl: String?
    let isArchived: Bool
    let isDisabled: Bool
    let openIssuesCount: Int
    let license: DecodableLicense?
    let isTemplate: Bool?
    let topics: [String]?
    let visibility: String?
    let defaultBranch: String
    let permissions: DecodablePermissions?
    let score: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, url, homepage, size, language, license, topics, visibility, permissions,
            score
        case nodeId = "node_id", fullName = "full_name", isPrivate = "private", htmlUrl = "html_url", isFork = "fork"
        case createdAt = "created_at", updatedAt = "updated_at", pushedAt = "pushed_at"
        case gitUrl = "git_url", sshUrl = "ssh_url", cloneUrl = "clone_url", svnUrl = "svn_url"
        case stargazersCount = "stargazers_count", watchersCount = "watchers_count", forksCount = "forks_count"
        case mirrorUrl = "mirror_url", isArchived = "archived", isDisabled = "disabled"
        case openIssuesCount = "open_issues_count", isTemplate = "is_template", defaultBranch = "default_branch"
    }
}

struct DecodableOwner: Decodable, Equatable {
    let login: String
    let id: Int64
    let nodeId: String
    let avatarUrl: String
    let gravatarId: String?
    let htmlUrl: String
    let type: String
    let siteAdmin: Bool

    enum CodingKeys: String, CodingKey {
        case login, id, type
        case nodeId = "node_id", avatarUrl = "avatar_url", gravatarId = "gravatar_id", htmlUrl = "html_url", siteAdmin =
            "site_admin"
    }
}

struct DecodableLicense: Decodable, Equatable {
    let key: String
    let name: String
    let spdxId: String?
    let url: String?
    let nodeId: String

    enum CodingKeys: String, CodingKey {
        case key, name, url
        case spdxId = "spdx_id", nodeId = "node_id"
    }
}

struct DecodablePermissions: Decodable, Equatable {
    let admin: Bool
    let maintain: Bool?
    let push: Bool
    let triage: Bool?
    let pull: Bool
}
