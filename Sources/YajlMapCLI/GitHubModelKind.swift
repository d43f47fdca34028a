import Foundation
import GitHubModels
import YajlMapper

/// The models `decode` and `validate --model` know, by their names on the command line.
enum GitHubModelKind: Equatable {
    /// A search page, an array of repositories, one repository, an error body.
    case search, repositories, repository, error
    /// One issue, pull request, commit, release or user.
    case issue, pullRequest, commit, release, user
    /// A webhook's payload, by its event's name (`push`, `issues`, ...).
    case webhook(String)
    /// Events, one per line (GH Archive, the events API's pages written as JSON Lines).
    case event

    /// Every name `--model` accepts.
    static let names =
        [
            "search", "repositories", "repository", "error", "issue", "pull-request", "commit", "release", "user",
            "event",
        ]
        + GitHubWebhookEvent.allCases.map { "webhook:" + $0.rawValue }

    /// The model named `name` (one of ``names``).
    init?(name: String) {
        switch name {
        case "search": self = .search
        case "repositories": self = .repositories
        case "repository": self = .repository
        case "error": self = .error
        case "issue": self = .issue
        case "pull-request": self = .pullRequest
        case "commit": self = .commit
        case "release": self = .release
        case "user": self = .user
        case "event": self = .event
        default:
            let event = String(name.dropFirst("webhook:".count))
            guard name.hasPrefix("webhook:"), Self.webhookModel(event) != nil else { return nil }
            self = .webhook(event)
        }
    }

    /// Whether the document is a list of repositories that can be streamed.
    var isList: Bool { self == .search || self == .repositories }

    /// The model of a webhook event's payload.
    private static func webhookModel(_ event: String) -> (any BaseMappable.Type)? {
        GitHubWebhookEvent(rawValue: event)?.model
    }

    /// The one-document model, for the kinds mapped as a single record.
    private var recordModel: (any BaseMappable.Type)? {
        switch self {
        case .issue: return GitHubIssue.self
        case .pullRequest: return GitHubPullRequest.self
        case .commit: return GitHubCommit.self
        case .release: return GitHubRelease.self
        case .user: return GitHubFullUser.self
        case .event: return GitHubEvent.self
        case .webhook(let event): return Self.webhookModel(event)
        case .search, .repositories, .repository, .error: return nil
        }
    }

    /// The columns of a record's table and csv rows when `--fields` is not given (`nil`:
    /// the kind has its own rows).
    var columns: [String]? {
        switch self {
        case .issue: return ["number", "state", "title", "user.login", "created_at"]
        case .pullRequest: return ["number", "state", "title", "user.login", "head.ref", "base.ref"]
        case .commit: return ["sha", "commit.author.name", "commit.author.date", "commit.message"]
        case .release: return ["tag_name", "name", "author.login", "published_at"]
        case .user: return ["login", "name", "type", "public_repos", "followers", "html_url"]
        case .event: return ["created_at", "type", "actor.login", "repo.name"]
        case .webhook: return ["action", "sender.login", "repository.full_name"]
        case .search, .repositories, .repository, .error: return nil
        }
    }

    /// Maps a whole document, collecting every problem (located) instead of throwing; a big
    /// page's repositories on `jobs` threads (see `Mapper.jobs`). A record comes back as its
    /// JSON (`toJSON`, `null` for its absent values).
    /// - Throws: ``JSONParseError``.
    func decode(
        _ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0
    ) throws -> (value: Any?, problems: [MappingProblem]) {
        if let model = recordModel { return try Self.decodeRecord(model, bytes, options: options) }
        switch self {
        case .search:
            let result = try bytes.withUnsafeBytes {
                try Mapper<GitHubRepositories>(jobs: jobs).mapResult(bytes: $0, options: options)
            }
            return (result.value, result.problems)
        case .repository:
            let result = try bytes.withUnsafeBytes {
                try Mapper<GitHubRepository>().mapResult(bytes: $0, options: options)
            }
            return (result.value, result.problems)
        case .error:
            let result = try bytes.withUnsafeBytes {
                try Mapper<GitHubErrorResponse>().mapResult(bytes: $0, options: options)
            }
            return (result.value, result.problems)
        default:
            let mapper = Mapper<GitHubRepository>()
            do {
                let list = try mapper.mapArray(data: bytes, options: options)
                return (list, mapper.lastProblems)
            } catch let error as MappingError {
                return (
                    nil,
                    error.problems.map { problem in
                        var located = problem
                        if located.location == nil { located.location = JSONLocation(offset: 0, line: 1, column: 1) }
                        return located
                    }
                )
            }
        }
    }

