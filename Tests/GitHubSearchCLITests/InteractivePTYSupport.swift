import Foundation

/// Runs `yajlmap-search --interactive` in a pseudo-terminal (pty_driver.py) against the fake
/// GitHub API of GitHubClientTests (fake_github_api.py), both started per test.
enum InteractivePTY {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let driverScript = testsDirectory.appendingPathComponent("pty_driver.py")
    static let fakeAPIScript = testsDirectory.deletingLastPathComponent()
        .appendingPathComponent("GitHubClientTests/fake_github_api.py")

    /// `python3` on the PATH, or `nil`.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    /// The `yajlmap-search` binary beside the test bundle (SwiftPM builds it with the tests).
    static let binary: URL? = {
        var candidates: [URL] = []
        if let argument = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: argument).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("yajlmap-search"))
                directory = directory.deletingLastPathComponent()
            }
        }
        candidates.append(
            testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/yajlmap-search"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether the tests can run: python3, both scripts and the binary are there.
    static var isAvailable: Bool {
        python != nil && binary != nil
            && FileManager.default.fileExists(atPath: driverScript.path)
            && FileManager.default.fileExists(atPath: fakeAPIScript.path)
    }

    /// One step of a pty_driver.py script.
    enum Step: Encodable {
        /// Types the text (escape sequences included).
        case send(String)
        /// Waits until the screen shows the text (on `row`, 0-based, when one is given).
        case wait(String, row: Int? = nil, timeout: Double = 10)
        /// Waits until the screen no longer shows the text.
        case gone(String, timeout: Double = 10)
        /// Resizes the terminal and sends SIGWINCH.
        case resize(columns: Int, rows: Int)
        /// Sends a signal.
        case signal(Int32)
        /// Waits for the program to exit.
        case exit(timeout: Double = 10)

        static let down = send("\u{1B}[B")
        static let up = send("\u{1B}[A")
        static let enter = send("\r")
        static let escape = send("\u{1B}")
        static let controlC = send("\u{03}")
        static let backspace = send("\u{7F}")

        private enum Key: String, CodingKey { case send, wait, row, gone, timeout, resize, signal, exit }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .send(let text): try container.encode(text, forKey: .send)
            case .wait(let text, let row, let timeout):
                try container.encode(text, forKey: .wait)
                try container.encodeIfPresent(row, forKey: .row)
                try container.encode(timeout, forKey: .timeout)
            case .gone(let text, let timeout):
                try container.encode(text, forKey: .gone)
                try container.encode(timeout, forKey: .timeout)
            case .resize(let columns, let rows): try container.encode([columns, rows], forKey: .resize)
            case .signal(let number): try container.encode(number, forKey: .signal)
            case .exit(let timeout): try container.encode(timeout, forKey: .exit)
            }
        }
    }

    /// What pty_driver.py reports.
    struct Report: Decodable {
        struct StepResult: Decodable {
            var ok: Bool
            var screen: String
        }

        var steps: [StepResult]
        /// The index of the step that failed.
        var failed: Int?
        /// The exit status; `nil` when the program had to be killed.
        var status: Int?
        /// The output ended by leaving the alternate screen and showing the cursor.
        var sequences_restored: Bool
        /// The terminal's settings after the program equal those before it.
        var termios_restored: Bool
        /// The program turned echo off (raw mode) while it ran.
        var entered_raw: Bool

        /// The screen after step `index`.
        func screen(_ index: Int) -> String { steps.indices.contains(index) ? steps[index].screen : "" }

        /// Which step failed, with the screen then, for a failure message.
        var failure: String {
            guard let failed else { return "" }
            return "step \(failed) failed; screen:\n\(screen(failed))"
        }
    }

    /// Starts the fake API, runs the binary in a `columns` x `rows` pseudo-terminal through
    /// the steps, and stops the API. Runs on a thread of its own, off the test pool.
    /// Runs the steps; `throughYajlmap` starts `yajlmap search --interactive` (which runs
    /// `yajlmap-search` itself) instead of `yajlmap-search --interactive`.
    static func run(
        _ steps: [Step], columns: Int = 80, rows: Int = 24, throughYajlmap: Bool = false
    ) async throws -> Report {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        try runBlocking(steps, columns: columns, rows: rows, throughYajlmap: throughYajlmap)
                    })
            }.start()
        }
    }

    private static func runBlocking(_ steps: [Step], columns: Int, rows: Int, throughYajlmap: Bool) throws -> Report {
        guard let python, let binary else { throw CocoaError(.fileNoSuchFile) }
        let program =
            throughYajlmap
            ? [binary.deletingLastPathComponent().appendingPathComponent("yajlmap").path, "search"]
            : [binary.path]
        let api = Process()
        let apiInput = Pipe(), apiOutput = Pipe()
        api.executableURL = python
        api.arguments = [fakeAPIScript.path]
        api.standardInput = apiInput
        api.standardOutput = apiOutput
        try api.run()
        defer {
            try? apiInput.fileHandleForWriting.close()
            if api.isRunning { api.terminate() }
            api.waitUntilExit()
        }
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = apiOutput.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        guard let port = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.flatMap({ Int($0) }) else {
            throw CocoaError(.fileReadCorruptFile)
        }

        let driver = Process()
        let script = Pipe(), report = Pipe()
        driver.executableURL = python
        driver.arguments =
            [driverScript.path, String(columns), String(rows)] + program
            + ["--interactive", "--api-url", "http://127.0.0.1:\(port)"]
        driver.standardInput = script
        driver.standardOutput = report
        try driver.run()
        script.fileHandleForWriting.write(try JSONEncoder().encode(steps))
        try script.fileHandleForWriting.close()
        let output = report.fileHandleForReading.readDataToEndOfFile()
        driver.waitUntilExit()
        return try JSONDecoder().decode(Report.self, from: output)
    }
}
