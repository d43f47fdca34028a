import CommandLineOutput
import Foundation
import Testing
import YajlMapCLI

@Suite("Table width")
struct TerminalWidthTests {
    @Test func resolutionOrder() {
        // --width, then the terminal, then COLUMNS, then 80; bad values are skipped.
        #expect(TerminalWidth.resolve(option: 50, terminalColumns: 132, environment: ["COLUMNS": "60"]) == 50)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: 132, environment: ["COLUMNS": "60"]) == 132)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: 132, environment: [:]) == 132)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: nil, environment: ["COLUMNS": "60"]) == 60)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: 0, environment: ["COLUMNS": "60"]) == 60)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: nil, environment: ["COLUMNS": "wide"]) == 80)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: nil, environment: ["COLUMNS": "-3"]) == 80)
        #expect(TerminalWidth.resolve(option: nil, terminalColumns: nil, environment: [:]) == 80)
    }

    @Test func notATerminalHasNoColumns() throws {
        let url = try temporaryFile("plain", contents: Data())
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        #expect(TerminalWidth.columns(of: handle.fileDescriptor) == nil)
        #expect(TerminalWidth.columns(of: -1) == nil)
    }

    @Test func decodeUsesTheTerminalsWidth() throws {
        // Standard output on a terminal of 100 columns, no --width: rows fit 100 columns
        // (whatever COLUMNS this process has); --width still wins.
        for (arguments, width) in [([String](), 100), (["--width", "70"], 70)] {
            var out: [UInt8] = []
            let io = CommandIO(
                stdin: .file(fixture("search/schema-2019.json")), stdoutColumns: 100,
                out: { out.append(contentsOf: $0) }, err: { _ in })
            #expect(YajlMapCommand.run(["decode", "--format", "table"] + arguments + ["-"], io: io) == 0)
            let rows = String(decoding: out, as: UTF8.self).split(separator: Character("\n")).dropFirst()
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0.count <= width } && rows.contains { $0.count == width }, "\(width)")
        }
    }

    /// The built binary with stdout on a real pseudo-terminal of `columns` (python3's pty).
    private func runOnTerminal(columns: Int, _ arguments: [String], environment: [String: String]) throws -> String {
        let script = """
            import fcntl, os, struct, subprocess, sys, termios
            columns = int(sys.argv[1])
            master, slave = os.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
            attributes = termios.tcgetattr(slave)
            attributes[1] &= ~termios.OPOST  # no \\r before each \\n
            termios.tcsetattr(slave, termios.TCSANOW, attributes)
            child = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=slave)
            os.close(slave)
            output = b""
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not data:
                    break
                output += data
            sys.stdout.buffer.write(output)
            sys.exit(child.wait())
            """
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script, String(columns), yajlmapBinary!.path] + arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: python != nil && yajlmapBinary != nil))
    func binaryOnATerminalUsesItsWidth() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        let path = fixture("search/schema-2019.json")
        for columns in [100, 132] {
            // The table is the default on a terminal.
            let rows = try runOnTerminal(columns: columns, ["decode", path], environment: environment)
                .split(separator: Character("\n")).dropFirst()
            #expect(rows.count == 2, "\(columns)")
            #expect(rows.allSatisfy { $0.count <= columns } && rows.contains { $0.count == columns }, "\(columns)")
        }
        // The terminal's width wins over a stale COLUMNS; --width over both.
        environment["COLUMNS"] = "60"
        let stale = try runOnTerminal(columns: 100, ["decode", path], environment: environment)
        let staleRows = stale.split(separator: Character("\n")).dropFirst()
        #expect(staleRows.contains { $0.count == 100 })
        let given = try runOnTerminal(columns: 100, ["decode", "--width", "90", path], environment: environment)
        let givenRows = given.split(separator: Character("\n")).dropFirst()
        #expect(givenRows.count == 2 && givenRows.allSatisfy { $0.count <= 90 })
        // Off a terminal, COLUMNS.
        let piped = try runBinary(["decode", "--format", "table", path], environment: environment)
        let pipedRows = piped.stdout.split(separator: Character("\n")).dropFirst()
        #expect(pipedRows.allSatisfy { $0.count <= 60 } && pipedRows.contains { $0.count == 60 })
    }
}

/// A file in `Fixtures/github`.
private func fixture(_ path: String) -> String {
    packageRoot.appendingPathComponent("Fixtures/github/\(path)").path
}

/// `python3` on the PATH, or `nil`.
private let python: URL? = {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}()
