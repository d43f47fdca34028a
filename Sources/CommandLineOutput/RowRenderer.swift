import Foundation
import GitHubModels
import YajlMapper

/// The text of one repository in a format printed row by row (table, ndjson, csv): a value
/// with no state, so rows can be made on several threads at once and printed in order.
public struct RowRenderer: Sendable {
    /// The format and fields.
    let settings: OutputSettings

    /// The fields each record keeps (`nil`: every field; csv has its default).
    var fields: [String]? {
        settings.fields ?? (settings.format == .csv ? Self.defaultCSVFields : nil)
    }

    /// The fields of a csv record when `--fields` is not given.
    static let defaultCSVFields = [
        "full_name", "html_url", "stargazers_count", "forks_count", "language", "updated_at", "description",
    ]

    /// The repository's row with its line break; `nil` in the json format, which has none.
    public func row(_ repository: GitHubRepository) throws -> String? {
        switch settings.format {
        case .table:
            return TableRow.render(repository, width: settings.width)
        case .ndjson:
            return try project(record(repository)).serialized(.compact) + "\n"
        case .csv:
            let record = record(repository)
            return csvLine((fields ?? []).map { csvCell(record.value(atPath: JSONPath($0))) })
        case .json:
            return nil
        }
    }

    /// A record's row in a format printed row by row: the table's and csv's cells are
    /// `columns` (or `--fields`); `nil` in the json format.
    public func row(record: JSON, columns: [String]) throws -> String? {
        switch settings.format {
        case .table:
            let cells = (settings.fields ?? columns).map {
                DisplayWidth.clean(csvCell(record.value(atPath: JSONPath($0))))
            }
            return TableRow.trimTrailing(DisplayWidth.cut(cells.joined(separator: "  "), settings.width)) + "\n"
        case .ndjson:
            return try project(record).serialized(.compact) + "\n"
        case .csv:
            return csvLine((settings.fields ?? columns).map { csvCell(record.value(atPath: JSONPath($0))) })
        case .json:
            return nil
        }
    }

    /// The repository as JSON, with `null` for its absent values.
    func record(_ repository: GitHubRepository) -> JSON {
        Mapper<GitHubRepository>(shouldIncludeNilValues: true).toJSONValue(repository)
    }

    /// The record reduced to `--fields`, in their order, keyed by the names given.
    public func project(_ record: JSON) -> JSON {
        guard let fields = settings.fields else { return record }
        return .object(JSONObject(fields.map { ($0, record.value(atPath: JSONPath($0)) ?? .null) }))
    }

    /// One CSV cell: strings as they are, `null` empty, arrays and objects as compact JSON.
    func csvCell(_ value: JSON?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let s)?: return s
        case .bool(let b)?: return b ? "true" : "false"
        case .number(let n)?: return n.text
        case let other?: return (try? other.serialized(.compact)) ?? ""
        }
    }

    /// Cells joined by commas, quoted when they hold a comma, a quote or a line break.
    func csvLine(_ cells: [String]) -> String {
        cells.map { cell in
            cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }.joined(separator: ",") + "\r\n"
    }

    /// A repository as an element of a pretty-printed search page's `items`: its pretty JSON,
    /// every line indented by four spaces (pretty JSON has no line break inside a string).
    func envelopeItem(_ repository: GitHubRepository) throws -> String {
        let text = try project(record(repository)).serialized(.pretty)
        return text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }

    /// `repositories` as the text between `"items": [` and its closing line in a pretty-printed
    /// search page: each one's pretty JSON at the depth of the page's items, with the commas
    /// between them (empty for none). Made by the pretty writer itself, as `{"items": [...]}`.
    func envelopeItems(_ repositories: ArraySlice<GitHubRepository>) throws -> String {
        guard !repositories.isEmpty else { return "" }
        var wrapper = JSONObject()
        wrapper["items"] = .array(repositories.map { project(record($0)) })
        let text = try JSON.object(wrapper).serialized(.pretty)
        let (head, tail) = ("{\n  \"items\": [", "\n  ]\n}\n")
        return String(text.utf8.dropFirst(head.utf8.count).dropLast(tail.utf8.count))!
    }

    /// ``envelopeItems(_:)`` of stretches of `repositories`, in order; on `jobs` threads (0:
    /// every core) from 256 repositories on. The first error in order is thrown.
    func envelopeItems(_ repositories: [GitHubRepository], jobs: Int) throws -> [String] {
        let threads = parallelThreads(jobs: jobs)
        guard threads > 1, repositories.count >= 256 else { return [try envelopeItems(repositories[...])] }
        let stretches = threads * 4
        var results = [Result<String, any Error>?](repeating: nil, count: stretches)
        results.withUnsafeMutableBufferPointer { slots in
            // Each index reads the repositories and writes its own slot.
            nonisolated(unsafe) let slots = slots
            forEachOnThreads(stretches, threads: threads) { s in
                let range = (repositories.count * s / stretches)..<(repositories.count * (s + 1) / stretches)
                slots[s] = Result { try envelopeItems(repositories[range]) }
            }
        }
        return try results.map { try $0.unsafelyUnwrapped.get() }
    }
}
