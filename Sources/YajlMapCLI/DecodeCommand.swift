import Foundation
import GitHubModels
import YajlMapper

#if canImport(Glibc)
    import CommandLineOutput
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `yajlmap decode`: maps GitHub responses onto the `GitHubModels` types and prints them
/// as a table, JSON, JSON Lines or CSV.
enum DecodeCommand {
    static let help = """
        USAGE: yajlmap decode [--model search|repository|repositories|error|issue|pull-request|
                                       commit|release|user|event|webhook:EVENT]
                              [--format table|json|ndjson|csv] [--fields a,b,c] [--type T,...]
                              [--sort stars|forks|updated|name] [--limit N] [--strict]
                              [--width N] [--jobs N] [FILE|-]

        Map a GitHub API response read from FILE or stdin (the default) onto a model and print
        it. The output is written from the mapped models (via toJSON), not copied from the input.

        MODELS:
          search         a GET /search/repositories page (default): total_count, items
          repositories   an array of repositories (GET /users/NAME/repos)
          repository     one repository (GET /repos/OWNER/NAME)
          error          an error body (403 rate limit, 422 validation failure, ...)
          issue, pull-request, commit, release, user
                         one issue, pull request, commit, release or user with its profile
                         (GET /repos/O/R/issues/N, .../pulls/N, .../commits/REF,
                         .../releases/ID, GET /users/NAME)
          webhook:EVENT  a webhook delivery's body, EVENT as its X-GitHub-Event header names
                         it: push, issues, issue_comment, pull_request, release, workflow_run,
                         check_run, ... (60 events; an unknown one is a usage error that
                         lists them)
          event          events, one per line (GH Archive's hourly .json.gz files, the events
                         API's pages as JSON Lines): read in constant memory, mapped on
                         --jobs threads, printed in order; --type keeps some types

        FORMATS (default: table when stdout is a terminal, otherwise ndjson):
          table    a title line "N results" (search's total_count), then one row per
                   repository: name, html_url, stars, language, and the description cut so
                   each line fits the terminal (--width, else the terminal's width when
                   stdout is one, else $COLUMNS, else 80). A streamed page whose
                   total_count comes after its items gets the title line last.
          json     the mapped model, pretty-printed (a search page keeps its envelope)
          ndjson   one compact JSON object per repository (per error body), per line
          csv      a header line, then one row per repository (RFC 4180 quoting)

        With --model search or repositories and the ndjson, csv or table format without
        --sort, repositories are mapped and printed one at a time as the input is read, in
        constant memory, whatever its size; json and --sort read the whole input first.

        OPTIONS:
          --model M        the model (default search)
          --format F       the output format
          --fields a,b,c   the fields to print (json, ndjson, csv), by their JSON names; dots
                           reach into objects: full_name,owner.login,license.spdx_id (each
                           name is checked at every level; an index reaches into an array:
                           topics.0)
                           (csv default: full_name,html_url,stargazers_count,forks_count,
                           language,updated_at,description)
          --sort K         stars, forks or updated (highest/newest first), or name (A to Z)
          --type T,...     with --model event: print only events of these types (PushEvent,
                           IssuesEvent, ...); every line is still read and checked
          --limit N        print at most N repositories (N >= 1); the rest of the input is
                           still read and checked, so --strict reports every problem in it
                           and the count of ignored problems covers them all
          --strict         report every problem (missing, null or mistyped field) as
                           PATH:LINE:COLUMN: error: KEYPATH: expected TYPE, found KIND
                           on stderr and exit 1. When streaming, rows printed before the end
                           of the input stay printed; otherwise nothing is printed.
          --width N        the table's width in columns (default: as for the table above)
          --jobs N         threads that map (and, streamed, format) the repositories
                           (0: every core); the default uses every core once 1 MiB of
                           input has been read, one before. The output is the same
                           whatever N is: rows are printed in the input's order.
          -h, --help       show this help

        Without --strict, problems are not fatal (as ObjectMapper: the field keeps its default)
        and only their number is reported on stderr.

        Exit status: 0 success, 1 invalid JSON, a root the model cannot map (an array for
        search, an object for repositories; with or without --strict, in every format) or
        (with --strict) a mapping problem, 2 usage error or unreadable path.

        """

