import Foundation
import GzipTestSupport
import Testing
import YajlMapCLI
import YajlMapper

/// `data` as one gzip member.
private func gzip(_ data: Data) -> Data { Data(Gzip.compress([UInt8](data))) }

/// `text` as one gzip member.
private func gzip(_ text: String) -> Data { Data(Gzip.compress(text)) }

/// A bundled GitHub fixture's bytes.
private func githubFixture(_ path: String) throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent("Fixtures/github/\(path)"))
}

/// `data` with its gzip trailer's CRC spoiled.
private func spoiledCRC(_ data: Data) -> Data {
    var bytes = [UInt8](data)
    bytes[bytes.count - 8] ^= 0x55
    return Data(bytes)
}

@Suite("yajlmap on gzip input")
struct GzipInputCLITests {
    static let invalid = "{\n  \"a\": 1,\n  \"b\": [1,,2]\n}\n"

    @Test func validateReadsGzipFilesAndLocatesErrorsInTheText() throws {
        let good = try temporaryFile("good.json.gz", contents: gzip(#"{"a": [1, 2]}"#))
        let bad = try temporaryFile("bad.json.gz", contents: gzip(Self.invalid))
        let plain = try temporaryFile("bad.json", contents: Data(Self.invalid.utf8))
        let result = try runInProcess(["validate", good.path, bad.path])
        #expect(result.status == 1)
        #expect(result.stderr == "2 files checked: 1 valid, 1 invalid\n")
        let expected = try runInProcess(["validate", plain.path]).stdout
        #expect(result.stdout == expected.replacingOccurrences(of: plain.path, with: bad.path))
        #expect(result.stdout.hasPrefix("\(bad.path):3:11: error: unexpected ','\n"))
    }

    @Test func corruptAndCutStreamsAreInvalidAndValidateGoesOn() throws {
        let corrupt = try temporaryFile("corrupt.json.gz", contents: spoiledCRC(gzip("[1, 2, 3]")))
        let cut = try temporaryFile("cut.json.gz", contents: gzip("[1, 2, 3]").prefix(12))
        let good = try temporaryFile("good.json.gz", contents: gzip("[1]"))
        let result = try runInProcess(["validate", corrupt.path, cut.path, good.path])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "\(corrupt.path): error: gzip data is corrupt: incorrect data check\n"
                + "\(cut.path): error: gzip stream ends early\n")
        #expect(result.stderr == "3 files checked: 1 valid, 2 invalid\n")

        let json = try runInProcess(["validate", "--format", "json", corrupt.path])
        #expect(json.status == 1)
        let record = try JSON(parsing: json.stdout)
        #expect(record["valid"].bool == false)
        #expect(record["message"].string == "gzip data is corrupt: incorrect data check")
        #expect(record["line"].isNull)
    }

    @Test func validateDirectoryFindsGzippedFiles() throws {
        let dir = try temporaryDirectory()
        try Data("[]".utf8).write(to: dir.appendingPathComponent("a.json"))
        try gzip("{}").write(to: dir.appendingPathComponent("b.json.gz"))
        try gzip("{\"x\": 1}\n[2]\n").write(to: dir.appendingPathComponent("c.jsonl.gz"))
        try gzip("3\n4\n").write(to: dir.appendingPathComponent("d.ndjson.gz"))
        try gzip("not json").write(to: dir.appendingPathComponent("notes.txt.gz"))
        try gzip("not json").write(to: dir.appendingPathComponent("archive.gz"))
        let json = try runInProcess(["validate", dir.path])
        #expect(json.status == 0)
        #expect(json.stderr == "2 files checked: 2 valid, 0 invalid\n")
        let lines = try runInProcess(["validate", "--jsonl", "--format", "json", dir.path])
        #expect(lines.status == 0)
        let paths = try JSON.parseAll(lines.stdout).compactMap { $0["path"].string }
        #expect(
            paths.map { ($0 as NSString).lastPathComponent } == ["a.json", "b.json.gz", "c.jsonl.gz", "d.ndjson.gz"])
    }

