import CommandLineOutput
import GitHubModels
import YajlMapper

/// The `yajlmap` command line: dispatches to a subcommand and returns the exit status.
///
/// Exit status: 0 success, 1 a problem in the input (invalid JSON, absent path),
/// 2 a usage error or an unreadable path.
public enum YajlMapCommand {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    static let usage = """
        USAGE: yajlmap <command> [options]

        JSON tools on libyajl's streaming parser.

        COMMANDS:
          validate   Check that files are well-formed JSON
          format     Reformat JSON (pretty or compact)
          get        Print the value at a key path
          decode     Map a GitHub response onto its model; print a table, JSON or CSV
          fixtures   Generate GitHub search payloads (fixtures generate)
          search     Search GitHub repositories, once or interactively (--interactive)

        Every command also reads gzip input (a file or stdin that starts with gzip's
        magic bytes, as .gz files do), inflating it as it streams.

        OPTIONS:
          -h, --help     Show help (also: yajlmap <command> --help)
          --version      Show the version

        """

    /// Runs `yajlmap` with `arguments` (without the program name).
    /// - Returns: the exit status.
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        guard let command = arguments.first else {
            io.err(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "-h", "--help", "help":
                if let topic = rest.first { return run([topic, "--help"], io: io) }
                io.out(usage)
                return 0
            case "--version":
                io.out("yajlmap \(version)\n")
                return 0
            case "validate":
                return try ValidateCommand.run(rest, io: io)
            case "format":
                return try FormatCommand.run(rest, io: io)
            case "get":
                return try GetCommand.run(rest, io: io)
            case "search":
                return SearchLauncher.run(rest, io: io)
            case "decode":
                return try DecodeCommand.run(rest, io: io)
            case "fixtures":
                return try FixturesCommand.run(rest, io: io)
            default:
                throw UsageError(description: "unknown command '\(command)' (see 'yajlmap --help')")
            }
        } catch let error as UsageError {
            io.err("yajlmap: error: \(error.description)\n")
            return 2
        } catch {
            io.err("yajlmap: error: \(error)\n")
            return 2
        }
    }

    /// `PATH:LINE:COLUMN: error: MESSAGE`, then the excerpt lines when there are any.
    static func diagnostic(path: String, _ error: JSONParseError, excerpt: Bool = true) -> String {
        var text = "\(path):\(error.line):\(error.column): error: \(error.message)\n"
        if excerpt && !error.excerpt.isEmpty {
            for line in error.excerpt.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "    \(line)\n"
            }
        }
        return text
    }

    /// Reports input that could not be read or parsed, as every command does: the
    /// diagnostic, then the exit status (1 invalid JSON or gzip data, 2 unreadable). `nil` for other errors.
    static func inputFailure(_ error: any Error, path: String, io: CommandIO) -> Int32? {
        switch error {
        case let error as JSONParseError:
            io.err(diagnostic(path: displayName(path), error))
            return 1
        case let error as GzipInputError:
            io.err("yajlmap: error: \(displayName(error.path)): \(error.reason)\n")
            return 1
        case let error as JSONInputError:
            io.err("yajlmap: error: \(displayName(error.path)): \(error.reason)\n")
            return 2
        case let error as GitHubEventFile.InputError:
            // An event file that stopped: the line it stopped in, and why.
            let (reason, status): (String, Int32) =
                switch error.error {
                case let gzip as GzipInputError: (gzip.reason, 1)
                case let input as JSONInputError: (input.reason, 2)
                default: ("\(error.error)", 2)
                }
            io.err("yajlmap: error: \(displayName(path)):\(error.line): \(reason)\n")
            return status
        default:
            return nil
        }
    }

    /// How a path reads in messages: `<stdin>` for standard input.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The input for a path argument.
    static func input(_ path: String, io: CommandIO) -> JSONInput { path == "-" ? io.stdin : .file(path) }
}
