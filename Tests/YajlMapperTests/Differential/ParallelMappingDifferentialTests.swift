import Foundation
import Testing

@testable import YajlMapper

// A stream read on several threads (MappingStreamParser.read(chunks:jobs:windowSize:), in
// windows of a few hundred bytes so that small pages split into many stretches) against the
// same stream read on one: the same models in the same order, the same count, problems
// (kinds, key paths with the element's index in the whole array, lines, columns, order),
// envelope and locations, the same problems thrown in strict mode, the same parse error.
// Pages: the generated pages of MappingDifferentialPages.swift with 40 to 120 items, after
// the same mutations as the stream's own differential tests, in every layout; then damaged
// byte by byte, near the windows' splits and anywhere.

enum PDiffMain: DiffEpoch { static let probe = DiffOrderProbe() }

/// What one read gave.
private struct Read: Equatable {
    var models: [DiffRepo<PDiffMain>] = []
    var count: Int?
    var problems: [MappingProblem] = []
    var envelope: JSON?
    var locations: [JSONLocation?] = []
    var thrown: [MappingProblem]?
    var error: String?
    /// How many elements other threads mapped (not compared).
    var stretches = 0

    static func == (a: Read, b: Read) -> Bool {
        a.models == b.models && a.count == b.count && a.problems == b.problems && a.envelope == b.envelope
            && a.locations == b.locations && a.thrown == b.thrown && a.error == b.error
    }
}