    /// A document mapped onto `model`, as its record.
    private static func decodeRecord<Model: BaseMappable>(
        _ model: Model.Type, _ bytes: [UInt8], options: JSONParseOptions
    ) throws -> (value: Any?, problems: [MappingProblem]) {
        let result = try bytes.withUnsafeBytes { try Mapper<Model>().mapResult(bytes: $0, options: options) }
        return (result.value.map { Mapper<Model>(shouldIncludeNilValues: true).toJSONValue($0) }, result.problems)
    }

    /// Why a `--fields` path reaches nothing in this model's records, or `nil` when it
    /// reaches a field: each key must be one the record (or the object above it) writes;
    /// below an array (`topics`, `errors`) or an optional object any index or field is
    /// accepted.
    func fieldProblem(_ field: String) -> String? {
        var node = schema
        var walked: [String] = []
        for component in JSONPath(field).components {
            switch (component, node) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else {
                    let place = walked.isEmpty ? "" : " in \(walked.joined(separator: "."))"
                    return
                        "unknown field '\(field)' for --model \(name) (known\(place): \(object.keys.joined(separator: ",")))"
                }
                node = next
                walked.append(key)
            case (_, .array),
                (_, .null) where recordModel != nil:
                return nil
            case (.index, .object):
                let place = walked.isEmpty ? "a record" : walked.joined(separator: ".")
                return "unknown field '\(field)' for --model \(name) (\(place) is an object, not an array)"
            default:
                return
                    "unknown field '\(field)' for --model \(name) (\(walked.joined(separator: ".")) is a value, not an object)"
            }
        }
        return nil
    }

    /// The kind's name on the command line.
    var name: String {
        switch self {
        case .search: return "search"
        case .repositories: return "repositories"
        case .repository: return "repository"
        case .error: return "error"
        case .issue: return "issue"
        case .pullRequest: return "pull-request"
        case .commit: return "commit"
        case .release: return "release"
        case .user: return "user"
        case .event: return "event"
        case .webhook(let event): return "webhook:" + event
        }
    }

    /// A record with every field written and every nested object filled in (a record
    /// model's optional objects are `null`).
    private var schema: JSON {
        switch self {
        case .search, .repositories, .repository: return Self.repositorySchema
        case .error: return Self.errorSchema
        default: return recordModel.map { Self.emptyRecord($0) } ?? .null
        }
    }

    /// An empty model's record.
    private static func emptyRecord<Model: BaseMappable>(_ model: Model.Type) -> JSON {
        guard let empty = try? Mapper<Model>().map(json: [:]) else { return .null }
        return withoutEmptyKeys(Mapper<Model>(shouldIncludeNilValues: true).toJSONValue(empty))
    }

    private static let repositorySchema: JSON = {
        var repository = GitHubRepository()
        repository.license = GitHubLicense()
        repository.permissions = GitHubPermissions()
        repository.topics = []
        return withoutEmptyKeys(Mapper<GitHubRepository>(shouldIncludeNilValues: true).toJSONValue(repository))
    }()

    private static let errorSchema: JSON = withoutEmptyKeys(
        Mapper<GitHubErrorResponse>(shouldIncludeNilValues: true).toJSONValue(
            GitHubErrorResponse(errors: [GitHubErrorDetail()])))

    private static func withoutEmptyKeys(_ value: JSON) -> JSON {
        guard case .object(let object) = value else { return value }
        return .object(JSONObject(object.filter { !$0.key.isEmpty }.map { ($0.key, withoutEmptyKeys($0.value)) }))
    }
}
