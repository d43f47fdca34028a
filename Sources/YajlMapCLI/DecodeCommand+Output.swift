import Foundation
import GitHubModels
import YajlMapper

/// The models `decode` and `validate --model` know.
enum GitHubModelKind: String, CaseIterable {
    case search, repositories, repository, error

    /// Whether the document is a list of repositories that can be streamed.
    var isList: Bool { self == .search || self == .repositories }

    /// Maps a whole document, collecting every problem (located) instead of throwing.
    /// - Throws: ``JSONParseError``.
    func decode(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws -> (value: Any?, problems: [MappingProblem]) {
        switch self {
        case .search:
            let result = try bytes.withUnsafeBytes { try Mapper<GitHubRepositories>().mapResult(bytes: $0, options: options) }
            return (result.value, result.problems)
        case .repository:
            let result = try bytes.withUnsafeBytes { try Mapper<GitHubRepository>().mapResult(bytes: $0, options: options) }
            return (result.value, result.problems)
        case .error:
            let result = try bytes.withUnsafeBytes { try Mapper<GitHubErrorResponse>().mapResult(bytes: $0, options: options) }
            return (result.value, result.problems)
        case .repositories:
            let mapper = Mapper<GitHubRepository>()
            do {
                let list = try mapper.mapArray(data: bytes, options: options)
                return (list, mapper.lastProblems)
            } catch let error as MappingError {
                return (nil, error.problems.map { problem in
                    var located = problem
                    if located.location == nil { located.location = JSONLocation(offset: 0, line: 1, column: 1) }
                    return located
                })
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
                    return "unknown field '\(field)' for --model \(rawValue) (known\(place): \(object.keys.joined(separator: ",")))"
                }
                node = next
                walked.append(key)
            case (_, .array):
                return nil
            case (.index, .object):
                let place = walked.isEmpty ? "a record" : walked.joined(separator: ".")
                return "unknown field '\(field)' for --model \(rawValue) (\(place) is an object, not an array)"
            default:
                return "unknown field '\(field)' for --model \(rawValue) (\(walked.joined(separator: ".")) is a value, not an object)"
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
        Mapper<GitHubErrorResponse>(shouldIncludeNilValues: true).toJSONValue(GitHubErrorResponse(errors: [GitHubErrorDetail()])))

    private static func withoutEmptyKeys(_ value: JSON) -> JSON {
        guard case .object(let object) = value else { return value }
        return .object(JSONObject(object.filter { !$0.key.isEmpty }.map { ($0.key, withoutEmptyKeys($0.value)) }))
    }
}

/// Writes records in the chosen format; rows can arrive one at a time.
final class RecordOutput {
    private let settings: DecodeCommand.Settings
    private let io: CommandIO
    private let mapper = Mapper<GitHubRepository>(shouldIncludeNilValues: true)
    private(set) var begun = false
    /// Whether the table's title line is printed.
    private(set) var titled = false

    static let defaultCSVFields = ["full_name", "html_url", "stargazers_count", "forks_count", "language", "updated_at", "description"]

    init(settings: DecodeCommand.Settings, io: CommandIO) {
        self.settings = settings
        self.io = io
    }

    private var fields: [String]? {
        settings.fields ?? (settings.format == .csv ? Self.defaultCSVFields : nil)
    }

    // MARK: Streaming rows

    /// The title (table, search), or the header line (csv).
    func begin(totalCount: Int?) {
        begun = true
        switch settings.format {
        case .table:
            title(totalCount: totalCount)
        case .csv:
            io.out(csvLine(fields ?? []))
        case .json, .ndjson:
            break
        }
    }

    /// One repository.
    func repository(_ repository: GitHubRepository) throws {
        switch settings.format {
        case .table:
            io.out(TableRow.render(repository, width: settings.width))
        case .ndjson:
            io.out(try project(mapper.toJSONValue(repository)).serialized(.compact) + "\n")
        case .csv:
            let record = mapper.toJSONValue(repository)
            io.out(csvLine((fields ?? []).map { csvCell(record.value(atPath: JSONPath($0))) }))
        case .json:
            break
        }
    }

    /// Ends the rows: a streamed table whose page gave its count only after the items
    /// (`total_count` after `items`) gets its title line last.
    func end(totalCount: Int?) {
        if settings.format == .table { title(totalCount: totalCount) }
    }

    /// `N results`, once, for a search page's table.
    private func title(totalCount: Int?) {
        guard settings.model == .search, !titled, let totalCount else { return }
        titled = true
        io.out("\(totalCount) result\(totalCount == 1 ? "" : "s")\n")
    }

    // MARK: Whole documents

    /// A search page.
    func page(_ page: GitHubRepositories, repositories: [GitHubRepository]) throws {
        if settings.format == .json {
            var envelope = JSONObject()
            envelope["total_count"] = page.totalCount.jsonValue
            envelope["incomplete_results"] = page.incompleteResults.jsonValue
            envelope["items"] = .array(repositories.map { project(mapper.toJSONValue($0)) })
            io.out(try JSON.object(envelope).serialized(.pretty))
            return
        }
        begin(totalCount: page.totalCount)
        for repository in repositories { try self.repository(repository) }
    }

    /// An array of repositories.
    func list(_ repositories: [GitHubRepository]) throws {
        if settings.format == .json {
            io.out(try JSON.array(repositories.map { project(mapper.toJSONValue($0)) }).serialized(.pretty))
            return
        }
        begin(totalCount: nil)
        for repository in repositories { try self.repository(repository) }
    }

    /// One repository document.
    func single(_ repository: GitHubRepository) throws {
        if settings.format == .json {
            io.out(try project(mapper.toJSONValue(repository)).serialized(.pretty))
            return
        }
        begin(totalCount: nil)
        try self.repository(repository)
    }

    /// An error body.
    func error(_ error: GitHubErrorResponse) throws {
        let record = Mapper<GitHubErrorResponse>(shouldIncludeNilValues: true).toJSONValue(error)
        switch settings.format {
        case .json:
            io.out(try project(record).serialized(.pretty))
        case .ndjson:
            io.out(try project(record).serialized(.compact) + "\n")
        case .csv:
            let names = settings.fields ?? ["message", "documentation_url", "status", "errors"]
            io.out(csvLine(names))
            io.out(csvLine(names.map { csvCell(record.value(atPath: JSONPath($0))) }))
        case .table:
            var text = "error: \(error.message)\n"
            for detail in error.errors {
                let place = [detail.resource, detail.field].compactMap { $0 }.joined(separator: ".")
                text += "  \(place.isEmpty ? "" : place + ": ")\(detail.code)\(detail.message.map { " (\($0))" } ?? "")\n"
            }
            if let link = error.documentationUrl { text += "  see \(link)\n" }
            io.out(text)
        }
    }

    // MARK: Helpers

    /// The record reduced to `--fields`, in their order, keyed by the names given.
    private func project(_ record: JSON) -> JSON {
        guard let fields = settings.fields else { return record }
        return .object(JSONObject(fields.map { ($0, record.value(atPath: JSONPath($0)) ?? .null) }))
    }

    /// One CSV cell: strings as they are, `null` empty, arrays and objects as compact JSON.
    private func csvCell(_ value: JSON?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let s)?: return s
        case .bool(let b)?: return b ? "true" : "false"
        case .number(let n)?: return n.text
        case let other?: return (try? other.serialized(.compact)) ?? ""
        }
    }