/// Reads `text`'s `items` on `jobs` threads in windows of `window` bytes, from chunks of
/// `chunk` bytes (0: the whole text at once).
private func read(_ text: [UInt8], jobs: Int, window: Int, chunk: Int, strict: Bool) -> Read {
    var result = Read()
    var models: [DiffRepo<PDiffMain>] = []
    let stream = MappingStreamParser<DiffRepo<PDiffMain>>(mapper: Mapper(strict: strict), elementsAt: "items") {
        models.append($0)
    }
    func chunks(_ size: Int?, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try text.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let most = chunk == 0 ? buffer.count : chunk
                let end = min(start + min(most, size ?? most), buffer.count)
                try body(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }
    do {
        let summary = try stream.read(chunks: chunks, jobs: jobs, windowSize: window)
        result.count = summary.count
        result.problems = summary.problems
        result.envelope = summary.envelope
        result.locations = ["items", "total_count", "labels", "labels[0]", "zzz"].map { summary.location(of: $0) }
    } catch let error as MappingError {
        result.thrown = error.problems
    } catch {
        result.error = SDiffRunner.describe(error)
    }
    result.models = models
    result.stretches = stream.elementsFromThreads
    return result
}

@Suite("Parallel streams: the serial stream's results")
struct ParallelMappingDifferentialTests {
    /// Generated pages, lenient and strict, on 2 and 3 threads.
    @Test func generatedPagesReadInParallelLikeSerially() {
        var random = TestRandom(state: 0x9A2A_11E1_0000_2026)
        var split = 0, withProblems = 0
        let cases = 60
        for n in 0..<cases {
            let text = DiffPages.text(&random, items: 40 + random.below(80))
            let window = 1500 + random.below(5000)
            let chunk = random.pick([0, 7, 61, 4096, 1 << 20])
            for strict in [false, true] {
                let serial = read(text, jobs: 1, window: window, chunk: chunk, strict: strict)
                if !strict && !serial.problems.isEmpty { withProblems += 1 }
                for jobs in [2, 3] {
                    let parallel = read(text, jobs: jobs, window: window, chunk: chunk, strict: strict)
                    if parallel.stretches > 0 { split += 1 }
                    let same = parallel == serial
                    #expect(
                        same,
                        "case \(n), strict \(strict), \(jobs) threads, window \(window): \(parallel.count ?? -1) vs \(serial.count ?? -1) elements, \(parallel.problems.count) vs \(serial.problems.count) problems, error \(parallel.error ?? "none") vs \(serial.error ?? "none")"
                    )
                }
            }
        }
        // Most reads took the parallel path, and the pages had problems to place.
        #expect(split >= cases * 4 / 2, "\(split) of \(cases * 4) reads split")
        #expect(withProblems >= cases / 3, "\(withProblems) pages with problems")
    }

    /// Pages damaged by one byte inserted, removed or changed, near the windows' splits (just
    /// after an element's comma) and anywhere: the serial error, after the same elements.
    @Test func damagedPagesGiveTheSerialError() {
        var random = TestRandom(state: 0xDA3A_6E00_0000_2026)
        var split = 0, failed = 0, reads = 0
        let damages: [UInt8] = Array("{}[]\",:0x \\\n".utf8) + [0xFF, 0xC3, 0x0C]
        for n in 0..<40 {
            let text = DiffPages.text(&random, items: 60)
            let window = 1500 + random.below(3000)
            let commas = DiffPages.elementCommas(text)
            for _ in 0..<8 {
                let at = DiffPages.damageSite(in: text, commas: commas, &random)
                let damaged = DiffPages.damaged(text, at: at, &random, inserting: damages, changing: damages)
                let strict = n % 4 == 3
                let serial = read(damaged, jobs: 1, window: window, chunk: 4096, strict: strict)
                let parallel = read(damaged, jobs: 2, window: window, chunk: n % 2 == 0 ? 0 : 4096, strict: strict)
                reads += 1
                if parallel.stretches > 0 { split += 1 }
                if serial.error != nil { failed += 1 }
                let same = parallel == serial
                #expect(
                    same, "case \(n), damage at \(at): \(parallel.error ?? "no error") vs \(serial.error ?? "no error")"
                )
            }
        }
        #expect(failed >= reads / 3, "\(failed) of \(reads) damaged pages were invalid")
        #expect(split >= reads / 2, "\(split) of \(reads) reads split")
    }

    /// A top-level array, a nested path, and elements that are not objects (no split): the
    /// serial results.
    @Test func otherArraysReadInParallelLikeSerially() throws {
        var random = TestRandom(state: 0x70B1_E7E1_0000_2026)
        let repos = (0..<80).map { DiffPages.repo(&random, $0) }
        let layout = DiffLayout.random(&random)
        let top = layout.write(.array(repos))
        let nested = layout.write(.object([("data", .object([("results", .array(repos))]))]))
        let scalars = layout.write(.object([("items", .array((0..<500).map { .number(String($0)) }))]))
        for (text, path) in [(top, JSONPath([])), (nested, "data.results"), (scalars, "items")] {
            func run(_ jobs: Int) throws -> ([DiffRepo<PDiffMain>], StreamSummary, Int) {
                var models: [DiffRepo<PDiffMain>] = []
                let stream = MappingStreamParser<DiffRepo<PDiffMain>>(elementsAt: path) { models.append($0) }
                let summary = try stream.read(
                    chunks: { _, body in try text.withUnsafeBytes { try body($0) } }, jobs: jobs, windowSize: 512)
                return (models, summary, summary.elementsFromThreads)
            }
            let (serialModels, serial, _) = try run(1)
            let (models, summary, stretches) = try run(2)
            #expect(models == serialModels)
            #expect(summary.count == serial.count && summary.problems == serial.problems)
            #expect(summary.envelope == serial.envelope)
            #expect((stretches > 0) == (path != "items"), "\(path): \(stretches) stretches")
        }
    }

    /// A stream fed its first bytes by hand reads the rest on one thread, with the same results.
    @Test func aStreamFedByHandReadsTheRestOnOneThread() throws {
        var random = TestRandom(state: 0xFEED_0000_0000_2026)
        let text = DiffPages.text(&random, items: 80)
        let serial = read(text, jobs: 1, window: 2000, chunk: 4096, strict: false)
        var models: [DiffRepo<PDiffMain>] = []
        let stream = MappingStreamParser<DiffRepo<PDiffMain>>(elementsAt: "items") { models.append($0) }
        try stream.feed(Array(text[..<500]))
        let rest = Array(text[500...])
        let summary = try stream.read(
            chunks: { _, body in try rest.withUnsafeBytes { try body($0) } }, jobs: 2, windowSize: 2000)
        #expect(models == serial.models && summary.count == serial.count && summary.problems == serial.problems)
        #expect(summary.elementsFromThreads == 0)
    }
}
