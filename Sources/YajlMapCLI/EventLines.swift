import Foundation
import GitHubModels
import YajlMapper

/// Reads event files (GH Archive's hours: one event per line, often gzipped) in constant
/// memory on several threads: the input is read in windows of ``windowBytes`` cut after
/// their last line break; each window's lines are mapped on the threads, in stretches, and
/// handed over in order on the caller's thread.
enum EventLines {
    /// What one line gave.
    struct Line {
        /// The event's record (`toJSON`, `null` for absent values), or `nil` when the line
        /// is not JSON or its root is not an object.
        var record: JSON? = nil
        /// The event's type.
        var type: String
        /// Its mapping problems, located in the file.
        var problems: [MappingProblem]
        /// Why the line is not JSON, located in the file.
        var parseError: JSONParseError? = nil
    }

    /// The window the lines are read in.
    static let windowBytes = 4 << 20

    /// Maps every line of `input` (blank lines are passed over) as a ``GitHubEvent``, on
    /// `jobs` threads (0: every core), and hands each line's outcome to `deliver`, in order.
    /// - Returns: how many events were read.
    /// - Throws: what reading the input or `deliver` throws.
    @discardableResult
    static func read(_ input: JSONInput, jobs: Int, _ deliver: (Line) throws -> Void) throws -> Int {
        let threads = parallelThreads(jobs: jobs)
        var pending: [UInt8] = []
        var window = (offset: 0, line: 1)
        var count = 0
        /// Maps and delivers the lines of `pending` before `end`, and drops them.
        func flush(upTo end: Int) throws {
            let lines = pending.withUnsafeBytes { Self.lines(of: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
            let stretches = min(lines.count, threads * 4)
            var outcomes = [[Line]](repeating: [], count: stretches)
            pending.withUnsafeBytes { bytes in
                outcomes.withUnsafeMutableBufferPointer { slots in
                    // Each stretch reads the window and writes its own slot.
                    nonisolated(unsafe) let slots = slots
                    forEachOnThreads(stretches, threads: threads) { s in
                        let range = (lines.count * s / stretches)..<(lines.count * (s + 1) / stretches)
                        slots[s] = lines[range].map { line in
                            map(
                                UnsafeRawBufferPointer(rebasing: bytes[line.range]),
                                offset: window.offset + line.range.lowerBound, line: window.line + line.number)
                        }
                    }
                }
            }
            for outcome in outcomes.joined() { try deliver(outcome) }
            count += lines.count
            window.line += pending[..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            window.offset += end
            pending.removeSubrange(..<end)
        }
        try input.read(chunkSize: 1 << 20) { chunk in
            pending.append(contentsOf: chunk)
            guard pending.count >= windowBytes, let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { return }
            try flush(upTo: last + 1)
        }
        try flush(upTo: pending.count)
        return count
    }

    /// The lines of `bytes` that hold something: their range and their number from 0.
    private static func lines(of bytes: UnsafeRawBufferPointer) -> [(range: Range<Int>, number: Int)] {
        var lines: [(range: Range<Int>, number: Int)] = []
        var start = 0
        var number = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "\n") {
            if bytes[start..<i].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                lines.append((start..<i, number))
            }
            start = i + 1
            number += 1
        }
        return lines
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
            let record = result.value.map { Mapper<GitHubEvent>(shouldIncludeNilValues: true).toJSONValue($0) }
            return Line(record: record, type: result.value?.type ?? "", problems: problems)
        } catch var error as JSONParseError {
            error.line += number - 1
            error.offset += offset
            return Line(type: "", problems: [], parseError: error)
        } catch {
            let parseError = JSONParseError(
                kind: .syntax, message: "\(error)", offset: offset, line: number, column: 1)
            return Line(type: "", problems: [], parseError: parseError)
        }
    }
}
