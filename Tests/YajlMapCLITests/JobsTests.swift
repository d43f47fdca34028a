import Foundation
import GitHubModels
import Testing
import YajlMapper

@testable import CommandLineOutput
@testable import YajlMapCLI

/// `yajlmap decode --jobs N` and `format --jobs N`: the same bytes on stdout and stderr, and
/// the same status, as with one thread, for pages big enough to be split (2 MB: two windows
/// and more), valid, with mapping problems (lenient and --strict) and broken, in every
/// streamed format and layout.
@Suite("yajlmap decode and format --jobs")
struct JobsTests {
    /// The page with every 37th item's `stargazers_count` made a string.
    static func withProblems(_ page: [UInt8]) -> [UInt8] {
        let key = Array(#""stargazers_count":"#.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(page.count + 1000)
        var i = 0, seen = 0
        while i < page.count {
            if page[i] == key[0], i + key.count < page.count, page[i..<(i + key.count)].elementsEqual(key) {
                out += key
                i += key.count
                seen += 1
                if seen % 37 == 0 {
                    while i < page.count, page[i] >= UInt8(ascii: "0"), page[i] <= UInt8(ascii: "9") { i += 1 }
                    out += Array(#""many""#.utf8)
                }
                continue
            }
            out.append(page[i])
            i += 1
        }
        return out
    }

    /// The page with a key's colon made a semicolon, three quarters in.
    static func broken(_ page: [UInt8]) -> [UInt8] {
        var broken = page
        var colon = page.count * 3 / 4
        while !(page[colon] == UInt8(ascii: ":") && page[colon - 1] == UInt8(ascii: "\"")) { colon += 1 }
        broken[colon] = UInt8(ascii: ";")
        return broken
    }

    @Test func decodeGivesTheOutputOfOneThread() throws {
        let page = SearchPayloadGenerator(seed: 12).generate(items: 400)
        #expect(page.count > 2 << 20)
        let broken = Self.broken(page)
        let pages = [
            ("decode-valid.json", page), ("decode-problems.json", Self.withProblems(page)),
            ("decode-broken.json", broken),
        ]
        for (name, bytes) in pages {
            let file = try temporaryFile(name, contents: Data(bytes))
            for arguments in [
                ["--format", "ndjson"], ["--format", "csv"], ["--format", "table", "--width", "100"],
                ["--format", "ndjson", "--strict"],
                // The whole page held in memory, its repositories mapped on the threads.
                ["--format", "json"], ["--format", "csv", "--sort", "stars"], ["--format", "json", "--strict"],
            ] {
                let one = try runInProcess(["decode", "--jobs", "1"] + arguments + [file.path])
                let whole = arguments.contains("json") || arguments.contains("--sort")
                #expect(!one.stdout.isEmpty || whole && one.status == 1, "\(name) \(arguments)")
                #expect(
                    (one.status == 1)
                        == (name == "decode-broken.json"
                            || (name == "decode-problems.json" && arguments.contains("--strict"))))
                #expect(!one.stderr.isEmpty == (name != "decode-valid.json"), "\(name) \(arguments)")
                for jobs in ["2", "3", "0"] {
                    let many = try runInProcess(["decode", "--jobs", jobs] + arguments + [file.path])
                    #expect(
                        many.status == one.status && many.stdout == one.stdout && many.stderr == one.stderr,
                        "\(name) \(arguments) --jobs \(jobs): status \(many.status) vs \(one.status), stderr \(many.stderr.prefix(200)) vs \(one.stderr.prefix(200))"
                    )
                }
            }
        }
        #expect(try runInProcess(["decode", "--jobs", "-1", "a"]).status == 2)
        #expect(try runInProcess(["decode", "--jobs", "x", "a"]).status == 2)
    }

    @Test func formatGivesTheOutputOfOneThread() throws {
        let compact = SearchPayloadGenerator(seed: 13).generate(items: 400)
        let pretty = Array(try runInProcess(["format", "--jobs", "1", "-"], stdinBytes: Data(compact)).stdout.utf8)
        #expect(pretty.count > compact.count)
        let pages = [
            ("format-compact.json", compact), ("format-pretty.json", pretty),
            ("format-broken.json", Self.broken(compact)), ("format-broken-pretty.json", Self.broken(pretty)),
        ]
        for (name, bytes) in pages {
            let file = try temporaryFile(name, contents: Data(bytes))
            for style in ["--pretty", "--compact"] {
                let one = try runInProcess(["format", "--jobs", "1", style, file.path])
                #expect((one.status == 1) == name.contains("broken"), "\(name)")
                for jobs in ["2", "3", "0"] {
                    let many = try runInProcess(["format", "--jobs", jobs, style, file.path])
                    #expect(
                        many.status == one.status && many.stdout == one.stdout && many.stderr == one.stderr,
                        "\(name) \(style) --jobs \(jobs): status \(many.status) vs \(one.status), \(many.stdout.count) vs \(one.stdout.count) bytes"
                    )
                }
            }
        }
        #expect(try runInProcess(["format", "--jobs", "-2", "a"]).status == 2)
    }

    @Test func aPagesJSONMadeInStretchesIsThePrettyWritersWholePage() throws {
        let bytes = SearchPayloadGenerator(seed: 14).generate(items: 600)
        let page = try Mapper<GitHubRepositories>(jobs: 1).map(data: bytes)
        for fields in [nil, ["id", "full_name", "owner.login", "topics"]] {
            var settings = OutputSettings()
            settings.format = .json
            settings.fields = fields
            let rows = RowRenderer(settings: settings)
            var envelope = JSONObject()
            envelope["total_count"] = page.totalCount.jsonValue
            envelope["incomplete_results"] = page.incompleteResults.jsonValue
            envelope["items"] = .array(page.items.map { rows.project(rows.record($0)) })
            let whole = try JSON.object(envelope).serialized(.pretty)
            for (jobs, count) in [(1, 600), (2, 600), (3, 600), (2, 1), (2, 0)] {
                var out: [UInt8] = []
                let io = CommandIO(out: { out.append(contentsOf: $0) }, err: { _ in })
                let repositories = Array(page.items.prefix(count))
                try RecordOutput(settings: settings, io: io).page(page, repositories: repositories, jobs: jobs)
                var expected = whole
                if count < 600 {
                    envelope["items"] = .array(repositories.map { rows.project(rows.record($0)) })
                    expected = try JSON.object(envelope).serialized(.pretty)
                }
                #expect(
                    String(decoding: out, as: UTF8.self) == expected, "jobs \(jobs), \(count) items, \(fields ?? [])")
            }
        }
    }
}
