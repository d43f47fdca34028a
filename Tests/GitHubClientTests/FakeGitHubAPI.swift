import Foundation
import GitHubClient
import GitHubRequests

/// The fake GitHub API (fake_github_api.py), started for one test and stopped after it.
final class FakeGitHubAPI {
    /// A token no real response would hold, to look for in every message.
    static let token = "ghp_YAJLTEST_s3cr3t_7f3a9c0d"

    /// `python3` on the PATH, or `nil`.
    static let python: URL? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    /// Whether the tests that need the server can run.
    static var isAvailable: Bool { python != nil }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "fake_github_api.py")

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// The API root on 127.0.0.1.
    let baseURL: URL
    /// The same API on another host (127.0.0.2 or localhost).
    let otherBaseURL: URL

    init() throws {
        guard let python = Self.python else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = python
        process.arguments = [Self.script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = Self.readLines(2, from: output.fileHandleForReading)
        guard lines.count == 2, let port = Int(lines[0]), let other = URL(string: lines[1]) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        otherBaseURL = other
    }

    private static func readLines(_ count: Int, from handle: FileHandle) -> [String] {
        var bytes: [UInt8] = []
        while bytes.filter({ $0 == UInt8(ascii: "\n") }).count < count {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// A client of this server, with the test token unless told otherwise.
    func client(
        token: String? = FakeGitHubAPI.token, requestTimeout: TimeInterval = 10,
        resourceTimeout: TimeInterval = 20, path: String = ""
    ) -> GitHubClient {
        GitHubClient(
            baseURL: URL(string: baseURL.absoluteString + path)!, token: token,
            requestTimeout: requestTimeout, resourceTimeout: resourceTimeout)
    }

    /// Runs `body` with a fresh server, stopped afterwards.
    static func with<T>(_ body: (FakeGitHubAPI) async throws -> T) async throws -> T {
        let api = try FakeGitHubAPI()
        defer { api.stop() }
        return try await body(api)
    }
}

/// A port nothing listens on: bound, then closed.
func closedPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A search for one route of the fake API.
func route(_ name: String) -> GitHubSearchQuery { GitHubSearchQuery(name) }

/// The error `body` throws, or `nil`.
func thrownError(_ body: () async throws -> some Any) async -> Error? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// Every way an error can be shown: description, debug description, dump.
func everyRendering(_ value: Any) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    return "\(value)\n\(String(reflecting: value))\n\(dumped)\((value as? Error)?.localizedDescription ?? "")"
}
