import CYajl
import Foundation
import Testing

@testable import YajlMapper

/// The input check's AVX2 validator of non-ASCII stretches (`cyajl_utf8_valid_prefix_avx2`)
/// against the check without it and against a byte-by-byte reading of RFC 3629: the same
/// first finding (offset, message, kind) and the same state after every range, however the
/// input is cut into chunks and ranges.
@Suite("Input check: the UTF-8 validator")
struct ParserUTF8ValidatorTests {
    static let hasAVX2 = cyajl_has_avx2() != 0

    /// What a check found first, by absolute offset: a message for invalid UTF-8, or the space.
    struct Found: Equatable, CustomStringConvertible {
        var offset: Int
        var what: String
        var description: String { "\(offset): \(what)" }
    }

    // MARK: A reference reading

    /// The first invalid sequence, form feed or vertical tab in `bytes`, read one byte at a
    /// time from RFC 3629's table of well-formed sequences (section 4); `nil` when there is
    /// none (a sequence cut by the end is not a finding).
    static func reference(_ bytes: [UInt8]) -> Found? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead == 0x0B || lead == 0x0C { return Found(offset: i, what: "space \(lead)") }
            if lead < 0x80 {
                i += 1
                continue
            }
            // The sequence's length and its second byte's range, by lead byte.
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            case 0xC0, 0xC1: return Found(offset: i, what: "invalid UTF-8: overlong encoding")
            case 0xF5...0xF7: return Found(offset: i, what: "invalid UTF-8: above U+10FFFF")
            default:
                let hex = String(format: "0x%02X", lead)
                return Found(offset: i, what: "invalid UTF-8: byte \(hex) cannot start a character")
            }
            for k in 1..<length {
                guard i + k < bytes.count else { return nil }
                let byte = bytes[i + k]
                guard byte >= 0x80, byte <= 0xBF else {
                    return Found(offset: i, what: "invalid UTF-8: a character ends before its last byte")
                }
                if k == 1, !second.contains(byte) {
                    let what =
                        switch lead {
                        case 0xE0, 0xF0: "invalid UTF-8: overlong encoding"
                        case 0xED: "invalid UTF-8: an encoded UTF-16 surrogate (U+D800 to U+DFFF)"
                        default: "invalid UTF-8: above U+10FFFF"
                        }
                    return Found(offset: i, what: what)
                }
            }
            i += length
        }
        return nil
    }

    // MARK: The check, in chunks and ranges

    /// `bytes` cut at `cuts` into chunks, each cut into ranges at `rangeCuts` (offsets in the
    /// chunk, before its last three bytes), checked in order with the validator and without it: the states must agree
    /// after every range; returns the first finding.
    static func check(
        _ bytes: [UInt8], cuts: [Int], rangeCuts: (Int) -> [Int], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Found? {
        var withVector = UTF8Check(), exact = UTF8Check()
        let bounds = [0] + cuts + [bytes.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let chunk = Array(bytes[start..<end])
            let ranges = [0] + rangeCuts(chunk.count) + [chunk.count]
            for (from, to) in zip(ranges, ranges.dropFirst()) {
                let (found, expected) = chunk.withUnsafeBytes { buffer in
                    (
                        withVector.check(buffer, chunkStart: start, from: from, to: to, vector: hasAVX2),
                        exact.check(buffer, chunkStart: start, from: from, to: to, vector: false)
                    )
                }
                #expect(found == expected, "chunk at \(start), range \(from)..<\(to)", sourceLocation: sourceLocation)
                #expect(
                    withVector == exact, "state, chunk at \(start), range \(from)..<\(to)",
                    sourceLocation: sourceLocation)
                switch found {
                case .utf8(let failure)?: return Found(offset: failure.offset, what: failure.message)
                case .space(let at, let byte)?: return Found(offset: start + at, what: "space \(byte)")
                case nil: break
                }
            }
        }
        return nil
    }

    /// Checks `bytes` whole, then cut at `cuts`, against the reference (and, a byte more at the
    /// end, that a sequence cut by the end was kept for the next chunk).
    static func expectSameFindings(
        _ bytes: [UInt8], cuts: [[Int]], random: inout TestRandom, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = reference(bytes)
        for cut in [[]] + cuts {
            let found = check(
                bytes, cuts: cut,
                rangeCuts: { count in
                    // (A range of a chunk other than its last ends before a sequence the
                    // chunk's end cuts, as in the parser, where it ends at a token.)
                    count < 5 || random.percent(50)
                        ? [] : (0..<random.below(3)).map { _ in random.below(count - 3) }.sorted()
                }, sourceLocation: sourceLocation)
            #expect(found == expected, "cut at \(cut)", sourceLocation: sourceLocation)
        }
        let ended = bytes + [0x41]
        #expect(
            check(ended, cuts: [bytes.count], rangeCuts: { _ in [] }, sourceLocation: sourceLocation)
                == reference(ended), "a byte after", sourceLocation: sourceLocation)
    }

    // MARK: Inputs

    /// Characters of one to four bytes, the edges of each range among them.
    static let characters: [[UInt8]] =
        ([
            "é", "ß", "\u{80}", "\u{7FF}", "漢", "字", "ア", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}",
            "😀", "\u{10000}", "\u{10FFFF}", "\u{E0001}",
        ] as [String]).map { Array($0.utf8) }

    /// Mostly valid text of about `length` bytes: non-ASCII characters, with runs of ASCII
    /// (long ones now and then, so that whole blocks are ASCII).
    static func text(length: Int, _ random: inout TestRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        let asciiShare = random.pick([0, 5, 30, 60])
        while bytes.count < length {
            if random.percent(asciiShare) {
                let run = random.percent(10) ? 60 + random.below(100) : 1 + random.below(8)
                bytes += (0..<run).map { _ in UInt8(0x20 + random.below(0x5F)) }
            } else {
                bytes += random.pick(characters)
            }
        }
        return bytes
    }

    /// The mutations: a byte replaced, a bit flipped, a byte removed (a sequence truncated),
    /// or bytes inserted (forms RFC 3629 forbids, a stray continuation byte, a space).
    static let insertions: [[UInt8]] = [
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0xAF],
        [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0x0C], [0x0B], [0xC0], [0xC1], [0xF5], [0xF8], [0xFE],
        [0xFF], [0xC3], [0xE6, 0xBC], [0xF0, 0x9F, 0x98],
    ]

    static func mutate(_ bytes: inout [UInt8], at offset: Int, _ random: inout TestRandom) {
        switch random.below(4) {
        case 0 where offset < bytes.count: bytes[offset] = UInt8(truncatingIfNeeded: random.next())
        case 1 where offset < bytes.count: bytes[offset] ^= 1 << UInt8(random.below(8))
        case 2 where offset < bytes.count: bytes.remove(at: offset)
        default: bytes.insert(contentsOf: random.pick(insertions), at: offset)
        }
    }

    /// Where to cut: at random, and about the offset of interest.
    static func cuts(count: Int, near offset: Int, _ random: inout TestRandom) -> [[Int]] {
        guard count > 1 else { return [] }
        let near = [offset - 1, offset, offset + 1, offset + 2].filter { $0 > 0 && $0 < count }
        let some = Set((0..<random.below(6)).map { _ in 1 + random.below(count - 1) }).sorted()
        let small = stride(from: 1 + random.below(70), to: count, by: 1 + random.below(70)).map { $0 }
        return [near, some, small]
    }

    // MARK: Tests

    @Test("random text with one mutation: the first finding is the reference's, whole and in any chunks")
    func randomMutations() {
        var random = TestRandom(state: 0x07F8)
        for round in 0..<4_000 {
            var bytes = Self.text(length: 1 + random.below(700), &random)
            // Block boundaries are 64 bytes from where the validator starts, near the start.
            let offset =
                random.percent(30)
                ? max(0, min(bytes.count, 64 * random.below(12) + random.below(8) - 4))
                : random.below(bytes.count + 1)
            if round % 10 != 0 { Self.mutate(&bytes, at: offset, &random) }
            Self.expectSameFindings(bytes, cuts: Self.cuts(count: bytes.count, near: offset, &random), random: &random)
        }
    }

    @Test(
        "each mutation at every offset of a text of 300 bytes, whole and cut there",
        arguments: ParserUTF8ValidatorTests.insertions.indices)
    func everyOffset(insertion: Int) {
        var random = TestRandom(state: 0xE0 &+ UInt64(insertion))
        let text = Self.text(length: 300, &random)
        for offset in 0...text.count {
            var bytes = text
            bytes.insert(contentsOf: Self.insertions[insertion], at: offset)
            Self.expectSameFindings(bytes, cuts: Self.cuts(count: bytes.count, near: offset, &random), random: &random)
            // And a byte replaced there instead.
            if offset < text.count {
                bytes = text
                bytes[offset] = Self.insertions[insertion][0]
                Self.expectSameFindings(bytes, cuts: [[offset], [max(1, offset - 1)]], random: &random)
            }
        }
    }

    @Test("every pair of bytes above 0x7F, completed as its lead says, across a block's end")
    func everyPairAtABlockEnd() {
        // The validator starts at the first non-ASCII byte, at 0 here: bytes 62 and 63 end
        // its first block and 64 starts the next. The pair is followed by as many
        // continuation bytes as its lead asks for, then by valid text.
        let e = Array("é".utf8), kanji = Array("漢".utf8)
        for at in [60, 61, 62, 63, 64] {
            let before = (at % 2 == 1 ? kanji : []) + Array(repeating: e, count: (at - 3 * (at % 2)) / 2).joined()
            for first in 0x80...0xFF {
                let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
                for second in stride(from: 0x80 + at % 3, through: 0xFF, by: 3) {
                    let bytes =
                        before + [UInt8(first), UInt8(second)] + Array(repeating: 0x80, count: length - 2)
                        + Array(repeating: e, count: 40).joined()
                    #expect(
                        Self.check(bytes, cuts: [], rangeCuts: { _ in [] }) == Self.reference(bytes),
                        "\(first) \(second) at \(at)")
                }
            }
        }
    }

    @Test("the validator's prefix is valid UTF-8 ending at a character, and it stops only before a finding")
    func validatorPrefix() throws {
        try #require(Self.hasAVX2, "AVX2 only")
        var random = TestRandom(state: 0x1A2B)
        var lengths = 0
        for _ in 0..<3_000 {
            var bytes = Self.characters.randomElement(using: &random)! + Self.text(length: random.below(600), &random)
            if random.percent(70) { Self.mutate(&bytes, at: random.below(bytes.count + 1), &random) }
            guard bytes.first.map({ $0 >= 0x80 }) == true else { continue }
            var trouble: Int32 = 0
            let valid = bytes.withUnsafeBufferPointer {
                cyajl_utf8_valid_prefix_avx2($0.baseAddress!, $0.count, &trouble)
            }
            lengths += valid
            #expect(valid <= bytes.count)
            #expect(Self.reference(Array(bytes[..<valid])) == nil)
            // (Ends at a character: a byte after it that is ASCII is not part of one.)
            #expect(Self.reference(Array(bytes[..<valid]) + [0x41]) == nil, "\(valid) of \(bytes.count)")
            if trouble != 0 {
                let found = try #require(Self.reference(bytes), "trouble in valid text")
                #expect(found.offset >= valid && found.offset < valid + 67)
            } else if let found = Self.reference(bytes) {
                #expect(found.offset >= valid)
            }
        }
        #expect(lengths > 100_000)
    }
}
