import Foundation
import GzipTestSupport
import Testing

/// Where `python3` is, if it is installed.
let python3Path = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"]
    .first(where: { FileManager.default.isExecutableFile(atPath: $0) })

/// Runs the built `yajlmap` with its standard output written to `output` and returns its
/// exit status and peak resident memory in bytes, or `nil` without `python3`.
///
/// Measured by a small Python parent (`RUSAGE_CHILDREN` after waiting): Linux counts in a
/// program's peak the memory of the process that started it, as it was when the program
/// replaced it, so starting `yajlmap` straight from this large test process would report
/// this process's size. Python's own size (about 10 MB) is far below the budget.
func peakMemoryOfBinary(_ arguments: [String], output: URL) throws -> (status: Int32, peakBytes: Int)? {
    guard let binary = yajlmapBinary, let python = python3Path else { return nil }
    let script = """
        import resource, subprocess, sys
        with open(sys.argv[1], "wb") as out:
            run = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL)
        print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, output.path, binary.path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: output, as: UTF8.self).split(separator: " ")
    guard process.terminationStatus == 0, fields.count == 2,
        let status = Int32(fields[0]), let kilobytes = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw CocoaError(.fileReadCorruptFile) }
    // Linux reports ru_maxrss in kilobytes.
    return (status, kilobytes * 1024)
}

@Suite("Streaming memory")
struct StreamingMemoryTests {
    /// A 5,000-item page is about 26 MB: held whole with its tree it alone would pass the
    /// 32 MB budget, so staying under it means the items were mapped one at a time.
    @Test(
        "decode --model search streams a large page under 32 MB, every item written",
        .enabled(if: python3Path != nil, "python3 measures the child's peak memory"), arguments: ["ndjson", "csv"])
    func largePageStaysUnderBudget(format: String) throws {
        let dir = try temporaryDirectory()
        let page = dir.appendingPathComponent("page.json")
        let generated = try runBinary(["fixtures", "generate", "--items", "5000", "--out", page.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int)
        #expect(size > 25_000_000)

        let output = dir.appendingPathComponent("out")
        let measured = try peakMemoryOfBinary(
            ["decode", "--model", "search", "--format", format, page.path], output: output)
        let (status, peak) = try #require(measured)
        #expect(status == 0)
        #expect(peak < 32 * 1024 * 1024, "peak \(peak) bytes")
        #expect(peak > 4 * 1024 * 1024, "peak \(peak) bytes: not a real measurement")

        // Every item is there: one line each in ndjson; CSV records end in CRLF and may hold
        // line breaks in quoted descriptions, so count their URLs.
        let written = try String(contentsOf: output, encoding: .utf8)
        if format == "ndjson" {
            #expect(written.utf8.split(separator: UInt8(ascii: "\n")).count == 5000)
        } else {
            #expect(written.hasPrefix("full_name,html_url,"))
            #expect(written.components(separatedBy: ",https://github.com/").count - 1 == 5000)
        }
    }

    /// The same page gzipped: inflated on a second thread through a few fixed buffers.
    @Test(
        "decode --model search streams a gzipped large page under 32 MB",
        .enabled(if: python3Path != nil, "python3 measures the child's peak memory"))
    func gzippedPageStaysUnderBudget() throws {
        let dir = try temporaryDirectory()
        let page = dir.appendingPathComponent("page.json")
        let generated = try runBinary(["fixtures", "generate", "--items", "5000", "--out", page.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let compressed = dir.appendingPathComponent("page.json.gz")
        try Data(Gzip.compress([UInt8](try Data(contentsOf: page)), level: 1)).write(to: compressed)

        let output = dir.appendingPathComponent("out")
        let measured = try peakMemoryOfBinary(
            ["decode", "--model", "search", "--format", "ndjson", compressed.path], output: output)
        let (status, peak) = try #require(measured)
        #expect(status == 0)
        #expect(peak < 32 * 1024 * 1024, "peak \(peak) bytes")
        #expect(peak > 4 * 1024 * 1024, "peak \(peak) bytes: not a real measurement")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.utf8.split(separator: UInt8(ascii: "\n")).count == 5000)
    }

    /// What `validate` on every core holds of a big file: a stretch's pages per thread, given
    /// back once read, whether the file splits between the elements of its array (a page),
    /// is checked serially after a mistake near its end, or does not split at all (an array
    /// of numbers). Each file is over 100 MB, so holding it whole passes the 64 MB budget.
    @Test(
        "validate --jobs 2 checks a big file under 64 MB, whatever its shape",
        .enabled(if: python3Path != nil, "python3 measures the child's peak memory"),
        arguments: ["page", "page with a mistake at its end", "array of numbers"])
    func validationStaysUnderBudget(shape: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.json")
        if shape == "array of numbers" {
            let numbers = Array(repeating: "12345.678,", count: 11_000_000).joined()
            try Data(("[" + numbers + "0]").utf8).write(to: file)
        } else {
            let generated = try runBinary(["fixtures", "generate", "--items", "20000", "--out", file.path])
            #expect(generated.status == 0, "\(generated.stderr)")
            if shape != "page" {
                let handle = try FileHandle(forWritingTo: file)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("x".utf8))
                try handle.close()
            }
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size > 100_000_000)

        let measured = try peakMemoryOfBinary(
            ["validate", "--jobs", "2", file.path], output: dir.appendingPathComponent("out"))
        let (status, peak) = try #require(measured)
        #expect(status == (shape == "page with a mistake at its end" ? 1 : 0))
        #expect(peak < 64 * 1024 * 1024, "peak \(peak) bytes")
        #expect(peak > 4 * 1024 * 1024, "peak \(peak) bytes: not a real measurement")
    }
}
