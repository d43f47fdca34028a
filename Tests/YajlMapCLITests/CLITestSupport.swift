import CommandLineOutput
import Foundation
import YajlMapCLI
import YajlMapper

/// The result of one `yajlmap` run.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the command in-process with captured streams.
func runInProcess(_ arguments: [String], stdin: String? = nil) throws -> RunResult {
    try runInProcess(arguments, stdinBytes: stdin.map { Data($0.utf8) })
}

/// Runs the command in-process with captured streams, standard input holding `stdinBytes`.
func runInProcess(_ arguments: [String], stdinBytes: Data?) throws -> RunResult {
    var out: [UInt8] = []
    var err = ""
    var stdinFile: URL?
    var input = JSONInput.standardInput
    if let stdinBytes {
        let url = try temporaryFile("stdin.json", contents: stdinBytes)
        stdinFile = url
        input = .file(url.path)
    }
    // The file's own folder goes too (each temporary file has one).
    defer { if let stdinFile { try? FileManager.default.removeItem(at: stdinFile.deletingLastPathComponent()) } }
    let io = CommandIO(stdin: input, out: { out.append(contentsOf: $0) }, err: { err += $0 })
    let status = YajlMapCommand.run(arguments, io: io)
    return RunResult(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: err)
}

/// The package root, from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The `yajlmap` binary beside the test bundle (SwiftPM builds it with the tests).
let yajlmapBinary: URL? = {
    var candidates: [URL] = []
    if let argument = CommandLine.arguments.first {
        var dir = URL(fileURLWithPath: argument).deletingLastPathComponent()
        // The bundle may be a directory (…/X.xctest/…) on some layouts: walk up a little.
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("yajlmap"))
            dir = dir.deletingLastPathComponent()
        }
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/yajlmap"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// Runs the built binary as a separate process; its streams go through files, so a
/// large output can never block it.
func runBinary(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> RunResult {
    guard let binary = yajlmapBinary else { throw CocoaError(.fileNoSuchFile) }
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let inURL = dir.appendingPathComponent("in"), outURL = dir.appendingPathComponent("out"),
        errURL = dir.appendingPathComponent("err")
    try (stdin ?? Data()).write(to: inURL)
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// The folder under which this test process makes its temporary folders, removed when the
/// process exits (tests that keep a folder to the end need not remove it themselves).
let temporaryRoot: URL = {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("yajlmap-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: temporaryRoot) }
    return url
}()

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = temporaryRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A temporary file with the given contents.
func temporaryFile(_ name: String, contents: Data) throws -> URL {
    let url = try temporaryDirectory().appendingPathComponent(name)
    try contents.write(to: url)
    return url
}
