import Foundation
import GitHubModels
import YajlMapper

/// A format repositories are printed in.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, ndjson, csv
}

/// How records are printed.
public struct OutputSettings: Sendable {
    /// The format.
    public var format: OutputFormat = .ndjson
    /// The fields each json, ndjson or csv record keeps (`nil`: every field; csv has its own default).
    public var fields: [String]?
    /// The table's width in columns.
    public var width = 80
    /// Whether a page's total count is printed above a table.
    public var titlesPages = true

    /// The defaults: ndjson, every field, 80 columns.
    public init() {}
}

/// Writes records in the chosen format; rows can arrive one at a time.
public final class RecordOutput {
    private let settings: OutputSettings
    private let io: CommandIO
    /// Makes the rows of the formats printed row by row.
    public let rows: RowRenderer
    /// Whether the first record (or the json array's opening) has been printed.
    public private(set) var begun = false
    /// Whether the table's title line is printed.
    private(set) var titled = false
    /// The repositories a streamed json envelope holds so far; `nil` when none is open.
    private var envelopeItems: Int?

    /// Prints to `io` as `settings` say.
    public init(settings: OutputSettings, io: CommandIO) {
        self.settings = settings
        self.io = io
        rows = RowRenderer(settings: settings)
    }

    // MARK: Streaming rows

    /// The title (table, search), the header line (csv), or a search page's envelope up to
    /// its `items` (json, when the page's count is given: the repositories follow one by one).
    public func begin(totalCount: Int?, incompleteResults: Bool = false) {
        begun = true
        switch settings.format {
        case .table:
            title(totalCount: totalCount)
        case .csv:
            io.out(rows.csvLine(rows.fields ?? []))
        case .json:
            guard let totalCount else { break }
            // The pretty writer's layout for the envelope `page(_:repositories:)` prints.
            io.out(
                "{\n  \"total_count\": \(totalCount),\n  \"incomplete_results\": \(incompleteResults),\n  \"items\": [")
            envelopeItems = 0
        case .ndjson:
            break
        }
    }

    /// One repository.
    public func repository(_ repository: GitHubRepository) throws {
        if let row = try rows.row(repository) {
            io.out(row)
        } else if envelopeItems != nil {
            envelopeItem(try rows.envelopeItem(repository))
        }
    }

    /// Prints a repository's text made by ``RowRenderer/envelopeItem(_:)`` in the open envelope.
    private func envelopeItem(_ text: String) {
        guard let count = envelopeItems else { return }
        io.out((count == 0 ? "\n" : ",\n") + text)
        envelopeItems = count + 1
    }

    /// A row made by ``rows`` (maybe on another thread), printed as ``repository(_:)`` prints.
    public func write(row: String) { io.out(row) }

    /// Ends the rows: a streamed table whose page gave its count only after the items
    /// (`total_count` after `items`) gets its title line last; a streamed json envelope closes.
    public func end(totalCount: Int?) {
        if settings.format == .table { title(totalCount: totalCount) }
        if let count = envelopeItems {
            io.out(count == 0 ? "]\n}\n" : "\n  ]\n}\n")
            envelopeItems = nil
        }
    }

    /// `N results`, once, for a search page's table.
    private func title(totalCount: Int?) {
        guard settings.titlesPages, !titled, let totalCount else { return }
        titled = true
        io.out("\(totalCount) result\(totalCount == 1 ? "" : "s")\n")
    }

    // MARK: Whole documents

    /// A search page; json's repositories are made on `jobs` threads (0: every core) when
    /// there are many, and printed in order.
    public func page(_ page: GitHubRepositories, repositories: [GitHubRepository], jobs: Int = 1) throws {
        if settings.format == .json {
            let stretches = try rows.envelopeItems(repositories, jobs: jobs).filter { !$0.isEmpty }
            begin(totalCount: page.totalCount, incompleteResults: page.incompleteResults)
            io.out(stretches.joined(separator: ","))
            envelopeItems = repositories.count
            end(totalCount: page.totalCount)
            return
        }
        begin(totalCount: page.totalCount)
        for repository in repositories { try self.repository(repository) }
    }

    /// An array of repositories.
    public func list(_ repositories: [GitHubRepository]) throws {
        if settings.format == .json {
            io.out(try JSON.array(repositories.map { rows.project(rows.record($0)) }).serialized(.pretty))
            return
        }
        begin(totalCount: nil)
        for repository in repositories { try self.repository(repository) }
    }

    /// One repository document.
    public func single(_ repository: GitHubRepository) throws {
        if settings.format == .json {
            io.out(try rows.project(rows.record(repository)).serialized(.pretty))
            return
        }
        begin(totalCount: nil)
        try self.repository(repository)
    }

    /// One record of another model (`columns`: its table's and csv's cells by default).
    public func record(_ record: JSON, columns: [String]) throws {
        if settings.format == .json {
            io.out(try rows.project(record).serialized(.pretty))
            return
        }
        beginRecords(columns: columns)
        if let row = try rows.row(record: record, columns: columns) { io.out(row) }
    }

    /// Before records of another model: csv's header line (`columns`, or `--fields`).
    public func beginRecords(columns: [String]) {
        begun = true
        if settings.format == .csv { io.out(rows.csvLine(settings.fields ?? columns)) }
    }

    /// An error body.
    public func error(_ error: GitHubErrorResponse) throws {
        let record = Mapper<GitHubErrorResponse>(shouldIncludeNilValues: true).toJSONValue(error)
        switch settings.format {
        case .json:
            io.out(try rows.project(record).serialized(.pretty))
        case .ndjson:
            io.out(try rows.project(record).serialized(.compact) + "\n")
        case .csv:
            let names = settings.fields ?? ["message", "documentation_url", "status", "errors"]
            io.out(rows.csvLine(names))
            io.out(rows.csvLine(names.map { rows.csvCell(record.value(atPath: JSONPath($0))) }))
        case .table:
            var text = "error: \(error.message)\n"
            for detail in error.errors {
                let place = [detail.resource, detail.field].compactMap { $0 }.joined(separator: ".")
                text +=
                    "  \(place.isEmpty ? "" : place + ": ")\(detail.code)\(detail.message.map { " (\($0))" } ?? "")\n"
            }
            if let link = error.documentationUrl { text += "  see \(link)\n" }
            io.out(text)
        }
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
        let url =
            layout.url < 44 && repository.htmlUrl.hasPrefix("https://")
            ? String(repository.htmlUrl.dropFirst(8))
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
    public static let formats = OutputFormat.allCases.map(\.rawValue)

    /// Prints a page: `table` (title line and rows cut to `width`), `json`, `ndjson` or `csv`.
    /// - Throws: ``JSONWriteError`` when a value cannot be written.
    public static func write(_ page: GitHubRepositories, format: String, width: Int = 80, io: CommandIO) throws {
        var settings = OutputSettings()
        settings.format = OutputFormat(rawValue: format) ?? .ndjson
        settings.width = width
        try RecordOutput(settings: settings, io: io).page(page, repositories: page.items)
    }
}
