import Foundation
import Testing

@testable import YajlMapper

// YajlDecoder.stream on several threads (in windows of a few KiB, so that small pages split)
// against the same stream on one: the same values in the same order, the same summary, and
// for a broken page the same first error (its case, coding path and description, with the
// line and column) after the same values. Pages: the generated pages of
// MappingDifferentialPages.swift, whose mutations give wrong types, missing keys and numbers
// out of range, in every layout, and the same pages damaged byte by byte.

/// A repository as a `Decodable` reads it: a few fields, nested, optional and in arrays.
private struct StreamedRepo: Decodable, Equatable {
    struct Owner: Decodable, Equatable {
        var login: String
        var id: Int
    }
    var id: Int
    var name: String
    var owner: Owner
    var description: String?
    var topics: [String]?
    var score: Double?
}

/// What one stream gave.
private struct Streamed: Equatable {
    var values: [StreamedRepo] = []
    var count: Int?
    var envelope: JSON?
    var error: String?
    /// How many values other threads decoded (not compared).
    var fromThreads = 0

    static func == (a: Streamed, b: Streamed) -> Bool {
        a.values == b.values && a.count == b.count && a.envelope == b.envelope && a.error == b.error
    }
}

/// Streams `text`'s `items` on `jobs` threads in windows of `window` bytes, from 4 KiB
/// chunks or (`whole`) the text at once.
private func stream(_ text: [UInt8], jobs: Int, window: Int, whole: Bool = false) -> Streamed {
    var result = Streamed()
    let decoder = YajlDecoder()
    func chunks(_ size: Int?, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try text.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let most = whole ? buffer.count : 4096
                let end = min(start + min(most, size ?? most), buffer.count)
                try body(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }
    do {
        let summary = try decoder.stream(
            StreamedRepo.self, chunks: chunks, elementsAt: "items", jobs: jobs, windowSize: window
        ) { result.values.append($0) }
        result.count = summary.count
        result.envelope = summary.envelope
        result.fromThreads = summary.elementsFromThreads
    } catch let error as DecodingError {
        result.error = "\(error)"
    } catch {
        result.error = "other: \(error)"
    }
    return result
}

@Suite("Parallel decoding: the serial stream's values and first error")
struct ParallelDecodingDifferentialTests {
    @Test func generatedPagesDecodeInParallelLikeSerially() {
        var random = TestRandom(state: 0xDEC0_DE11_0000_2026)
        var split = 0, failed = 0, runs = 0
        for n in 0..<60 {
            var text = DiffPages.text(&random, items: 40 + random.below(60))
            if n % 3 == 2 {
                // One byte inserted, removed or changed.
                let at = random.below(text.count)
                switch random.below(3) {
                case 0: text.insert(random.pick(Array("{}[]\",:0 x".utf8)), at: at)
                case 1: text.remove(at: at)
                default: text[at] = random.pick(Array("{}[]\",:0x".utf8) + [0xFF])
                }
            }
            let window = 1500 + random.below(4000)
            let serial = stream(text, jobs: 1, window: window)
            if serial.error != nil { failed += 1 }
            for jobs in [2, 3] {
                let parallel = stream(text, jobs: jobs, window: window, whole: jobs == 3)
                runs += 1
                if parallel.fromThreads > 0 { split += 1 }
                let same = parallel == serial
                #expect(
                    same,
                    "case \(n), \(jobs) threads, window \(window): \(parallel.values.count) vs \(serial.values.count) values, error \(parallel.error ?? "none") vs \(serial.error ?? "none")"
                )
            }
        }
        #expect(failed >= 15, "\(failed) of 60 pages failed to decode")
        #expect(split >= runs / 3, "\(split) of \(runs) streams decoded elements on other threads")
    }

    /// A valid page of 200 items: most are decoded on other threads, into the same values.
    @Test func aValidPageIsDecodedOnSeveralThreads() {
        var random = TestRandom(state: 0x5A11_DA7A_0000_2026)
        let repos = (0..<200).map { DiffPages.repo(&random, $0) }
        let text = DiffLayout.compact.write(.object([("total_count", .number("200")), ("items", .array(repos))]))
        let serial = stream(text, jobs: 1, window: 8192)
        let parallel = stream(text, jobs: 2, window: 8192)
        #expect(serial.error == nil && serial.values.count == 200)
        #expect(parallel == serial)
        #expect(parallel.fromThreads > 150, "\(parallel.fromThreads) of 200 from other threads")
    }
}
