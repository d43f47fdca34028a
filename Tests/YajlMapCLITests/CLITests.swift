import Foundation
import GitHubModels
import Testing
import YajlMapCLI
import YajlMapper

@Suite("yajlmap validate")
struct ValidateTests {
    @Test func validFilesExitZero() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"a": [1, 2]}"#.utf8).write(to: dir.appendingPathComponent("a.json"))
        let result = try runInProcess(["validate", dir.appendingPathComponent("a.json").path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "1 file checked: 1 valid, 0 invalid\n")
    }

    @Test func invalidFileNamesLineAndColumn() throws {
        let file = try temporaryFile("bad.json", contents: Data("{\n  \"a\": 1,\n  \"b\": [1,,2]\n}\n".utf8))
        let result = try runInProcess(["validate", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(file.path):3:11: error: unexpected ','\n"))
        #expect(result.stdout.contains("\"b\": [1,,2]"))
        #expect(result.stderr.contains("1 invalid"))
    }

    @Test func truncatedFileIsReportedAtItsEnd() throws {
        let file = try temporaryFile("t.json", contents: Data("[1, 2,\n 3".utf8))
        let result = try runInProcess(["validate", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(file.path):2:3: error: unexpected end of input"))
    }

    @Test func directoriesRecurseAndUnreadablePathsAreNamed() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("nested/deeper")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: dir.appendingPathComponent("one.json"))
        try Data("{}".utf8).write(to: sub.appendingPathComponent("two.json"))
        try Data("{".utf8).write(to: sub.appendingPathComponent("three.json"))
        try Data("not json, not checked".utf8).write(to: sub.appendingPathComponent("notes.txt"))
        let missing = dir.appendingPathComponent("missing.json").path
        let result = try runInProcess(["validate", dir.path, missing])
        #expect(result.status == 2) // an unreadable path wins over an invalid file
        #expect(result.stderr.contains("yajlmap: error: \(missing): No such file or directory"))
        #expect(result.stderr.contains("3 files checked: 2 valid, 1 invalid, 1 unreadable"))
        #expect(result.stdout.contains("three.json:1:2: error:"))
    }

    @Test func jsonFormatGivesOneObjectPerFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("[1]".utf8).write(to: dir.appendingPathComponent("a.json"))
        try Data("[1,\n]".utf8).write(to: dir.appendingPathComponent("b.json"))
        let result = try runInProcess(["validate", "--format", "json", dir.path])
        #expect(result.status == 1)
        let records = try JSON.parseAll(result.stdout)
        #expect(records.count == 2)
        #expect(records[0]["valid"].bool == true)
        #expect(records[0]["line"].isNull)
        #expect(records[1]["valid"].bool == false)
        #expect(records[1]["path"].string == dir.appendingPathComponent("b.json").path)
        #expect(records[1]["line"].int == 2)
        #expect(records[1]["column"].int == 1)
        #expect(records[1]["offset"].int == 4)
        #expect(records[1]["message"].string == "unexpected ']'")
    }

    @Test func stdinAndOptions() throws {
        #expect(try runInProcess(["validate", "-"], stdin: "[true]").status == 0)
        let lines = "{\"a\":1}\n{\"a\":2}\n"
        #expect(try runInProcess(["validate", "-"], stdin: lines).status == 1)
        #expect(try runInProcess(["validate", "--jsonl", "-"], stdin: lines).status == 0)
        let commented = "[1 /* one */]"
        #expect(try runInProcess(["validate", "-"], stdin: commented).status == 1)
        #expect(try runInProcess(["validate", "--allow-comments", "-"], stdin: commented).status == 0)
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let limited = try runInProcess(["validate", "--max-depth", "10", "-"], stdin: deep)
        #expect(limited.status == 1)
        #expect(limited.stdout.hasPrefix("<stdin>:1:11: error: nesting deeper than 10 levels"))
    }

    @Test func aByteOrderMarkIsSkippedUnlessRejected() throws {
        let file = try temporaryFile(
            "bom.json", contents: Data([0xEF, 0xBB, 0xBF] + Array("{\"a\": [1,\n 2]}\n".utf8)))
        let skipped = try runInProcess(["validate", file.path])
        #expect(skipped.status == 0 && skipped.stdout.isEmpty)
        let rejected = try runInProcess(["validate", "--reject-bom", "--format", "json", file.path])
        #expect(rejected.status == 1)
        let record = try JSON(parsing: rejected.stdout)
        #expect(record["line"].int == 1 && record["column"].int == 1 && record["offset"].int == 0)
        #expect(record["message"].string == "byte order mark (U+FEFF) before the JSON value")
        // After the mark, an error's column on the first line is counted from the text.
        let bad = try temporaryFile("bom-bad.json", contents: Data([0xEF, 0xBB, 0xBF] + Array("[1,,2]".utf8)))
        #expect(try runInProcess(["validate", bad.path]).stdout.hasPrefix("\(bad.path):1:4: error: unexpected ','\n"))
        // And with --model, a problem's.
        let page = try temporaryFile(
            "bom-page.json",
            contents: Data(
                [0xEF, 0xBB, 0xBF]
                    + Array(#"{"total_count": "1", "incomplete_results": false, "items": []}"#.utf8)))
        let mapped = try runInProcess(["validate", "--model", "search", page.path])
        #expect(mapped.status == 1 && mapped.stdout.hasPrefix("\(page.path):1:17: error: total_count:"))
    }

    @Test func jobsGiveTheOutputOfOneThread() throws {
        // 1,000 items: past the size from which a file is checked on several threads.
        let page = SearchPayloadGenerator(seed: 11).generate(items: 1000)
        #expect(page.count >= JSONValidation.parallelThreshold)
        var broken = page
        broken[page.count * 2 / 3] = 0x7D
        for (name, bytes) in [("jobs-valid.json", page), ("jobs-broken.json", broken)] {
            let file = try temporaryFile(name, contents: Data(bytes))
            let one = try runInProcess(["validate", "--jobs", "1", "--format", "json", file.path])
            for jobs in ["2", "3", "0"] {
                let many = try runInProcess(["validate", "--jobs", jobs, "--format", "json", file.path])
                #expect(many.status == one.status && many.stdout == one.stdout && many.stderr == one.stderr)
            }
            let automatic = try runInProcess(["validate", file.path])
            let text = try runInProcess(["validate", "--jobs", "1", file.path])
            #expect(automatic.stdout == text.stdout && automatic.status == text.status)
        }
        #expect(try runInProcess(["validate", "--jobs", "-1", "a"]).status == 2)
    }

    @Test(arguments: [
        ["validate"], ["validate", "--format", "xml", "a"], ["validate", "--bogus", "a"],
        ["validate", "--max-depth", "zero", "a"], ["validate", "--jobs", "many", "a"], ["nonsense"], [],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let result = try runInProcess(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test(arguments: ["validate", "format", "get"])
    func everyCommandHasHelp(_ command: String) throws {
        let result = try runInProcess([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: yajlmap \(command)"))
        #expect(try runInProcess(["help", command]).stdout == result.stdout)
    }
}

@Suite("yajlmap format and get")
struct FormatGetTests {
    @Test func formatsPrettyAndCompact() throws {
        let source = #"{"a":[1,2.50,{}],"b":"é\n"}"#
        let pretty = try runInProcess(["format"], stdin: source)
        #expect(pretty.status == 0)
        #expect(pretty.stdout == "{\n  \"a\": [\n    1,\n    2.50,\n    {}\n  ],\n  \"b\": \"é\\n\"\n}\n")
        let compact = try runInProcess(["format", "--compact", "-"], stdin: pretty.stdout)
        #expect(compact.stdout == source + "\n")
    }

    @Test func formatJSONLines() throws {
        let result = try runInProcess(["format", "--compact", "--jsonl"], stdin: "{ \"a\" : 1 }\n\n[ 2 ]\n")
        #expect(result.stdout == "{\"a\":1}\n[2]\n")
    }

    @Test func formatInvalidInputNeverTouchesTheFile() throws {
        let file = try temporaryFile("in.json", contents: Data("{\"keep\": [1, 2,]}".utf8))
        let result = try runInProcess(["format", "--output", file.path, file.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(file.path):1:16: error: unexpected ']'\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"keep\": [1, 2,]}")
        // No temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(left == ["in.json"])
    }

    @Test func formatInPlaceWithOutput() throws {
        let file = try temporaryFile("in.json", contents: Data("{\"a\": [1, 2]}".utf8))
        let result = try runInProcess(["format", "--compact", "--output", file.path, file.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"a\":[1,2]}\n")
    }

    @Test func getPrintsStringsRawAndOthersAsJSON() throws {
        let doc =
            #"{"items": [{"name": "a \"b\"", "owner": {"id": 12345678901, "tags": ["x"]}, "d": null}], "a.b": true}"#
        #expect(try runInProcess(["get", "items.0.name"], stdin: doc).stdout == "a \"b\"\n")
        #expect(try runInProcess(["get", "items[0].owner.id"], stdin: doc).stdout == "12345678901\n")
        #expect(
            try runInProcess(["get", "--compact", "items.0.owner"], stdin: doc).stdout
                == "{\"id\":12345678901,\"tags\":[\"x\"]}\n")
        #expect(try runInProcess(["get", "items.0.owner.tags"], stdin: doc).stdout == "[\n  \"x\"\n]\n")
        #expect(try runInProcess(["get", "items.0.d"], stdin: doc).stdout == "null\n")
        #expect(try runInProcess(["get", #"a\.b"#], stdin: doc).stdout == "true\n")
        let absent = try runInProcess(["get", "items.1.name"], stdin: doc)
        #expect(absent.status == 1)
        #expect(absent.stderr == "yajlmap: error: <stdin>: no value at 'items.1.name'\n")
        let invalid = try runInProcess(["get", "a"], stdin: "{\"a\": }")
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("<stdin>:1:7: error:"))
        #expect(try runInProcess(["get"]).status == 2)
        #expect(try runInProcess(["get", "a", "/nonexistent/x.json"]).status == 2)
    }
}

/// The built binary, end to end: real stdin, exit codes and streams.
@Suite("yajlmap binary", .enabled(if: yajlmapBinary != nil))
struct BinaryTests {
    @Test func validateThroughThePipe() throws {
        let ok = try runBinary(["validate", "-"], stdin: Data("{\"a\": 1}".utf8))
        #expect(ok.status == 0)
        #expect(ok.stderr == "1 file checked: 1 valid, 0 invalid\n")
        let bad = try runBinary(["validate", "-"], stdin: Data("{\"a\": 1,\n\"b\"}".utf8))
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("<stdin>:2:4: error: object key and value must be separated by a colon"))
    }

    @Test func validatesTheBundledFixtures() throws {
        let valid = try runBinary(["validate", packageRoot.appendingPathComponent("Fixtures/valid").path])
        #expect(valid.status == 0, "\(valid.stdout)")
        let invalid = try runBinary(["validate", packageRoot.appendingPathComponent("Fixtures/invalid").path])
        #expect(invalid.status == 1)
        let files = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Fixtures/invalid").path)
        // Every invalid fixture is reported, each once.
        #expect(invalid.stdout.components(separatedBy: ": error: ").count - 1 == files.count)
    }

    @Test func formatAndGet() throws {
        let formatted = try runBinary(["format", "--compact"], stdin: Data("[ 1 , { \"x\" : \"y\" } ]".utf8))
        #expect(formatted.stdout == "[1,{\"x\":\"y\"}]\n")
        let got = try runBinary(["get", "1.x"], stdin: Data("[1, {\"x\": \"y\"}]".utf8))
        #expect(got.stdout == "y\n")
        #expect(try runBinary(["--version"]).stdout.hasPrefix("yajlmap "))
        #expect(try runBinary(["frobnicate"]).status == 2)
    }

    @Test func searchRunsTheSiblingProgram() throws {
        let help = try runBinary(["search", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: yajlmap search QUERY"))
        let usage = try runBinary(["search"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("search needs a QUERY"))
        let offline = try runBinary(["search", "tetris", "--api-url", "http://127.0.0.1:9", "--format", "ndjson"])
        #expect(offline.status == 1)
        #expect(offline.stderr.hasPrefix("yajlmap: error: cannot connect"))
    }

    @Test func largeOutputDoesNotBlock() throws {
        let big = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
        let result = try runBinary(["format"], stdin: Data(big.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 100_002)
    }
}