    /// Cells joined by commas, quoted when they hold a comma, a quote or a line break.
    private func csvLine(_ cells: [String]) -> String {
        cells.map { cell in
            cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }.joined(separator: ",") + "\r\n"
    }
}

/// One table row: `name  html_url  stars  language  description`, at most `width` columns.
///
/// Rows are printed as they are mapped (a page can be streamed), so the columns' widths
/// depend on the width alone: at 120 columns and more every column has its full width;
/// narrower, the language, name and URL columns give way, step by step and down to a
/// minimum each, until the description has at least a fifth of the line (20 columns at 100).
/// The name goes first (the URL repeats it); a narrowed URL column leaves out `https://`.
enum TableRow {
    static let starsWidth = 7

    /// The widths of the name, URL and language columns for a line width.
    struct Layout: Equatable {
        var name = 24
        var url = 44
        var language = 12

        /// What is left for the description (two spaces between columns).
        func description(in width: Int) -> Int { width - name - url - TableRow.starsWidth - language - 8 }

        init(width: Int) {
            let wanted = max(20, width / 5)
            // Each step narrows one column; the first that leaves enough stops.
            let steps: [(inout Layout) -> Void] = [
                { $0.language = 10 }, { $0.name = 16 }, { $0.name = 12 }, { $0.url = 36 }, { $0.language = 8 },
                { $0.url = 32 }, { $0.name = 10 },
            ]
            for step in steps where description(in: width) < wanted { step(&self) }
        }
    }

    static func render(_ repository: GitHubRepository, width: Int) -> String {
        let layout = Layout(width: width)
        var line = pad(cut(clean(repository.name), layout.name), layout.name)
        let url = layout.url < 44 && repository.htmlUrl.hasPrefix("https://") ? String(repository.htmlUrl.dropFirst(8))
            : repository.htmlUrl
        line += "  " + pad(cut(url, layout.url), layout.url)
        line += "  " + leftPad(starText(repository.stargazersCount), starsWidth)
        line += "  " + pad(cut(clean(repository.language ?? "-"), layout.language), layout.language)
        line += "  " + clean(repository.description ?? "")
        return cut(trimTrailing(line), width) + "\n"
    }

    /// `1234` as `1234`, `12345` as `12.3k`, `1234567` as `1.2M`.
    static func starText(_ n: Int) -> String {
        if n < 10_000 { return String(n) }
        if n < 1_000_000 { return String(format: "%.1fk", Double(n) / 1000) }
        return String(format: "%.1fM", Double(n) / 1_000_000)
    }

    static func clean(_ text: String) -> String { DisplayWidth.clean(text) }

    static func cut(_ text: String, _ width: Int) -> String { DisplayWidth.cut(text, width) }

    static func pad(_ text: String, _ width: Int) -> String {
        let w = displayWidth(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        let w = displayWidth(text)
        return w >= width ? text : String(repeating: " ", count: width - w) + text
    }

    static func trimTrailing(_ text: String) -> String {
        var s = Substring(text)
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    static func displayWidth(_ text: String) -> Int { DisplayWidth.of(text) }
}

/// A search page printed as `yajlmap decode` prints it, for other commands (`yajlmap search`).
public enum SearchPageOutput {
    /// The formats, by name.
    public static let formats = DecodeCommand.Format.allCases.map(\.rawValue)

    /// Prints a page: `table` (title line and rows cut to `width`), `json`, `ndjson` or `csv`.
    /// - Throws: ``JSONWriteError`` when a value cannot be written.
    public static func write(_ page: GitHubRepositories, format: String, width: Int = 80, io: CommandIO) throws {
        var settings = DecodeCommand.Settings()
        settings.format = DecodeCommand.Format(rawValue: format) ?? .ndjson
        settings.width = width
        try RecordOutput(settings: settings, io: io).page(page, repositories: page.items)
    }
}