    /// What to print and how, from the arguments.
    struct Settings {
        var model: GitHubModelKind = .search
        var types: Set<String>?
        var format: Format = .ndjson
        var fields: [String]?
        var sort: SortKey?
        var limit: Int?
        var strict = false
        var width = 80
        var jobs = 0

        /// How the records are printed.
        var output: OutputSettings {
            var output = OutputSettings()
            output.format = format
            output.fields = fields
            output.width = width
            output.titlesPages = model == .search
            return output
        }
    }

    /// An output format.
    typealias Format = OutputFormat

    /// A sort order for repositories.
    enum SortKey: String, CaseIterable {
        case stars, forks, updated, name
    }

    /// Whether standard output is a terminal (the table is the default only then).
    static func stdoutIsTerminal() -> Bool { isatty(1) == 1 }

    static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        var args = Arguments(arguments)
        if args.flag("-h", "--help") {
            io.out(help)
            return 0
        }
        var settings = Settings()
        settings.strict = args.flag("--strict")
        if let model = try args.choice("--model", GitHubModelKind.names) {
            settings.model = GitHubModelKind(name: model)!
        }
        if let types = try args.option("--type") {
            guard settings.model == .event else { throw UsageError(description: "--type applies to --model event") }
            settings.types = Set(types.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
        }
        let format = try args.choice("--format", Format.allCases.map(\.rawValue))
        settings.format = format.flatMap(Format.init) ?? (stdoutIsTerminal() ? .table : .ndjson)
        if let fields = try args.option("--fields") {
            let list = fields.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !list.isEmpty else { throw UsageError(description: "--fields needs at least one field name") }
            settings.fields = list
        }
        settings.sort = try args.choice("--sort", SortKey.allCases.map(\.rawValue)).flatMap(SortKey.init)
        settings.limit = try args.positiveInt("--limit")
        settings.jobs = try args.nonNegativeInt("--jobs") ?? 0
        settings.width = TerminalWidth.resolve(
            option: try args.positiveInt("--width"), terminalColumns: io.stdoutColumns,
            environment: ProcessInfo.processInfo.environment)
        let positionals = try args.finish()
        guard positionals.count <= 1 else { throw UsageError(description: "decode takes one FILE (or - for stdin)") }
        try check(settings)
        let path = positionals.first ?? "-"
        let name = YajlMapCommand.displayName(path)
        let input = YajlMapCommand.input(path, io: io)

        do {
            if settings.model == .event {
                let problems = try events(input, name: name, settings: settings, io: io)
                io.flush()
                return report(problems, name: name, strict: settings.strict, io: io)
            }
            let streams = settings.model.isList && settings.format != .json && settings.sort == nil
            guard
                let problems = try streams
                    ? stream(input, name: name, settings: settings, io: io)
                    : decodeWhole(input, name: name, settings: settings, io: io)
            else { return 1 }
            io.flush()
            return report(problems, name: name, strict: settings.strict, io: io)
        } catch {
            if let status = YajlMapCommand.inputFailure(error, path: path, io: io) { return status }
            throw error
        }
    }

    /// Refuses combinations that mean nothing.
    private static func check(_ settings: Settings) throws {
        if settings.fields != nil && settings.format == .table {
            throw UsageError(description: "--fields applies to the json, ndjson and csv formats, not table")
        }
        if settings.sort != nil && !settings.model.isList {
            throw UsageError(description: "--sort applies to the search and repositories models")
        }
        if settings.limit != nil && !settings.model.isList && settings.model != .event {
            throw UsageError(description: "--limit applies to the search, repositories and event models")
        }
        for field in settings.fields ?? [] {
            if let problem = settings.model.fieldProblem(field) { throw UsageError(description: problem) }
        }
    }

    /// Prints the problems (all of them with --strict, their number otherwise).
    /// - Returns: the exit status.
    static func report(_ problems: [MappingProblem], name: String, strict: Bool, io: CommandIO) -> Int32 {
        guard !problems.isEmpty else { return 0 }
        if strict {
            for problem in problems { io.err(diagnostic(path: name, problem)) }
            return 1
        }
        let count = problems.count
        io.err("yajlmap: \(name): \(count) mapping problem\(count == 1 ? "" : "s") ignored (see --strict)\n")
        return 0
    }

