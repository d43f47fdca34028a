import Foundation
import Testing

@_spi(Fuzzing) @testable import YajlMapper

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

/// `text` with one byte inserted, removed or changed, anywhere.
private func damagedOnce(_ text: [UInt8], _ random: inout TestRandom) -> [UInt8] {
    let at = random.below(text.count)
    return DiffPages.damaged(
        text, at: at, &random, inserting: Array("{}[]\",:0 x".utf8), changing: Array("{}[]\",:0x".utf8) + [0xFF])
}

@Suite("Parallel decoding: the serial stream's values and first error")
struct ParallelDecodingDifferentialTests {
    @Test func generatedPagesDecodeInParallelLikeSerially() {
        var random = TestRandom(state: 0xDEC0_DE11_0000_2026)
        var split = 0, failed = 0, runs = 0
        for n in 0..<60 {
            var text = DiffPages.text(&random, items: 40 + random.below(60))
            if n % 3 == 2 { text = damagedOnce(text, &random) }
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

// YajlDecoder.decode of a whole page with its items decoded on several threads (jobs, with
// arrays split from a few hundred tokens) against the same decoding on one thread: the same
// value, or the same first error (its case, coding path and description), on the same
// generated, mutated and damaged pages; and for items whose reads depend on their values,
// the same results while the plan misses and learns.

/// A search page as a `Decodable` reads it.
private struct DecodedPage: Decodable, Equatable {
    var total_count: Int
    var items: [StreamedRepo]
}

/// An item that reads `description` or `name` by its `id`: a plan learned from some items
/// misses on others.
private struct ConditionalRepo: Decodable, Equatable {
    var id: Int
    var text: String?
    private enum Keys: String, CodingKey { case id, name, description }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decode(Int.self, forKey: .id)
        text = try container.decodeIfPresent(String.self, forKey: id % 7 == 0 ? .description : .name)
    }
}

/// Decodes `text` as `T` with `decoder`, set to `jobs` threads and arrays split from 256
/// tokens: the value, or the error's text.
private func decode<T: Decodable & Equatable>(_: T.Type, _ text: [UInt8], _ decoder: YajlDecoder, jobs: Int) -> String {
    decoder.jobs = jobs
    decoder.splitsFrom = (0, 256)
    do { return "\(try decoder.decode(T.self, from: text))" } catch { return "error: \(error)" }
}

@Suite("Parallel decoding of whole documents: the serial decoding's value and first error")
struct ParallelDocumentDecodingDifferentialTests {
    /// Generated pages, a third damaged, each decoded twice (the second time by the plan the
    /// first learned), on 1, 2 and 3 threads.
    @Test func generatedPagesDecodeInParallelLikeSerially() {
        var random = TestRandom(state: 0xDEC0_DE11_D0C5_2026)
        var failed = 0, split = 0
        for n in 0..<45 {
            var text = DiffPages.text(&random, items: 40 + random.below(60))
            if n % 3 == 2 { text = damagedOnce(text, &random) }
            let oneThread = YajlDecoder()
            let expected = [
                decode(DecodedPage.self, text, oneThread, jobs: 1), decode(DecodedPage.self, text, oneThread, jobs: 1),
            ]
            if expected[0].hasPrefix("error") { failed += 1 }
            for jobs in [2, 3] {
                let decoder = YajlDecoder()
                let before = decoder.elementsFromThreads.value
                let found = [
                    decode(DecodedPage.self, text, decoder, jobs: jobs),
                    decode(DecodedPage.self, text, decoder, jobs: jobs),
                ]
                #expect(
                    found == expected,
                    "case \(n), \(jobs) threads: \(found[1].prefix(300)) vs \(expected[1].prefix(300))")
                if decoder.elementsFromThreads.value > before { split += 1 }
            }
        }
        #expect(failed >= 12, "\(failed) of 45 pages failed to decode")
        #expect(split >= 45, "\(split) of 90 decodings split")
    }

    /// Pages damaged where their tapes are cut into stretches (near the commas between
    /// elements) and anywhere, recorded on two threads: the serial value or first error.
    @Test func pagesDamagedAtTheCutsDecodeLikeSerially() {
        var random = TestRandom(state: 0xC075_7A9E_D0C5_2026)
        var failed = 0, recorded = 0
        for n in 0..<60 {
            var text = DiffPages.text(&random, items: 30 + random.below(50))
            if n % 4 != 0 {
                let at = DiffPages.damageSite(in: text, commas: DiffPages.elementCommas(text), &random)
                text = DiffPages.damaged(
                    text, at: at, &random, inserting: Array("{}[]\",:0 x".utf8), changing: Array("{}[]\",:0x".utf8))
            }
            let expected = decode(DecodedPage.self, text, YajlDecoder(), jobs: 1)
            if expected.hasPrefix("error") { failed += 1 }
            let decoder = YajlDecoder()
            let found = decode(DecodedPage.self, text, decoder, jobs: 2)
            #expect(found == expected, "case \(n): \(found.prefix(300)) vs \(expected.prefix(300))")
            recorded += decoder.elementsRecordedOnThreads.value
        }
        #expect(failed >= 20, "\(failed) of 60 pages failed to decode")
        #expect(recorded > 1000, "\(recorded) elements recorded on other threads")
    }

    /// A root array recorded in stretches, with lone surrogate escapes (an error only where
    /// the string is decoded) and a mistyped value late in the document.
    @Test func aRootArrayRecordedInStretchesDecodesLikeSerially() {
        struct Named: Decodable, Equatable {
            var id: Int
            var name: String
        }
        func page(_ special: (Int) -> String?) -> [UInt8] {
            let items = (0..<400).map { i in special(i) ?? #"{"id": \#(i), "name": "n\#(i)", "other": "o"}"# }
            return Array(("[\n" + items.joined(separator: ",\n") + "\n]\n").utf8)
        }
        let pages = [
            page { _ in nil },
            page { $0 == 250 ? #"{"id": 250, "name": "n", "other": "\ud800"}"# : nil },
            page { $0 == 250 ? #"{"id": 250, "name": "\ud800", "other": "o"}"# : nil },
            page { $0 == 390 ? #"{"id": "390", "name": "n", "other": "o"}"# : nil },
        ]
        for (n, text) in pages.enumerated() {
            let expected = decode([Named].self, text, YajlDecoder(), jobs: 1)
            let decoder = YajlDecoder()
            #expect(decode([Named].self, text, decoder, jobs: 2) == expected, "page \(n)")
            #expect(decoder.elementsRecordedOnThreads.value > 200, "page \(n)")
            #expect(expected.hasPrefix("error") == (n >= 2), "page \(n): \(expected.prefix(200))")
        }
    }

    /// Items whose reads depend on their values: a plan learned from a small page misses on a
    /// big one, on other threads too; the decoding is then the serial one, learning.
    @Test func itemsThatReadOtherKeysDecodeLikeSerially() throws {
        var random = TestRandom(state: 0xC0D1_7100_D0C5_2026)
        let repos = (0..<300).map { DiffPages.repo(&random, $0) }
        let big = DiffLayout.random(&random).write(
            .object([("total_count", .number("300")), ("items", .array(repos))]))
        let small = Array(#"{"total_count": 1, "items": [{"id": 1, "name": "a"}]}"#.utf8)
        struct Page: Decodable, Equatable {
            var items: [ConditionalRepo]
        }
        let (serial, parallel) = (YajlDecoder(), YajlDecoder())
        for text in [small, big, big] {
            let expected = decode(Page.self, text, serial, jobs: 1)
            let found = decode(Page.self, text, parallel, jobs: 2)
            #expect(found == expected, "\(found.prefix(300)) vs \(expected.prefix(300))")
            #expect(!found.hasPrefix("error"), "\(found.prefix(300))")
        }
        // The plan missed on the first big page (decoded again whole, learning) and served the
        // second: its items were decoded in stretches.
        #expect(parallel.elementsFromThreads.value == 300)
        // By the plan learned, a page of 3,000 items is decoded in stretches.
        let many = (0..<3000).map { DiffPages.repo(&random, $0) }
        let bigger = DiffLayout.compact.write(.object([("items", .array(many))]))
        let before = parallel.elementsFromThreads.value
        let value = try parallel.decode(Page.self, from: bigger)
        #expect(parallel.elementsFromThreads.value - before == 3000)
        #expect(decode(Page.self, bigger, parallel, jobs: 2) == decode(Page.self, bigger, serial, jobs: 1))
        #expect(value.items.count == 3000 && value.items.contains { $0.id % 7 == 0 && $0.text != nil })
    }
}
