import Foundation
import GitHubModels
import Testing
import YajlMapCLI
import YajlMapper

/// `decode` and `validate` with the models beyond search: events (GH Archive lines),
/// webhook payloads, issues.
@Suite("yajlmap with events, webhooks and issues")
struct GitHubModelCommandTests {
    /// A generated event file, gzipped by `fixtures generate`.
    static func eventFile(events: Int) throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent("hour.json.gz")
        let result = try runInProcess([
            "fixtures", "generate", "--events", "\(events)", "--seed", "4", "--out", url.path,
        ])
        #expect(result.status == 0)
        return url
    }

    @Test func eventsAreDecodedInOrderOnAnyNumberOfThreads() throws {
        // About 10 MB: three of the reader's 4 MiB windows.
        let file = try Self.eventFile(events: 2_500)
        let one = try runInProcess(["decode", "--model", "event", "--format", "ndjson", "--jobs", "1", file.path])
        let all = try runInProcess(["decode", "--model", "event", "--format", "ndjson", "--jobs", "3", file.path])
        #expect(one.status == 0 && one.stderr.isEmpty)
        #expect(one.stdout == all.stdout)
        let lines = one.stdout.split(separator: "\n")
        #expect(lines.count == 2_500)
        // Each line is the event mapped and written back: the generator's line, as a model.
        let generated = EventFileGenerator(seed: 4).generate(events: 2_500).split(separator: UInt8(ascii: "\n"))
        for (line, source) in zip(lines, generated) {
            let printed = try Mapper<GitHubEvent>(strict: true).map(string: String(line))
            #expect(printed == (try Mapper<GitHubEvent>(strict: true).map(data: Array(source))))
        }
    }

    @Test func typeKeepsSomeEventsAndCsvHasItsColumns() throws {
        let file = try Self.eventFile(events: 600)
        let result = try runInProcess([
            "decode", "--model", "event", "--type", "PushEvent,ForkEvent", "--format", "csv", file.path,
        ])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.first == "created_at,type,actor.login,repo.name")
        let expected = try EventFileGenerator(seed: 4).generate(events: 600).split(separator: UInt8(ascii: "\n")).filter
        {
            ["PushEvent", "ForkEvent"].contains(try Mapper<GitHubEvent>().map(data: Array($0)).type)
        }
        #expect(rows.count == expected.count + 1 && expected.count > 250)
        #expect(rows.dropFirst().allSatisfy { $0.contains(",PushEvent,") || $0.contains(",ForkEvent,") })
        let limited = try runInProcess(["decode", "--model", "event", "--limit", "5", "--format", "table", file.path])
        #expect(limited.stdout.split(separator: "\n").count == 5)
    }

    @Test func aBadEventIsReportedAtItsLineAndColumn() throws {
        var lines = EventFileGenerator(seed: 2).generate(events: 5).split(separator: UInt8(ascii: "\n")).map {
            String(decoding: $0, as: UTF8.self)
        }
        // The third line's `public` made a string.
        lines[2] = lines[2].replacingOccurrences(of: #""public":true"#, with: #""public":"yes""#)
        let column = try #require(lines[2].range(of: #""yes""#)).lowerBound.utf16Offset(in: lines[2]) + 1
        let file = try temporaryFile("events.jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        let result = try runInProcess(["validate", "--model", "event", file.path])
        #expect(result.status == 1)
        #expect(result.stdout == "\(file.path):3:\(column): error: public: expected Bool, found string\n")
        let strict = try runInProcess(["decode", "--model", "event", "--strict", "--format", "ndjson", file.path])
        #expect(strict.status == 1 && strict.stderr.contains(":3:\(column): error: public: expected Bool"))
    }

    @Test func aCutGzipFileIsReportedAtTheLineItStoppedInAfterTheRowsBefore() throws {
        let file = try Self.eventFile(events: 3_000)
        let bytes = try Data(contentsOf: file)
        let cut = try temporaryFile("cut.json.gz", contents: bytes.prefix(bytes.count / 2))
        let result = try runInProcess(["decode", "--model", "event", "--format", "csv", "--jobs", "2", cut.path])
        #expect(result.status == 1)
        let rows = result.stdout.split(separator: "\r\n").count - 1
        #expect(rows > 1_000 && rows < 2_000)
        #expect(result.stderr == "yajlmap: error: \(cut.path):\(rows + 1): gzip stream ends early\n")
        let valid = try runInProcess(["validate", "--model", "event", cut.path])
        #expect(valid.status == 1 && valid.stdout.contains("gzip stream ends early"))
    }

    @Test func aBrokenLineIsReportedAfterTheRowsBeforeIt() throws {
        var lines = EventFileGenerator(seed: 2).generate(events: 40).split(separator: UInt8(ascii: "\n")).map {
            String(decoding: $0, as: UTF8.self)
        }
        lines[30] = String(lines[30].prefix(100))
        let file = try temporaryFile("broken.jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        let result = try runInProcess(["decode", "--model", "event", "--format", "ndjson", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == 30)
        #expect(result.stderr.hasPrefix("\(file.path):31:101: error: "))
    }

    @Test func aWebhookPayloadAndAnIssueAreCheckedAndPrinted() throws {
        guard let corpus = sharedWebhookExamples else { return }
        let opened = corpus.appendingPathComponent("issues/opened.payload.json")
        let valid = try runInProcess(["validate", "--model", "webhook:issues", opened.path])
        #expect(valid.status == 0 && valid.stdout.isEmpty)
        // The same payload checked as another event's: what that model requires is missing.
        let wrong = try runInProcess(["validate", "--model", "webhook:issue_comment", opened.path])
        #expect(wrong.status == 1 && wrong.stdout.contains("error: comment: missing key, expected GitHubIssueComment"))
        let table = try runInProcess(["decode", "--model", "webhook:issues", "--format", "table", opened.path])
        let payload = try Mapper<GitHubIssuesEvent>(strict: true).map(data: Data(contentsOf: opened))
        #expect(table.stdout == "\(payload.action)  \(payload.sender.login)  \(payload.repository.fullName)\n")
        // The payload's issue, on its own.
        let issue = try #require(payload.issue.toJSONString())
        let file = try temporaryFile("issue.json", contents: Data(issue.utf8))
        let csv = try runInProcess([
            "decode", "--model", "issue", "--format", "csv", "--fields", "number,user.login", file.path,
        ])
        #expect(csv.stdout == "number,user.login\r\n\(payload.issue.number),\(payload.issue.user.login)\r\n")
    }

    @Test func unknownModelsAndMisplacedOptionsAreUsageErrors() throws {
        #expect(try runInProcess(["decode", "--model", "webhook:nope", "-"]).status == 2)
        #expect(try runInProcess(["decode", "--type", "PushEvent", "-"], stdin: "{}").status == 2)
        let field = try runInProcess(["decode", "--model", "issue", "--fields", "nope", "-"], stdin: "{}")
        #expect(field.status == 2 && field.stderr.contains("unknown field 'nope' for --model issue"))
    }
}

/// `../shared/corpus/github-webhooks/payload-examples/api.github.com`, when it is there.
let sharedWebhookExamples: URL? = {
    let url = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/github-webhooks/payload-examples/api.github.com")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()