    /// `PATH:LINE:COLUMN: error: KEYPATH: expected TYPE, found KIND` (`PATH: error: ...`
    /// when the problem has no position).
    static func diagnostic(path: String, _ problem: MappingProblem) -> String {
        if let location = problem.location {
            return "\(path):\(location.line):\(location.column): error: \(problem.message)\n"
        }
        return "\(path): error: \(problem.message)\n"
    }

    // MARK: Streaming

    /// Maps and prints the repositories one at a time.
    /// - Returns: every problem met, located; `nil` when the root could not be mapped at all
    ///   (reported, nothing printed), as ``decodeWhole(_:name:settings:io:)`` does.
    private static func stream(
        _ input: JSONInput, name: String, settings: Settings, io: CommandIO
    ) throws -> [MappingProblem]? {
        let output = RecordOutput(settings: settings.output, io: io)
        let isSearch = settings.model == .search
        var printed = 0
        var stream: MappingStreamParser<GitHubRepository>?
        // Rows are made where the repositories are mapped (on several threads for a big
        // input) and printed here, in order.
        let rows = output.rows
        stream = MappingStreamParser<GitHubRepository>(
            mapper: Mapper<GitHubRepository>(), elementsAt: isSearch ? "items" : JSONPath([]),
            transform: { try rows.row($0) ?? "" },
            onOutput: { row in
                // Past --limit the rest is still read and mapped (in constant memory), only not
                // printed: --strict reports every problem in the input, and the lenient count
                // covers them all, as with --sort.
                if let limit = settings.limit, printed >= limit { return }
                if !output.begun {
                    // The title line needs total_count: there when it comes before the items.
                    let total = isSearch ? stream?.envelopeSoFar["total_count"].int : nil
                    output.begin(totalCount: total)
                }
                output.write(row: row)
                printed += 1
            })
        // (The handler reads the stream it belongs to: the cycle is broken on the way out.)
        defer { stream = nil }
        let summary = try stream!.read(input, jobs: settings.jobs)
        var problems = summary.problems
        var totalCount: Int?
        if isSearch {
            // The envelope (total_count, incomplete_results, items itself) is checked after
            // the items, from its values kept by the stream, which also knows where each
            // starts. Its problems go where the whole-document path puts them: in document
            // order around the items' problems, a missing key (located at the root) last.
            let envelope = Mapper<GitHubRepositories>()
            let page = try? envelope.map(json: summary.envelope)
            let located = envelope.lastProblems.map { problem in
                var problem = problem
                if problem.location == nil { problem.location = summary.location(of: JSONPath(problem.keyPath)) }
                return problem
            }
            // A root that is not an object: nothing was streamed, and the page cannot be mapped.
            guard page != nil else { return rootFailure(located + problems, name: name, io: io) }
            let itemsAt = summary.location(of: "items")?.offset ?? Int.max
            let present = located.filter { $0.kind != .missing }.sorted {
                ($0.location?.offset ?? 0) < ($1.location?.offset ?? 0)
            }
            problems =
                present.filter { ($0.location?.offset ?? 0) <= itemsAt } + problems
                + present.filter { ($0.location?.offset ?? 0) > itemsAt } + located.filter { $0.kind == .missing }
            totalCount = page?.totalCount
        } else if summary.envelope.array == nil {
            // Not an array (MappingStreamParser.finish has said so, once): nothing was streamed.
            return rootFailure(problems, name: name, io: io)
        }
        if !output.begun { output.begin(totalCount: totalCount) }
        output.end(totalCount: totalCount)
        return problems
    }

    /// Reports the problems of a document whose root could not be mapped, as
    /// ``decodeWhole(_:name:settings:io:)`` does, with or without `--strict`.
    /// - Returns: `nil` (the exit status is 1).
    private static func rootFailure(_ problems: [MappingProblem], name: String, io: CommandIO) -> [MappingProblem]? {
        for problem in problems { io.err(diagnostic(path: name, problem)) }
        return nil
    }

