import CommandLineOutput
import Foundation
import GitHubClient
import GitHubModels
import GitHubRequests
import GitHubSearchSession

/// `yajlmap search`: one search printed as `yajlmap decode` prints a page, or the
/// interactive terminal search.
public enum SearchCommand {
    static let help = """
        USAGE: yajlmap search QUERY [--sort stars|forks|updated] [--order desc|asc] [--per-page N]
                                    [--page N] [--format table|json|ndjson|csv] [--width N]
                                    [--api-url URL] [--token-file PATH]
               yajlmap search --interactive [--api-url URL] [--token-file PATH]

        Search GitHub repositories (GET /search/repositories). QUERY is GitHub's search syntax:
        free text and qualifiers such as language:swift stars:>=2000 user:NAME.

        OPTIONS:
          --sort KEY         stars, forks or updated (default: best match)
          --order ORDER      desc (default) or asc
          --per-page N       results per page, 1 to 100 (default 30)
          --page N           the page (default 1)
          --format F         table (default on a terminal), json, ndjson (default otherwise), csv
          --width N          the table's width (default: the terminal's when stdout is
                             one, else $COLUMNS, else 80)
          --interactive      a terminal UI: results update as you type
          --api-url URL      the API (default $GITHUB_API_URL, else https://api.github.com;
                             GitHub Enterprise: https://HOST/api/v3)
          --token-file PATH  read the token from PATH (default: $GITHUB_TOKEN; never printed)
          -h, --help         show this help

        Exit status: 0 success, 1 an API or network error (its message on stderr), 2 usage error.

        """

    /// Runs with the process's streams and environment.
    public static func main(_ arguments: [String]) async -> Int32 {
        let io = CommandIO.process()
        defer { io.flush() }
        return await run(arguments, io: io)
    }

    /// Runs `yajlmap search` with `arguments` (after `search`).
    /// - Returns: the exit status.
    public static func run(
        _ arguments: [String], io: CommandIO,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let parsed: Options
        do {
            parsed = try Options(arguments, environment: environment, terminalColumns: io.stdoutColumns)
        } catch let error as UsageProblem {
            io.err("yajlmap: error: \(error.message)\n")
            return 2
        } catch {
            io.err("yajlmap: error: \(error)\n")
            return 2
        }
        if parsed.help {
            io.out(help)
            return 0
        }
        let configuration: GitHubClientConfiguration
        do {
            configuration = try GitHubClientConfiguration.fromEnvironment(
                environment, apiURL: parsed.apiURL,
                tokenFile: parsed.tokenFile)
        } catch {
            io.err("yajlmap: error: \(error)\n")
            return 2
        }
        let client = GitHubClient(configuration: configuration)
        if parsed.interactive {
            io.flush()
            return await InteractiveSearch.run(client: client)
        }
        do {
            let page = try await client.searchRepositories(parsed.query)
            try SearchPageOutput.write(page, format: parsed.format, width: parsed.width, io: io)
            return 0
        } catch {
            io.err("yajlmap: error: \(error)\n")
            return 1
        }
    }

    /// A usage problem: exit status 2 with a one-line reason.
    struct UsageProblem: Error {
        var message: String
    }

    /// The arguments, checked.
    struct Options {
        var help = false
        var interactive = false
        var query = GitHubSearchQuery()
        var format = "ndjson"
        var width = 80
        var apiURL: String?
        var tokenFile: String?

        init(_ arguments: [String], environment: [String: String], terminalColumns: Int? = nil) throws {
            var words: [String] = []
            var rest = arguments[...]
            format = isatty(1) == 1 ? "table" : "ndjson"
            width = TerminalWidth.resolve(option: nil, terminalColumns: terminalColumns, environment: environment)
            func value(_ flag: String) throws -> String {
                guard let next = rest.popFirst() else { throw UsageProblem(message: "\(flag) needs a value") }
                return next
            }
            func number(_ flag: String, _ range: ClosedRange<Int>) throws -> Int {
                let text = try value(flag)
                guard let n = Int(text), range.contains(n) else {
                    throw UsageProblem(
                        message:
                            "\(flag) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
                    )
                }
                return n
            }
            while let word = rest.popFirst() {
                switch word {
                case "-h", "--help": help = true
                case "--interactive", "-i": interactive = true
                case "--sort":
                    let text = try value(word)
                    guard let sort = GitHubSearchQuery.Sort(rawValue: text),
                        ["stars", "forks", "updated"].contains(text)
                    else {
                        throw UsageProblem(message: "--sort must be one of stars, forks, updated, not '\(text)'")
                    }
                    query.sort = sort
                case "--order":
                    let text = try value(word)
                    guard let order = GitHubSearchQuery.Order(rawValue: text) else {
                        throw UsageProblem(message: "--order must be desc or asc, not '\(text)'")
                    }
                    query.order = order
                case "--per-page": query.perPage = try number(word, 1...100)
                case "--page": query.page = try number(word, 1...1000)
                case "--format":
                    let text = try value(word)
                    guard SearchPageOutput.formats.contains(text) else {
                        throw UsageProblem(
                            message:
                                "--format must be one of \(SearchPageOutput.formats.joined(separator: ", ")), not '\(text)'"
                        )
                    }
                    format = text
                case "--width": width = try number(word, 20...1000)
                case "--api-url": apiURL = try value(word)
                case "--token-file": tokenFile = try value(word)
                case "--":
                    words.append(contentsOf: rest)
                    rest = []
                default:
                    if word.hasPrefix("-") && word != "-" { throw UsageProblem(message: "unknown option '\(word)'") }
                    words.append(word)
                }
            }
            query.text = words.joined(separator: " ")
            if !help && !interactive && query.text.trimmingCharacters(in: .whitespaces).isEmpty {
                throw UsageProblem(message: "search needs a QUERY (or --interactive)")
            }
        }
    }
}
