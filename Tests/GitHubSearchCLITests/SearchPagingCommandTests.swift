import CommandLineOutput
import Foundation
import GitHubModels
import GitHubRequests
import Testing

@testable import GitHubSearchCLI

@Suite("yajlmap search across pages", .enabled(if: LoopbackAPI.available))
struct SearchPagingCommandTests {
    /// The ndjson rows' `full_name`s and `description`s.
    func rows(_ stdout: String) throws -> [(name: String, description: String)] {
        try stdout.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (object["full_name"] as? String ?? "", object["description"] as? String ?? "")
        }
    }

    @Test func limit75WithPagesOf30GivesThreePagesInOrder() async throws {
        let api = try LoopbackAPI()
        let result = await search([
            "count-100", "--limit", "75", "--per-page", "30", "--format", "ndjson", "--api-url", api.baseURL,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try rows(result.stdout)
        #expect(rows.map(\.name) == (1...75).map { String(format: "paged/repo-%04d", $0) })
        #expect(Set(rows.map(\.name)).count == 75)
        #expect(Set(rows.map { $0.description.components(separatedBy: ", ")[1] }) == ["page 1", "page 2", "page 3"])
        #expect(result.stderr.isEmpty, "the limit was reached: no note")
    }

    @Test func aLimitAboveTheTotalGivesEveryResultAndSaysSo() async throws {
        let api = try LoopbackAPI()
        let result = await search(["count-45", "--limit", "100", "--format", "ndjson", "--api-url", api.baseURL])
        #expect(result.status == 0)
        #expect(try rows(result.stdout).count == 45)
        #expect(result.stderr == "yajlmap: note: only 45 results, fewer than the 100 asked for\n")
    }

    @Test func aLimitAboveTheCapGivesTheFirstThousandAndSaysSo() async throws {
        let api = try LoopbackAPI()
        let result = await search(["count-2500", "--limit", "5000", "--format", "ndjson", "--api-url", api.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try rows(result.stdout)
        #expect(rows.count == 1000 && Set(rows.map(\.name)).count == 1000)
        #expect(rows.last?.description == "result 1000, page 10, per_page 100")
        #expect(
            result.stderr
                == "yajlmap: note: 1000 results: GitHub serves only the first 1,000 results of a search (asked for 5000)\n"
        )
    }

    @Test func perPageAndPageKeepWorking() async throws {
        let api = try LoopbackAPI()
        // --per-page alone prints one page of that size; --page starts further on.
        let one = await search(["count-100", "--per-page", "50", "--format", "ndjson", "--api-url", api.baseURL])
        #expect(try rows(one.stdout).count == 50 && one.stderr.isEmpty)
        let third = await search([
            "count-100", "--per-page", "20", "--page", "3", "--format", "ndjson", "--api-url", api.baseURL,
        ])
        #expect(try rows(third.stdout).map(\.name) == (41...60).map { String(format: "paged/repo-%04d", $0) })
        let small = await search(["ok", "--format", "ndjson", "--api-url", api.baseURL])
        #expect(small.stderr.isEmpty, "no note without --limit")
        let past = await search(["count-2500", "--page", "35", "--format", "ndjson", "--api-url", api.baseURL])
        #expect(past.status == 1)
        #expect(past.stderr.contains("Only the first 1000 search results are available"))
    }

    @Test func everyFormatStreamsAcrossPages() async throws {
        let api = try LoopbackAPI()
        let base = ["count-45", "--limit", "40", "--per-page", "30", "--api-url", api.baseURL]
        let table = await search(base + ["--format", "table", "--width", "100"])
        let tableLines = table.stdout.split(separator: "\n")
        #expect(tableLines.first == "45 results" && tableLines.count == 41)
        let csv = await search(base + ["--format", "csv"])
        #expect(csv.stdout.hasPrefix("full_name,html_url,stargazers_count"))
        #expect(csv.stdout.split(separator: "\r\n").count == 41)
        let json = await search(base + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["total_count"] as? Int == 45)
        #expect((object["items"] as? [Any])?.count == 40)
    }

    /// A json envelope streamed a repository at a time is the one printed whole.
    @Test(arguments: [0, 1, 3])
    func streamedJSONIsTheWholePagesJSON(_ count: Int) throws {
        let page = GitHubRepositories(
            totalCount: 1677, incompleteResults: count == 1,
            items: (0..<count).map { index in
                var repository = GitHubRepository()
                repository.fullName = "o/r\(index)"
                repository.description = "line \"\(index)\"\n\tend"
                repository.topics = index == 0 ? [] : ["a", "b"]
                return repository
            })
        func printed(_ body: (RecordOutput) throws -> Void) rethrows -> String {
            let captured = Captured()
            var settings = OutputSettings()
            settings.format = .json
            try body(RecordOutput(settings: settings, io: CommandIO(out: { captured.bytes += $0 }, err: { _ in })))
            return captured.text
        }
        let whole = try printed { try $0.page(page, repositories: page.items) }
        let streamed = try printed { output in
            output.begin(totalCount: page.totalCount, incompleteResults: page.incompleteResults)
            for repository in page.items { try output.repository(repository) }
            output.end(totalCount: nil)
        }
        #expect(streamed == whole)
    }

    @Test func rowsPrintBeforeTheNextPageArrives() throws {
        // stalled-60 answers page 2 three seconds late: page 1's rows must be out before.
        let binary = try #require(InteractivePTY.binary)
        let api = try LoopbackAPI()
        let process = Process()
        let output = Pipe()
        process.executableURL = binary
        process.arguments = [
            "stalled-60", "--limit", "60", "--per-page", "30", "--format", "ndjson", "--api-url", api.baseURL,
        ]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var bytes: [UInt8] = []
        while bytes.filter({ $0 == UInt8(ascii: "\n") }).count < 30 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        let runningAfterPageOne = process.isRunning
        bytes += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(runningAfterPageOne, "the first 30 rows came while page 2 was still on its way")
        #expect(process.terminationStatus == 0)
        #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == 60)
    }
}

@Suite("yajlmap search's qualifier flags")
struct SearchQualifierFlagTests {
    static let every = [
        "tetris", "--language", "Jupyter Notebook", "--owner", "octo-cat", "--topic", "game", "--topic", "CLI",
        "--stars", ">=100", "--forks", "10..50", "--created", ">=2024-01-01", "--updated=2023-01-01..2023-12-31",
        "--archived", "false", "--visibility", "public", "--license", "Apache-2.0",
    ]
    static let q =
        #"tetris language:"Jupyter Notebook" user:octo-cat topic:game topic:cli stars:>=100 forks:10..50 "#
        + #"created:>=2024-01-01 pushed:2023-01-01..2023-12-31 archived:false is:public license:apache-2.0"#

    @Test func theFlagsMakeQ() throws {
        let options = try SearchCommand.Options(Self.every, environment: [:])
        #expect(options.query.q == Self.q)
        let url = try GitHubAPI().url(for: .searchRepositories(options.query)).absoluteString
        #expect(
            url
                == "https://api.github.com/search/repositories?q=tetris+language:%22Jupyter+Notebook%22+user:octo-cat"
                + "+topic:game+topic:cli+stars:%3E%3D100+forks:10..50+created:%3E%3D2024-01-01"
                + "+pushed:2023-01-01..2023-12-31+archived:false+is:public+license:apache-2.0")
    }

    @Test(.enabled(if: LoopbackAPI.available)) func theServerGetsThatQ() async throws {
        let api = try LoopbackAPI()
        var arguments = Self.every
        arguments[0] = "echo-q"
        let result = await search(arguments + ["--format", "ndjson", "--api-url", api.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = "echo-q" + Self.q.dropFirst("tetris".count)
        #expect(result.stdout.contains(#""description":"\#(expected.replacingOccurrences(of: "\"", with: "\\\""))""#))
    }

    @Test func flagsAloneAreAQueryAndTheLastOfAFlagWins() throws {
        let options = try SearchCommand.Options(["--language", "rust", "--language", "swift"], environment: [:])
        #expect(options.query.q == "language:swift")
        #expect(try SearchCommand.Options(["x", "--per-page", "50"], environment: [:]).limit == 50)
        #expect(try SearchCommand.Options(["x"], environment: [:]).limit == 30)
        #expect(try SearchCommand.Options(["x", "--limit=200", "--per-page", "50"], environment: [:]).limit == 200)
    }

    @Test(arguments: [
        ">5", "<=5", "10..*", "*..10", "0", "10..50",
    ])
    func goodCounts(_ value: String) throws {
        #expect(try SearchCommand.Options(["x", "--stars", value], environment: [:]).query.q == "x stars:\(value)")
    }

    @Test(arguments: [
        "2024-02-29", "<2024-01-01", "2024-01-01T12:30:00Z", "2024-01-01T12:30+01:00", "*..2024-12-31",
    ])
    func goodDates(_ value: String) throws {
        #expect(try SearchCommand.Options(["x", "--created", value], environment: [:]).query.q == "x created:\(value)")
    }

    @Test(arguments: [
        (["x", "--stars", "many"], "--stars needs a count or a range (100, >=100, <50, 10..50, 10..*), not 'many'"),
        (["x", "--forks", "10..*..3"], "--forks needs a count or a range"),
        (["x", "--stars", "*..*"], "--stars needs a count or a range"),
        (["x", "--created", "2023-02-29"], "--created needs a date or a range of dates"),
        (["x", "--updated", "2024-13-01"], "--updated needs a date or a range of dates"),
        (["x", "--updated", "yesterday"], "not 'yesterday'"),
        (["x", "--created", "2024-01-01T25:00"], "--created needs a date"),
        (["x", "--archived", "yes"], "--archived needs true or false, not 'yes'"),
        (["x", "--visibility", "internal"], "--visibility needs public or private, not 'internal'"),
        (["x", "--owner", "a b"], "--owner needs a user or organization name"),
        (["x", "--topic", ""], "--topic needs a topic"),
        (["x", "--license", "MIT License"], "--license needs a license key such as mit or apache-2.0"),
        (["x", "--language", " "], "--language needs a language name"),
        (["x", "--limit", "0"], "--limit needs a whole number of 1 or more, not '0'"),
        (["x", "--stars"], "--stars needs a value"),
        ([], "search needs a QUERY or a qualifier flag"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) async {
        let result = await search(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("yajlmap: error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
