// The full GitHub model (every field of GitHubRepository, dates included) mapped by
// YajlMapper, against JSONDecoder and YajlDecoder decoding an equivalent Decodable model with
// `.iso8601` dates; and the seed model's Decodable twin under both decoders.

import Foundation
import GitHubModels
import SearchSeedModel
import YajlMapper

/// The full GitHub model mapped by YajlMapper.
func yajlMapperGitHubModel(_ payload: Payload) throws -> Int {
    let page = try Mapper<GitHubRepositories>(jobs: 1).map(data: payload.bytes)
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
        decoderPair("snake-case GitHub model", .github, dates: .iso8601, keys: .convertFromSnakeCase) {
            (page: SnakeCaseRepositories) in page.items.count &+ page.totalCount
        },
    ]
}

// MARK: The Decodable twin of GitHubModels

struct DecodableRepositories: Codable, Equatable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [DecodableRepository]

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count", incompleteResults = "incomplete_results", items
    }
}

struct DecodableRepository: Codable, Equatable {
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

struct DecodableOwner: Codable, Equatable {
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

struct DecodableLicense: Codable, Equatable {
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

struct DecodablePermissions: Codable, Equatable {
    let admin: Bool
    let maintain: Bool?
    let push: Bool
    let triage: Bool?
    let pull: Bool
}

// MARK: Encoding the full model

/// Each search page decoded once, for the encoders to write again and again.
private let decodedPages = DecodedPages()

/// Pages decoded so far, by payload name (the harness runs one contender at a time).
private final class DecodedPages: @unchecked Sendable {
    private var pages: [String: DecodableRepositories] = [:]

    /// The payload's page, decoded with `.iso8601` dates.
    func page(_ payload: Payload) throws -> DecodableRepositories {
        if let page = pages[payload.name] { return page }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let page = try decoder.decode(DecodableRepositories.self, from: payload.data)
        pages[payload.name] = page
        return page
    }
}

/// An encoder the benchmark times: `JSONEncoder`, or `YajlEncoder` configured the same way.
protocol BenchmarkEncoder: AnyObject {
    /// How `Date` values are written.
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { get set }
    /// The layout of the output.
    var outputFormatting: JSONEncoder.OutputFormatting { get set }
    /// The JSON text of a value.
    func encode<T: Encodable>(_ value: T) throws -> Data
}

extension JSONEncoder: BenchmarkEncoder {}
extension YajlEncoder: BenchmarkEncoder {}

/// The full GitHub model written by both encoders (`.iso8601` dates, sorted keys, so the
/// outputs compare byte for byte before the timings).
func githubEncoderContenders() -> [Contender] {
    [("YajlEncoder", YajlEncoder() as BenchmarkEncoder), ("JSONEncoder", JSONEncoder())].map { name, encoder in
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return Contender(name: "\(name) GitHub model", applies: PayloadFamily.github.contains) { payload in
            let data = try encoder.encode(try decodedPages.page(payload))
            blackHole(data)
            return data.count
        }
    }
}

/// Whether both encoders write the payload's page byte for byte alike.
func compareEncoders(_ payload: Payload) -> EqualityCheck {
    let texts = [YajlEncoder() as BenchmarkEncoder, JSONEncoder()].map { encoder in
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return Result { try encoder.encode(try decodedPages.page(payload)) }
    }
    let difference: String?
    switch (texts[0], texts[1]) {
    case (.success(let yajl), .success(let foundation)):
        difference = yajl == foundation ? nil : "outputs differ (\(yajl.count) and \(foundation.count) bytes)"
    case (.failure(let error), _): difference = "YajlEncoder threw: \(error)"
    case (_, .failure(let error)): difference = "JSONEncoder threw: \(error)"
    }
    return EqualityCheck(
        model: "GitHub model", reader: "YajlEncoder", payload: payload.name, difference: difference,
        reference: "JSONEncoder's bytes")
}
