import Foundation
import YajlMapper

/// Reads event files (GH Archive's hourly files: one event per line, often gzipped; the
/// events API's pages written as JSON Lines) in constant memory, on several threads: the
/// input is read in windows of 4 MiB cut after their last line break; each window's lines
/// are mapped on the threads, in stretches (leniently: every problem is kept, located in the
/// file), then handed over in order on the caller's thread.
///
/// ```swift
/// var pushes = 0
/// try GitHubEventFile.read(.file("2025-01-15-14.json.gz")) { line in
///     if case .push? = line.event?.payload { pushes += 1 }
/// }
/// ```
public enum GitHubEventFile {
    /// What one line gave.
    public struct Line: Sendable {
        /// The event, or `nil` when the line is not JSON or its root is not an object.
        public var event: GitHubEvent?
        /// Its mapping problems, located in the file.
        public var problems: [MappingProblem] = []
        /// Why the line is not JSON, located in the file.
        public var parseError: JSONParseError?
        /// The line's number in the file, from 1.
        public var number: Int
    }

    /// The input could not be read to its end (a cut or corrupt gzip member, a read error):
    /// the lines before the one it stopped in were handed over.
    public struct InputError: Error, CustomStringConvertible {
        /// The line the input stopped in, from 1.
        public var line: Int
        /// Why (a ``GzipInputError``, a ``JSONInputError``).
        public var error: any Error

        /// `line L: the error`.
        public var description: String { "line \(line): \(error)" }
    }

    /// A failure of `deliver`, told apart from the input's.
    private struct DeliveryFailure: Error {
        /// What `deliver` threw.
        let error: any Error
    }

    /// The window the lines are read in.
    static let windowBytes = 4 << 20

    /// Maps every line of `input` (blank lines are passed over) on `jobs` threads (0: every
    /// core), turns each into an output with `transform` on the thread that mapped it, and
    /// hands the outputs to `deliver` in order.
    /// - Returns: how many events were read.
    /// - Throws: what `deliver` throws; ``InputError`` when the input cannot be read to its
    ///   end, once the whole lines before were handed over.
    @discardableResult
    public static func read<Output>(
        _ input: JSONInput, jobs: Int = 0, transform: @escaping @Sendable (Line) -> Output,
        deliver: (Output) throws -> Void
    ) throws -> Int {
        try read(chunks: { try input.read(chunkSize: 1 << 20, $0) }, jobs: jobs, transform: transform, deliver: deliver)
    }

    /// ``read(_:jobs:transform:deliver:)`` with each line as it is.
    @discardableResult
    public static func read(_ input: JSONInput, jobs: Int = 0, _ deliver: (Line) throws -> Void) throws -> Int {
        try read(input, jobs: jobs, transform: { $0 }, deliver: deliver)
    }

    /// ``read(_:jobs:transform:deliver:)`` over a file held in memory.
    @discardableResult
    public static func read<Output>(
        bytes: some ContiguousBytes, jobs: Int = 0, transform: @escaping @Sendable (Line) -> Output,
        deliver: (Output) throws -> Void
    ) throws -> Int {
        try bytes.withUnsafeBytes { bytes in
            try read(chunks: { try $0(bytes) }, jobs: jobs, transform: transform, deliver: deliver)
        }
    }

    /// Reads the chunks `chunks` hands its body, as ``read(_:jobs:transform:deliver:)`` does.
    private static func read<Output>(
        chunks: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void, jobs: Int,
        transform: @escaping @Sendable (Line) -> Output, deliver: (Output) throws -> Void
    ) throws -> Int {
        // (`deliver` runs only during this call: the chunks' body, which calls it, does not escape.)
        try withoutActuallyEscaping(deliver) { deliver in
            try read(chunks: chunks, threads: parallelThreads(jobs: jobs), transform: transform, deliver: deliver)
        }
    }

    /// ``read(chunks:jobs:transform:deliver:)`` on `threads` threads.
    private static func read<Output>(
        chunks: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void, threads: Int,
        transform: @escaping @Sendable (Line) -> Output, deliver: @escaping (Output) throws -> Void
    ) throws -> Int {
        var pending: [UInt8] = []
        var window = (offset: 0, line: 1)
        var count = 0
        /// Maps and delivers the lines of `pending` before `end`, and drops them.
        func flush(upTo end: Int) throws {
            let (lines, breaks) = pending.withUnsafeBytes {
                Self.lines(of: UnsafeRawBufferPointer(rebasing: $0[..<end]))
            }
            let stretches = min(lines.count, threads * 4)
            var outputs = [[Output]](repeating: [], count: stretches)
            let start = window
            pending.withUnsafeBytes { bytes in
                outputs.withUnsafeMutableBufferPointer { slots in
                    // Each stretch reads the window and writes its own slot.
                    nonisolated(unsafe) let slots = slots
                    forEachOnThreads(stretches, threads: threads) { s in
                        let range = (lines.count * s / stretches)..<(lines.count * (s + 1) / stretches)
                        slots[s] = lines[range].map { line in
                            transform(
                                map(
                                    UnsafeRawBufferPointer(rebasing: bytes[line.range]),
                                    offset: start.offset + line.range.lowerBound, line: start.line + line.number))
                        }
                    }
                }
            }
            for output in outputs.joined() { try deliver(output) }
            count += lines.count
            window.line += breaks
            window.offset += end
            pending.removeSubrange(..<end)
        }
        do {
            try chunks { chunk in
                pending.append(contentsOf: chunk)
                guard pending.count >= windowBytes, let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { return }
                do { try flush(upTo: last + 1) } catch { throw DeliveryFailure(error: error) }
            }
        } catch let failure as DeliveryFailure {
            throw failure.error
        } catch {
            // The whole lines read before the input stopped, then where it stopped.
            try flush(upTo: pending.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)
            throw InputError(line: window.line, error: error)
        }
        try flush(upTo: pending.count)
        return count
    }

    /// The lines of `bytes` that hold something (their range and their number from 0), and
    /// how many line breaks there are.
    private static func lines(
        of bytes: UnsafeRawBufferPointer
    ) -> (lines: [(range: Range<Int>, number: Int)], breaks: Int) {
        var lines: [(range: Range<Int>, number: Int)] = []
        var (start, number) = (0, 0)
        guard let base = bytes.baseAddress else { return ([], 0) }
        while start <= bytes.count {
            let found = memchr(base + start, 0x0A, bytes.count - start)
            let end = found.map { UnsafeRawPointer($0) - base } ?? bytes.count
            // (A line usually starts with its `{`: blank ones are told apart at their first bytes.)
            if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                lines.append((start..<end, number))
            }
            if end == bytes.count { break }
            (start, number) = (end + 1, number + 1)
        }
        return (lines, number)
    }

    /// One line mapped, its problems moved to where the line is in the file.
    private static func map(_ line: UnsafeRawBufferPointer, offset: Int, line number: Int) -> Line {
        do {
            let result = try Mapper<GitHubEvent>().mapResult(bytes: line)
            let problems = result.problems.map { problem in
                var problem = problem
                problem.location = problem.location.map {
                    JSONLocation(offset: offset + $0.offset, line: number + $0.line - 1, column: $0.column)
                }
                return problem
            }
            return Line(event: result.value, problems: problems, number: number)
        } catch var error as JSONParseError {
            error.line += number - 1
            error.offset += offset
            return Line(parseError: error, number: number)
        } catch {
            return Line(
                parseError: JSONParseError(kind: .syntax, message: "\(error)", offset: offset, line: number, column: 1),
                number: number)
        }
    }
}