    // MARK: Whole input

    /// Reads the whole input, maps it, and prints it unless `--strict` found problems.
    /// - Returns: the problems, or `nil` when the root could not be mapped at all (reported).
    private static func decodeWhole(
        _ input: JSONInput, name: String, settings: Settings, io: CommandIO
    ) throws -> [MappingProblem]? {
        let bytes = try input.readAll(jobs: settings.jobs)
        let decoded = try settings.model.decode(bytes, jobs: settings.jobs)
        guard let value = decoded.value else { return rootFailure(decoded.problems, name: name, io: io) }
        if settings.strict && !decoded.problems.isEmpty { return decoded.problems }
        let output = RecordOutput(settings: settings.output, io: io)
        switch value {
        case let page as GitHubRepositories:
            try output.page(page, repositories: arranged(page.items, settings), jobs: settings.jobs)
        case let list as [GitHubRepository]:
            try output.list(arranged(list, settings))
        case let repository as GitHubRepository:
            try output.single(repository)
        case let error as GitHubErrorResponse:
            try output.error(error)
        case let record as JSON:
            try output.record(record, columns: settings.model.columns ?? [])
        default:
            break
        }
        return decoded.problems
    }

    /// Sorted (stably) and limited as asked.
    static func arranged(_ repositories: [GitHubRepository], _ settings: Settings) -> [GitHubRepository] {
        var result = repositories
        if let sort = settings.sort {
            let indexed = result.enumerated().map { ($0.offset, $0.element) }
            result = indexed.sorted { a, b in
                let (i, x) = a, (j, y) = b
                switch sort {
                case .stars where x.stargazersCount != y.stargazersCount: return x.stargazersCount > y.stargazersCount
                case .forks where x.forksCount != y.forksCount: return x.forksCount > y.forksCount
                case .updated where x.updatedAt != y.updatedAt: return x.updatedAt > y.updatedAt
                case .name:
                    let order = x.name.lowercased().compare(y.name.lowercased())
                    if order != .orderedSame { return order == .orderedAscending }
                    return i < j
                default: return i < j
                }
            }.map(\.1)
        }
        if let limit = settings.limit { result = Array(result.prefix(limit)) }
        return result
    }
}

extension DecodeCommand {
    /// What an event line becomes: its row (`nil`: not printed), its problems, its error.
    struct EventRow: Sendable {
        /// The row, with its line break (json: the compact record).
        var text: String?
        /// The line's mapping problems.
        var problems: [MappingProblem]
        /// Why the line is not JSON.
        var parseError: JSONParseError?
    }

    /// Maps and prints events, one per line of the input, in order; rows are made on the
    /// threads that map the events (see ``GitHubEventFile``).
    /// - Returns: every problem met, located (a line that is not JSON ends the read, reported).
    static func events(_ input: JSONInput, name: String, settings: Settings, io: CommandIO) throws -> [MappingProblem] {
        let output = RecordOutput(settings: settings.output, io: io)
        let (rows, columns, types) = (output.rows, settings.model.columns ?? [], settings.types)
        output.beginRecords(columns: columns)
        if settings.format == .json { io.out("[") }
        var problems: [MappingProblem] = []
        var printed = 0
        try GitHubEventFile.read(
            input, jobs: settings.jobs,
            transform: { line in
                var row = EventRow(problems: line.problems, parseError: line.parseError)
                guard let event = line.event, types?.contains(event.type) ?? true else { return row }
                let record = Mapper<GitHubEvent>(shouldIncludeNilValues: true).toJSONValue(event)
                row.text =
                    (try? rows.row(record: record, columns: columns))
                    ?? (try? rows.project(record).serialized(.compact))
                return row
            },
            deliver: { row in
                if let error = row.parseError { throw error }
                problems += row.problems
                guard let text = row.text else { return }
                if let limit = settings.limit, printed >= limit { return }
                io.out(settings.format == .json ? (printed == 0 ? "\n" : ",\n") + text : text)
                printed += 1
            })
        if settings.format == .json { io.out(printed == 0 ? "]\n" : "\n]\n") }
        return problems
    }
}
