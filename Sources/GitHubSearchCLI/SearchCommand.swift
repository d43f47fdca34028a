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
        USAGE: yajlmap search QUERY [QUALIFIER FLAGS] [--limit N] [--sort stars|forks|updated]
                                    [--order desc|asc] [--per-page N] [--page N]
                                    [--format table|json|ndjson|csv] [--width N]
                                    [--api-url URL] [--token-file PATH]
               yajlmap search --interactive [QUALIFIER FLAGS] [--api-url URL] [--token-file PATH]

        Search GitHub repositories (GET /search/repositories). QUERY is GitHub's search syntax:
        free text and qualifiers such as language:swift stars:>=2000 user:NAME; with qualifier
        flags it may be left out. Rows print as the pages arrive; GitHub serves the first
        1,000 results of a search, no more.

        QUALIFIER FLAGS (added to QUERY):
          --language L       language:L
          --owner NAME       user:NAME
          --topic T          topic:T (repeatable)
          --stars RANGE      stars:RANGE, e.g. 100, >=100, <50, 10..50, 10..*
          --forks RANGE      forks:RANGE
          --created DATES    created:DATES, e.g. 2024-01-31, >=2024-01-01, 2023-01-01..2023-12-31
          --updated DATES    pushed:DATES (last updated)
          --archived BOOL    archived:true or archived:false
          --visibility V     is:public or is:private
          --license KEY      license:KEY, e.g. mit, apache-2.0

        OPTIONS:
          --limit N          the most results to print, across pages (default: --per-page,
                             else 30); fewer, or the 1,000-result cap, is noted on stderr
          --sort KEY         stars, forks or updated (default: best match)
          --order ORDER      desc (default) or asc
          --per-page N       results per page, 1 to 100 (default: the limit, at most 100)
          --page N           the page to start from (default 1)
          --format F         table (default on a terminal), json, ndjson (default otherwise), csv
          --width N          the table's width (default: the terminal's when stdout is
                             one, else $COLUMNS, else 80)
          --interactive      a terminal UI: results update as you type, the next page loads
                             as the selection reaches the end, Ctrl-R searches again
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
            return await InteractiveSearch.run(client: client, qualifiers: parsed.query.qualifiers)
        }
        var settings = OutputSettings()
        settings.format = OutputFormat(rawValue: parsed.format) ?? .ndjson
        settings.width = parsed.width
        let output = RecordOutput(settings: settings, io: io)
        var pages = client.searchPages(parsed.query, limit: parsed.limit).makeAsyncIterator()
        do {
            while let page = try await pages.next() {
                let repositories = page.repositories
                if !output.begun {
                    output.begin(totalCount: repositories.totalCount, incompleteResults: repositories.incompleteResults)
                }
                for repository in repositories.items { try output.repository(repository) }
                io.flush()
            }
            output.end(totalCount: nil)
        } catch {
            if output.begun { output.end(totalCount: nil) }
            io.err("yajlmap: error: \(error)\n")
            return 1
        }
        if let note = note(pages.paging, limitGiven: parsed.limitGiven) { io.err("yajlmap: note: \(note)\n") }
        return 0
    }

    /// The line on stderr when a search ends short: at the cap, or (for `--limit`) before the limit.
    static func note(_ paging: GitHubSearchPaging, limitGiven: Bool) -> String? {
        let count = "\(paging.received) result\(paging.received == 1 ? "" : "s")"
        switch paging.end {
        case .resultCap?:
            return "\(count): GitHub serves only the first 1,000 results of a search"
                + (limitGiven ? " (asked for \(paging.limit))" : "")
        case .lastPage? where limitGiven && paging.received < paging.limit:
            return "only \(count), fewer than the \(paging.limit) asked for"
        default:
            return nil
        }
    }
}
