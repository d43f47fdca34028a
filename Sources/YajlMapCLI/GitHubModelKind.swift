import Foundation
import GitHubModels
import YajlMapper

/// The models `decode` and `validate --model` know.
enum GitHubModelKind: String, CaseIterable {
    case search, repositories, repository, error

    /// Whether the document is a list of repositories that can be streamed.
    var isList: Bool { self == .search || self == .repositories }

    /// Maps a whole document, collecting every problem (located) instead of throwing; a big
    /// page's repositories on `jobs` threads (see `Mapper.jobs`).
    /// - Throws: ``JSONParseError``.
    func decode(
        _ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0
    ) throws -> (value: Any?, problems: [MappingProblem]) {
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
        case .repositories:
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

    /// Why a `--fields` path reaches nothing in this model's records, or `nil` when it
    /// reaches a field: each key must be one the record (or the object above it) writes;
    /// below an array (`topics`, `errors`) any index or field is accepted.
    func fieldProblem(_ field: String) -> String? {
        var node = schema
        var walked: [String] = []
        for component in JSONPath(field).components {
            switch (component, node) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else {
                    let place = walked.isEmpty ? "" : " in \(walked.joined(separator: "."))"
                    return
                        "unknown field '\(field)' for --model \(rawValue) (known\(place): \(object.keys.joined(separator: ",")))"
                }
                node = next
                walked.append(key)
            case (_, .array):
                return nil
            case (.index, .object):
                let place = walked.isEmpty ? "a record" : walked.joined(separator: ".")
                return "unknown field '\(field)' for --model \(rawValue) (\(place) is an object, not an array)"
            default:
                return
                    "unknown field '\(field)' for --model \(rawValue) (\(walked.joined(separator: ".")) is a value, not an object)"
            }
        }
        return nil
    }

    /// A record with every field written and every nested object filled in.
    private var schema: JSON {
        switch self {
        case .search, .repositories, .repository: return Self.repositorySchema
        case .error: return Self.errorSchema
        }
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
