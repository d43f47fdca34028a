import CommandLineOutput
import Foundation
import GitHubModels
import YajlMapper

/// `yajlmap validate`: checks files are well-formed JSON, streaming each in chunks.
enum ValidateCommand {
    static let help = """
        USAGE: yajlmap validate [--format text|json] [--jsonl] [--allow-comments] [--max-depth N]
                                [--reject-bom] [--jobs N]
                                [--model MODEL] PATH...

        Check that files are well-formed JSON (RFC 8259). PATH may be a file, a directory
        (every *.json and *.json.gz below it; with --jsonl also *.jsonl, *.ndjson and their
        .gz), or - for stdin. Files are read in chunks, never whole; gzip input (any that
        starts with gzip's magic bytes) is inflated as it is read, and a corrupt or cut
        gzip stream is invalid: PATH: error: gzip data is corrupt: REASON.

        OPTIONS:
          --format text|json   text: PATH:LINE:COLUMN: error: MESSAGE per invalid file (default);
                               json: one JSON object per file with path, valid, line, column,
                               offset, message
          --jsonl              accept several top-level values (JSON Lines, concatenated JSON)
          --allow-comments     accept /* */ and // comments
          --max-depth N        deepest nesting accepted (default 512)
          --reject-bom         a UTF-8 byte order mark at a file's start is an error (by
                               default it is skipped, as JSONDecoder does)
          --jobs N             threads per file (0: every core); a plain file of 4 MiB or
                               more is then read whole and a big array of objects in it
                               checked on N threads, with the same verdict and error as one
                               (default: every core for such files; 1: always in chunks)
          --model M            also map each file strictly onto a GitHub model (search,
                               repositories, repository, error, issue, pull-request, commit, release,
                               user, webhook:EVENT as `yajlmap decode --help` lists them, or
                               event: one per line): every missing, null or mistyped field is
                               an error, PATH:LINE:COLUMN: error: KEYPATH: expected TYPE,
                               found KIND (each file is read whole, but for event, read in
                               constant memory; a big page's repositories and the events
                               are mapped on --jobs threads)
          -h, --help           show this help

        A summary line goes to stderr. Exit status: 0 all valid, 1 any invalid,
        2 usage error or unreadable path.

        """

    private struct Outcome {
        var path: String
        var error: JSONParseError?
        /// Why the gzip data could not be inflated.
        var gzipProblem: String?
        /// The line an event file's gzip data stopped in.
        var gzipLine: Int?
        var unreadable: String?
        /// Mapping problems (with `--model`).
        var problems: [MappingProblem] = []

        var isInvalid: Bool { error != nil || gzipProblem != nil || !problems.isEmpty }
    }

    static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        var args = Arguments(arguments)
        if args.flag("-h", "--help") {
            io.out(help)
            return 0
        }
        let format = try args.choice("--format", ["text", "json"]) ?? "text"
        var options = JSONParseOptions()
        options.allowMultipleValues = args.flag("--jsonl")
        options.allowComments = args.flag("--allow-comments")
        if let depth = try args.positiveInt("--max-depth") { options.maxDepth = depth }
        options.allowByteOrderMark = !args.flag("--reject-bom")
        let jobs = try args.nonNegativeInt("--jobs")
        let model = try args.choice("--model", GitHubModelKind.names).flatMap(GitHubModelKind.init(name:))
        if model != nil && options.allowMultipleValues {
            throw UsageError(description: "--model checks one document per file: it cannot be used with --jsonl")
        }
        let paths = try args.finish()
        guard !paths.isEmpty else { throw UsageError(description: "validate needs at least one PATH (or - for stdin)") }

        var unreadable = 0
        var files: [String] = []
        for path in paths {
            switch expand(path, jsonl: options.allowMultipleValues) {
            case .success(let found): files.append(contentsOf: found)
            case .failure(let reason):
                unreadable += 1
                report(Outcome(path: path, unreadable: reason.reason), format: format, io: io)
            }
        }

        var valid = 0
        var invalid = 0
        let progress = Progress(total: files.count, io: io)
        for (n, path) in files.enumerated() {
            progress.update(n, path)
            let outcome =
                model.map { check(path, model: $0, options: options, jobs: jobs ?? 0, io: io) }
                ?? check(path, options: options, jobs: jobs, io: io)
            if outcome.unreadable != nil {
                unreadable += 1
            } else if outcome.isInvalid {
                invalid += 1
            } else {
                valid += 1
            }
            if outcome.unreadable != nil || outcome.isInvalid || format == "json" {
                progress.clear()
                report(outcome, format: format, io: io)
            }
        }
        progress.clear()

