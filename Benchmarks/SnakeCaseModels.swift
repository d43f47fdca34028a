// The full GitHub model's fields as a Decodable model whose coding keys are the property
// names, read with `.convertFromSnakeCase` (`full_name` → `fullName`), as most Codable code
// written against GitHub's API reads it.

import Foundation

/// A search page, keys converted from snake case.
struct SnakeCaseRepositories: Decodable, Equatable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [SnakeCaseRepository]
}

/// A search item, keys converted from snake case (`private`, `fork`, `archived` and
/// `disabled` keep their JSON names).
struct SnakeCaseRepository: Decodable, Equatable {
    let id: Int64
    let nodeId: String
    let name: String
    let fullName: String
    let `private`: Bool
    let owner: SnakeCaseOwner
    let htmlUrl: String
    let description: String?
    let fork: Bool
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
    let archived: Bool
    let disabled: Bool
    let openIssuesCount: Int
    let license: SnakeCaseLicense?
    let isTemplate: Bool?
    let topics: [String]?
    let visibility: String?
    let defaultBranch: String
    let permissions: DecodablePermissions?
    let score: Double?
}

/// A repository's owner, keys converted from snake case.
struct SnakeCaseOwner: Decodable, Equatable {
    let login: String
    let id: Int64
    let nodeId: String
    let avatarUrl: String
    let gravatarId: String?
    let htmlUrl: String
    let type: String
    let siteAdmin: Bool
}

/// A repository's license, keys converted from snake case.
struct SnakeCaseLicense: Decodable, Equatable {
    let key: String
    let name: String
    let spdxId: String?
    let url: String?
    let nodeId: String
}
