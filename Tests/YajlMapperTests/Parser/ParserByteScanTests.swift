import CYajl
import Foundation
import Testing

@testable import YajlMapper

/// The input check skips ASCII with one scan for bytes above 0x7F, form feeds and vertical
/// tabs (AVX2 where the machine has it, eight bytes at a time elsewhere); then looks at each
/// character above 0x7F, up to a form feed or vertical tab in the same window.
@Suite("Input check: the byte scan")
struct ParserByteScanTests {
    static func isSpecial(_ byte: UInt8) -> Bool { byte >= 0x80 || byte == 0x0B || byte == 0x0C }

    /// Every scan on `bytes[from...]` against a byte-by-byte reading.
    static func checkScans(_ bytes: [UInt8], from: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = bytes[from...].firstIndex(where: isSpecial).map { $0 - from } ?? bytes.count - from
        bytes.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress! + from, n = buffer.count - from
            #expect(
                cyajl_first_special_portable(p, n) == expected, "portable, \(n) bytes", sourceLocation: sourceLocation)
            if cyajl_has_avx2() != 0 {
                #expect(cyajl_first_special_avx2(p, n) == expected, "AVX2, \(n) bytes", sourceLocation: sourceLocation)
            }
            let found = UTF8Check.firstSpecial(UnsafeRawPointer(buffer.baseAddress!), from: from, to: buffer.count)
            #expect(found == from + expected, sourceLocation: sourceLocation)
        }
    }

    @Test("the scan this run uses is the portable one when YAJLMAPPER_NO_AVX2 is set")
    func scanChoice() {
        let forced = ProcessInfo.processInfo.environment["YAJLMAPPER_NO_AVX2"] != nil
        #expect(UTF8Check.usesAVX2 == (cyajl_has_avx2() != 0 && !forced))
    }

    @Test("every byte value at every position of the first 200, from every start in a 32-byte range")
    func everyByteEverywhere() {
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 260)
        for value in 0...255 {
            for position in 0..<200 {
                var bytes = ascii
                bytes[position] = UInt8(value)
                for from in [0, 1, 7, 31] where from <= position + 1 {
                    Self.checkScans(bytes, from: from)
                }
            }
        }
    }

    @Test("random buffers, mostly ASCII, at unaligned starts and every length up to 400")
    func randomBuffers() {
        var random = TestRandom(state: 0x5CA7)
        let rare: [UInt8] = [0x0B, 0x0C, 0x0A, 0x0D, 0x09, 0x8B, 0x8C, 0x80, 0xC3, 0xE2, 0xF0, 0xFF, 0x7F, 0x00]
        for length in 0...400 {
            for _ in 0..<6 {
                let density = random.pick([0, 1, 20, 200])
                let bytes = (0..<length).map { _ -> UInt8 in
                    random.below(1000) < density ? random.pick(rare) : UInt8(0x20 + random.below(0x5F))
                }
                Self.checkScans(bytes, from: length == 0 ? 0 : random.below(min(length, 33)))
            }
        }
    }

    @Test("the bitmaps of bytes above 0x7F (AVX2 where the machine has it, and word by word) match a byte-by-byte one")
    func highBitmap() throws {
        var random = TestRandom(state: 0xB17)
        for _ in 0..<2_000 {
            let bytes = (0..<64).map { _ in
                UInt8(truncatingIfNeeded: random.next()) & (random.percent(70) ? 0x7F : 0xFF)
            }
            var expected: UInt64 = 0
            for (k, byte) in bytes.enumerated() where byte >= 0x80 { expected |= 1 << UInt64(k) }
            #expect(bytes.withUnsafeBytes { UTF8Check.portableHighBits($0.baseAddress!) } == expected)
            if cyajl_has_avx2() != 0 {
                #expect(bytes.withUnsafeBufferPointer { cyajl_high_bits64_avx2($0.baseAddress!) } == expected)
            }
        }
    }

    /// A string of accented and CJK text long enough for the windowed path, with a
    /// form feed or vertical tab and an invalid sequence at the given offsets in it.
    static func document(
        space: Int?, spaceByte: UInt8 = 0x0C, invalid: Int?
    ) -> (bytes: [UInt8], first: Int, kind: JSONParseError.Kind) {
        var text = Array(String(repeating: "é漢a", count: 80).utf8)
        // (A form feed or vertical tab inside the string is an error at that byte, as outside.)
        if let space { text[space] = spaceByte }
        if let invalid { text[invalid] = 0xC0; text[invalid + 1] = 0xAF }
        let bytes = Array("[\"".utf8) + text + Array("\"]".utf8)
        let spaceAt = space.map { $0 + 2 }, invalidAt = invalid.map { $0 + 2 }
        let first = [spaceAt, invalidAt].compactMap { $0 }.min()!
        return (bytes, first, first == spaceAt ? .invalidCharacter : .invalidUTF8)
    }

    @Test(
        "a form feed or vertical tab and an invalid sequence among non-ASCII text: the first is reported, on every path and cut",
        arguments: [
            (0, 6), (6, 0), (60, 70), (70, 60), (126, 130), (130, 126), (3, nil), (nil, 3), (200, 12), (12, 200),
        ] as [(Int?, Int?)])
    func spaceAndInvalidUTF8(space: Int?, invalid: Int?) throws {
        // Offsets inside a character replace one of its bytes: the character is then cut,
        // itself invalid UTF-8, at its lead byte. Move each to a lead byte ("é" is 2 bytes,
        // "漢" 3, "a" 1: a group of 6 starts every 6 bytes).
        let spaceLead = space.map { $0 - $0 % 6 }, invalidLead = invalid.map { $0 - $0 % 6 + 5 }
        for spaceByte in [0x0C, 0x0B] as [UInt8] {
            let (bytes, first, kind) = Self.document(space: spaceLead, spaceByte: spaceByte, invalid: invalidLead)
            let reports = ParserFormFeedOnEveryPathTests.reports(bytes)
            let error = try #require(reports.events)
            #expect(
                (error.offset, error.kind) == (first, kind),
                "\(String(describing: spaceLead)) \(String(describing: invalidLead))")
            #expect(reports == ParserFormFeedOnEveryPathTests.Reports(events: error, validation: error, mapping: error))
            for size in [1, 7, 64, 100, 127, 128, 129] {
                let chunks = stride(from: 0, to: bytes.count, by: size).map {
                    Array(bytes[$0..<min($0 + size, bytes.count)])
                }
                #expect(outcome(chunks: chunks).error == error, "chunks of \(size)")
                #expect(
                    validationError(chunks: chunks, options: JSONParseOptions()) == error,
                    "validation, chunks of \(size)")
            }
        }
    }
}