    @Test func formatGetAndDecodeReadGzipFiles() throws {
        let page = try githubFixture("search/generated-100.json")
        let plain = try temporaryFile("page.json", contents: page)
        let compressed = try temporaryFile("page.json.gz", contents: gzip(page))
        for arguments in [
            ["format", "--compact"], ["get", "items.3.owner.login"], ["get", "--compact", "items.7.topics"],
            ["decode", "--format", "ndjson"], ["decode", "--format", "csv", "--sort", "stars", "--limit", "5"],
            ["decode", "--format", "json"],
        ] {
            let expected = try runInProcess(arguments + [plain.path])
            #expect(expected.status == 0)
            let result = try runInProcess(arguments + [compressed.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == expected.stdout, "\(arguments)")
            #expect(!result.stdout.isEmpty)
        }
    }

    @Test(arguments: [["format"], ["get", "a"], ["decode", "--format", "ndjson"], ["decode", "--format", "json"]])
    func corruptOrCutGzipExitsOneWithTheReason(_ arguments: [String]) throws {
        let corrupt = try temporaryFile("corrupt.gz", contents: spoiledCRC(gzip(#"{"a": "b", "items": []}"#)))
        let spoiled = try runInProcess(arguments + [corrupt.path])
        #expect(spoiled.status == 1)
        #expect(
            spoiled.stderr.contains("yajlmap: error: \(corrupt.path): gzip data is corrupt: incorrect data check\n"))
        let cut = try temporaryFile("cut.gz", contents: gzip(#"{"a": "b", "items": []}"#).prefix(15))
        let short = try runInProcess(arguments + [cut.path])
        #expect(short.status == 1)
        #expect(short.stderr == "yajlmap: error: \(cut.path): gzip stream ends early\n")
    }

    @Test func gzippedStandardInputInProcess() throws {
        let result = try runInProcess(["format", "--compact"], stdinBytes: gzip("[ 1 , { \"x\" : \"y\" } ]"))
        #expect(result.stdout == "[1,{\"x\":\"y\"}]\n")
    }
}

@Suite("yajlmap binary on gzipped standard input", .enabled(if: yajlmapBinary != nil))
struct GzipStandardInputBinaryTests {
    @Test func everyCommandReadsGzippedStdin() throws {
        let ok = try runBinary(["validate", "-"], stdin: gzip("{\"a\": 1}") + gzip("\n"))
        #expect(ok.status == 0)
        #expect(ok.stderr == "1 file checked: 1 valid, 0 invalid\n")
        let bad = try runBinary(["validate", "-"], stdin: gzip("{\"a\": 1,\n\"b\"}"))
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("<stdin>:2:4: error: object key and value must be separated by a colon"))
        let formatted = try runBinary(["format", "--compact"], stdin: gzip("[ 1 , { \"x\" : \"y\" } ]"))
        #expect(formatted.stdout == "[1,{\"x\":\"y\"}]\n")
        let got = try runBinary(["get", "1.x"], stdin: gzip("[1, {\"x\": \"y\"}]"))
        #expect(got.stdout == "y\n")
        let page = try githubFixture("search/generated-100.json")
        let decoded = try runBinary(["decode", "--format", "ndjson"], stdin: gzip(page))
        #expect(decoded.status == 0)
        #expect(decoded.stdout == (try runBinary(["decode", "--format", "ndjson"], stdin: page)).stdout)
    }

    @Test func corruptStdinExitsOne() throws {
        let result = try runBinary(["validate", "-"], stdin: spoiledCRC(gzip("[1]")))
        #expect(result.status == 1)
        #expect(result.stdout == "<stdin>: error: gzip data is corrupt: incorrect data check\n")
        let cut = try runBinary(["format"], stdin: gzip("[1, 2]").prefix(11))
        #expect(cut.status == 1)
        #expect(cut.stderr == "yajlmap: error: <stdin>: gzip stream ends early\n")
    }
}