        var summary = "\(files.count) file\(files.count == 1 ? "" : "s") checked: \(valid) valid, \(invalid) invalid"
        if unreadable > 0 { summary += ", \(unreadable) unreadable" }
        io.err(summary + "\n")
        if unreadable > 0 { return 2 }
        return invalid > 0 ? 1 : 0
    }

    /// Validates one file or stdin; only nesting events are asked of yajl. A plain file of
    /// ``JSONValidation/parallelThreshold`` bytes or more is mapped whole and checked on
    /// `jobs` threads (`nil`: every core), unless `jobs` is 1.
    private static func check(_ path: String, options: JSONParseOptions, jobs: Int?, io: CommandIO) -> Outcome {
        outcome(path) {
            try JSONValidation.validate(YajlMapCommand.input(path, io: io), options: options, jobs: jobs ?? 0)
            return Outcome(path: path)
        }
    }

    /// Parses one file whole and maps it onto `model` (a big page's repositories on `jobs`
    /// threads), collecting every problem.
    private static func check(
        _ path: String, model: GitHubModelKind, options: JSONParseOptions, jobs: Int, io: CommandIO
    ) -> Outcome {
        outcome(path) {
            let input = YajlMapCommand.input(path, io: io)
            if model == .event {
                var problems: [MappingProblem] = []
                try GitHubEventFile.read(input, jobs: jobs) { line in
                    if let error = line.parseError { throw error }
                    problems += line.problems
                }
                return Outcome(path: path, problems: problems)
            }
            let bytes = try input.readAll(jobs: jobs)
            return Outcome(path: path, problems: try model.decode(bytes, options: options, jobs: jobs).problems)
        }
    }

    /// A check's result, with invalid JSON and unreadable input turned into outcomes.
    private static func outcome(_ path: String, _ check: () throws -> Outcome) -> Outcome {
        do {
            return try check()
        } catch let error as JSONParseError {
            return Outcome(path: path, error: error)
        } catch let error as GzipInputError {
            return Outcome(path: path, gzipProblem: error.reason)
        } catch let error as GitHubEventFile.InputError {
            if let gzip = error.error as? GzipInputError {
                return Outcome(path: path, gzipProblem: gzip.reason, gzipLine: error.line)
            }
            return Outcome(path: path, unreadable: (error.error as? JSONInputError)?.reason ?? "\(error.error)")
        } catch let error as JSONInputError {
            return Outcome(path: path, unreadable: error.reason)
        } catch {
            return Outcome(path: path, unreadable: "\(error)")
        }
    }

    private static func report(_ outcome: Outcome, format: String, io: CommandIO) {
        let name = YajlMapCommand.displayName(outcome.path)
        if format == "json" {
            var record: JSON = ["path": .string(name), "valid": .bool(!outcome.isInvalid && outcome.unreadable == nil)]
            let e = outcome.error
            let location = e?.location ?? outcome.problems.first?.location
            record["line"] = location.map { JSON.number(JSONNumber($0.line)) } ?? .null
            record["column"] = location.map { JSON.number(JSONNumber($0.column)) } ?? .null
            record["offset"] = location.map { JSON.number(JSONNumber($0.offset)) } ?? .null
            record["message"] =
                (e?.message ?? outcome.gzipProblem ?? outcome.problems.first?.message ?? outcome.unreadable)
                .map(JSON.string) ?? .null
            if !outcome.problems.isEmpty {
                record["problems"] = .array(outcome.problems.map { .string($0.description) })
            }
            io.out(record.description + "\n")
            if let reason = outcome.unreadable { io.err("yajlmap: error: \(name): \(reason)\n") }
        } else if let reason = outcome.unreadable {
            io.err("yajlmap: error: \(name): \(reason)\n")
        } else if let error = outcome.error {
            io.out(YajlMapCommand.diagnostic(path: name, error))
        } else if let problem = outcome.gzipProblem {
            io.out("\(name)\(outcome.gzipLine.map { ":\($0)" } ?? ""): error: \(problem)\n")
        } else {
            for problem in outcome.problems { io.out(DecodeCommand.diagnostic(path: name, problem)) }
        }
    }

    /// A path's files: itself, or the matching files (and their `.gz`) below a directory, sorted.
    private static func expand(_ path: String, jsonl: Bool) -> Result<[String], ExpandError> {
        if path == "-" { return .success([path]) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ExpandError(reason: "No such file or directory"))
        }
        guard isDirectory.boolValue else { return .success([path]) }
        let extensions = jsonl ? ["json", "jsonl", "ndjson"] : ["json"]
        guard let walker = FileManager.default.enumerator(atPath: path) else {
            return .failure(ExpandError(reason: "cannot list the directory"))
        }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var name = relative as NSString
            if name.pathExtension == "gz" { name = name.deletingPathExtension as NSString }
            guard extensions.contains(name.pathExtension) else { continue }
            let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue {
                found.append(full)
            }
        }
        return .success(found.sorted())
    }

    private struct ExpandError: Error {
        var reason: String
    }
}

/// A one-line progress display on a terminal's stderr, for long runs.
final class Progress {
    private let total: Int
    private let io: CommandIO
    private let enabled: Bool
    private var shown = false
    private var lastDraw = 0.0

    init(total: Int, io: CommandIO) {
        self.total = total
        self.io = io
        enabled = io.stderrIsTerminal && total >= 50
    }

    func update(_ done: Int, _ path: String) {
        guard enabled else { return }
        let now = Date().timeIntervalSinceReferenceDate
        guard now - lastDraw > 0.1 else { return }
        lastDraw = now
        let name = path.count > 50 ? "..." + path.suffix(47) : path
        io.err("\r\u{1B}[K[\(done)/\(total)] \(name)")
        shown = true
    }

    func clear() {
        guard shown else { return }
        io.err("\r\u{1B}[K")
        shown = false
    }
}
