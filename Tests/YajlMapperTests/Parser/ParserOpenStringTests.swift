import Testing

@testable import YajlMapper

/// ``OpenTokenTracker``: whether a string token is open at a chunk's end, and the bytes
/// it keeps for it.
@Suite("Strings open at a chunk's end")
struct ParserOpenStringTests {
    /// Follows `text` in chunks of `size` and gives, after each chunk, where the open
    /// string starts and how many bytes are kept. `between` are offsets just after a
    /// container's start, as the engine notes them while yajl reads each chunk.
    static func follow(_ text: String, chunk size: Int, comments: Bool = false) -> [(start: Int?, kept: Int)] {
        let bytes = Array(text.utf8)
        let betweens = bytes.indices.filter { bytes[$0] == 0x7B || bytes[$0] == 0x5B }.map { $0 + 1 }
        var tracker = OpenTokenTracker()
        var between = 0
        var states: [(Int?, Int)] = []
        for from in stride(from: 0, to: bytes.count, by: size) {
            let end = min(from + size, bytes.count)
            // The last container start yajl met in this chunk (braces in strings count too:
            // a test that they cannot mislead it when they come after a real one).
            if let last = betweens.last(where: { $0 > from && $0 <= end }) { between = last }
            bytes[from..<end].withUnsafeBytes { tracker.follow($0, at: from, between: between, comments: comments) }
            states.append((tracker.openStart, tracker.openBytes.count))
        }
        return states
    }

    @Test func aStringCutByChunksIsOpenFromItsQuoteWithAllItsBytes() {
        // The key `ab"c\` closes at 9, cut before its escaped quote and inside `\\`; the
        // value's quote is at 12 and it closes at 23.
        let states = Self.follow(#"{"ab\"c\\": "0123456789"}"#, chunk: 4)
        #expect(states.map(\.start) == [1, 1, nil, 12, 12, nil, nil])
        #expect(states.map(\.kept) == [3, 7, 0, 4, 8, 0, 0])
    }

    @Test func anEscapedQuoteOrBackslashAtAChunksEndDoesNotCloseTheString() {
        // Cut between the backslash and the quote it escapes, and inside `\\` then `"`.
        #expect(Self.follow(#"["a\"b"]"#, chunk: 4).map(\.start) == [1, nil])
        #expect(Self.follow(#"["a\\"]"#, chunk: 4).map(\.start) == [1, nil])
        #expect(Self.follow(#"["a\\" ,"b"]"#, chunk: 5).map(\.start) == [1, 8, nil])
    }

    @Test func quotesInCommentsAreNotStrings() {
        let text = "[/* \" */ 1, // \" x\n \"s"
        #expect(Self.follow(text, chunk: 3, comments: true).last?.start == text.utf8.count - 2)
        #expect(Self.follow("[1 /* a * \" / */, \"b", chunk: 1, comments: true).last?.start == 18)
    }

    @Test func nothingIsKeptOutsideStringsHoweverLongTheStretch() {
        // A long array of numbers after a string: no string is open at any chunk's end.
        let text = #"["a", "# + Array(repeating: "12345", count: 2000).joined(separator: ",") + "]"
        let states = Self.follow(text, chunk: 256)
        #expect(states.allSatisfy { $0.start == nil && $0.kept == 0 })
    }

    @Test func anOpenNumberOrCommentIsATokenButNotAString() {
        func starts(_ text: String, chunk size: Int, comments: Bool = false) -> [Int?] {
            let bytes = Array(text.utf8)
            var tracker = OpenTokenTracker()
            return stride(from: 0, to: bytes.count, by: size).map { from in
                let end = min(from + size, bytes.count)
                bytes[from..<end].withUnsafeBytes { tracker.follow($0, at: from, between: 0, comments: comments) }
                #expect(tracker.openStart == nil)
                return tracker.openTokenStart
            }
        }
        // `[12, ` then `-3456` then `7.5e+` then `8, tr` (a literal cut short) then `ue]`;
        // a literal read whole is not open.
        #expect(starts("[12, -34567.5e+8, true]", chunk: 5) == [nil, 5, 5, 18, nil])
        #expect(starts("[1, true, 2]", chunk: 8) == [nil, nil])
        // A number that fills whole chunks is open since its first byte.
        #expect(starts("[123456789]", chunk: 3) == [1, 1, 1, nil])
        // `[1 /` (a slash alone) then `* a ` then `*/ /` then `/ bc` then a line break.
        #expect(starts("[1 /* a */ // bc\n]", chunk: 4, comments: true) == [nil, 3, nil, 11, nil])
    }

    @Test func aLongStringsBufferIsGivenBackWhenItCloses() {
        var tracker = OpenTokenTracker()
        let long = Array(#"[""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 200_000)
        long.withUnsafeBytes { tracker.follow($0, at: 0, between: 0, comments: false) }
        #expect(tracker.openStart == 1 && tracker.openBytes.count == 200_001)
        Array(#""]"#.utf8).withUnsafeBytes { tracker.follow($0, at: long.count, between: 0, comments: false) }
        #expect(tracker.openStart == nil && tracker.openBytes.capacity == 0)
    }
}
