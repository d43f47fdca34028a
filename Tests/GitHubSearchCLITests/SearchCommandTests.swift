import CommandLineOutput
import Foundation
import Testing

@testable import GitHubSearchCLI

/// The fake GitHub API of GitHubClientTests, started for one test.
final class LoopbackAPI {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../GitHubClientTests/fake_github_api.py").standardized
    static let available =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        && FileManager.default.fileExists(atPath: script.path)

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    let baseURL: String

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        let port = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
}

struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
}

func search(_ arguments: [String], environment: [String: String] = [:]) async -> Output {
    let out = Captured(), err = Captured()
    let io = CommandIO(out: { out.bytes.append(contentsOf: $0) }, err: { err.bytes.append(contentsOf: Array($0.utf8)) })
    let status = await SearchCommand.run(arguments, io: io, environment: environment)
    return Output(status: status, stdout: out.text, stderr: err.text)
}

final class Captured: @unchecked Sendable {
    var bytes: [UInt8] = []
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

@Suite("yajlmap search (one request)", .enabled(if: LoopbackAPI.available))
struct SearchCommandTests {
    static let token = "ghp_SEARCHCLI_never_print_me_42"

    @Test func printsThePageInEveryFormat() async throws {
        let api = try LoopbackAPI()
        let ndjson = await search(["ok", "--api-url", api.baseURL, "--format", "ndjson"])
        #expect(ndjson.status == 0, "\(ndjson.stderr)")
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.contains("\"full_name\"") })
        let table = await search(["ok", "--api-url", api.baseURL, "--format", "table", "--width", "100"])
        #expect(table.status == 0)
        #expect(table.stdout.split(separator: "\n").first?.hasSuffix("results") == true)
        #expect(table.stdout.split(separator: "\n").count == 3)
        let csv = await search(["ok", "--api-url", api.baseURL, "--format", "csv"])
        #expect(csv.stdout.hasPrefix("full_name,html_url,stargazers_count"))
        let json = await search(["ok", "--api-url", api.baseURL, "--format", "json"])
        #expect(json.stdout.contains("\"total_count\""))
        let empty = await search(["empty", "--api-url", api.baseURL, "--format", "table"])
        #expect(empty.stdout == "0 results\n")
    }

    @Test(arguments: [
        ("rate-limit", "rate limit"),
        ("invalid", "Validation Failed"),
        ("server-error", "500"),
        ("not-json", "not JSON"),
        ("bad-shape", "items[1].owner.login"),
    ])
    func apiErrorsExitOneWithTheirMessage(_ route: String, _ expected: String) async throws {
        let api = try LoopbackAPI()
        let tokenFile = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID())")
        try Data((Self.token + "\n").utf8).write(to: tokenFile)
        defer { try? FileManager.default.removeItem(at: tokenFile) }
        let result = await search([
            route, "--api-url", api.baseURL, "--token-file", tokenFile.path, "--format", "ndjson",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("yajlmap: error: "))
        #expect(result.stderr.localizedCaseInsensitiveContains(expected), "\(result.stderr)")
        #expect(!result.stderr.contains(Self.token) && !result.stdout.contains(Self.token))
    }

    @Test func offlineIsAnErrorNotACrash() async throws {
        // A port nothing listens on.
        let result = await search(["ok", "--api-url", "http://127.0.0.1:9", "--format", "ndjson"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot connect"), "\(result.stderr)")
    }

    @Test(arguments: [
        [], ["--sort", "likes", "x"], ["--per-page", "101", "x"], ["--format", "xml", "x"], ["--bogus", "x"],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) async {
        let result = await search(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("yajlmap: error: "))
    }

    @Test func help() async {
        let result = await search(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: yajlmap search QUERY"))
    }

    @Test func queryOptionsReachTheRequest() async throws {
        let options = try SearchCommand.Options(
            [
                "tetris", "language:swift", "--sort", "stars", "--order", "asc",
                "--per-page", "50", "--page", "2",
            ], environment: [:])
        #expect(options.query.text == "tetris language:swift")
        #expect(options.query.sort == .stars)
        #expect(options.query.order == .asc)
        #expect(options.query.perPage == 50)
        #expect(options.query.page == 2)
    }

    @Test func tableWidthIsTheTerminalsThenColumns() throws {
        // On a terminal, its width (not a stale COLUMNS); off one, COLUMNS; --width wins.
        #expect(try SearchCommand.Options(["x"], environment: ["COLUMNS": "60"], terminalColumns: 132).width == 132)
        #expect(try SearchCommand.Options(["x"], environment: ["COLUMNS": "60"], terminalColumns: nil).width == 60)
        #expect(try SearchCommand.Options(["x"], environment: [:], terminalColumns: nil).width == 80)
        #expect(
            try SearchCommand.Options(["x", "--width", "90"], environment: ["COLUMNS": "60"], terminalColumns: 132)
                .width == 90)
    }
}
