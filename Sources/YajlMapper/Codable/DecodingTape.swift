import Foundation

/// A parsed document as one flat list of tokens, the form ``YajlDecoder`` decodes from:
/// no value of the document is a Swift object, so decoding it costs no reference counting.
///
/// An object is its token, then each member's key token and value tokens; an array is its
/// token, then its elements' tokens. A container's token holds the index just past its last
/// token, so passing over a value costs one step whatever its size. The text of keys, strings
/// (unescaped) and numbers (the literal) sits in one byte arena, or, for a text the input
/// holds as it is (a string without escapes, a number) while the tape is read, in the input.
struct DecodingTape {
    /// What a token is.
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, key, object, array
        /// A string with a surrogate escape that has no UTF-8 form: an error when it is read
        /// (``DecodingTape/problems``).
        case invalidString
    }

    /// One token.
    struct Token {
        /// The offset in the input: of the opening `{` or `[` for a container, just past the
        /// token for anything else (see ``DecodingTape/tokenStart(_:in:)``).
        var offset: Int
        /// Where the text starts in the arena, or `~offset` (negative) for a text at `offset`
        /// in ``DecodingTape/input``; for a container, the index past its last token.
        var start: Int
        /// The text's length; for a container, its number of members or elements.
        var length: UInt32
        /// What the token is.
        var kind: Kind
        /// For a key recorded in an object whose place lists its keys: its index in the
        /// place's keys plus one (0: not known), so a reader finds a key by it without
        /// comparing texts. (In the token's padding: it costs no memory.)
        var listed: UInt16 = 0
    }

    /// The tokens, in document order.
    var tokens: [Token] = []
    /// The text of keys, strings and numbers.
    var arena: [UInt8] = []
    /// The input texts are referred to in, alive while the tape is read (empty: none is).
    var input = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The parse error of each ``Kind/invalidString`` token, and of each key token whose
    /// escape has no UTF-8 form, by its index.
    var problems: [Int: JSONParseError] = [:]

    /// Removes every token and byte, keeping the memory for the next document.
    mutating func removeAll() {
        tokens.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        input = UnsafeRawBufferPointer(start: nil, count: 0)
        problems.removeAll()
    }

    /// The index just past the value whose first token is at `index`.
    @inline(__always)
    func end(ofValueAt index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? token.start : index + 1
    }

    /// The first token of each of the `count` elements of the array at `index`.
    func elementTokens(ofArrayAt index: Int, count: Int) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(count)
        var k = index + 1
        for _ in 0..<count {
            starts.append(k)
            k = end(ofValueAt: k)
        }
        return starts
    }

    /// Calls `body` with the text of the token at `index`.
    @inline(__always)
    func withText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let token = tokens[index]
        if token.start < 0 {
            let text = input.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self) + ~token.start
            return try body(UnsafeBufferPointer(start: text, count: Int(token.length)))
        }
        return try arena.withUnsafeBufferPointer { arena in
            try body(UnsafeBufferPointer(rebasing: arena[token.start..<token.start + Int(token.length)]))
        }
    }

    /// The text of the token at `index` as a `String`.
    func string(at index: Int) -> String {
        withText(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The offset where the token at `index` starts (its opening quote, first digit, letter
    /// or bracket), in the offsets of the tokens; `input` holds the bytes from offset `base`
    /// on. A string's start is found by going back from its end to the first quote not
    /// escaped by an odd run of backslashes.
    func tokenStart(_ index: Int, in input: UnsafeRawBufferPointer, base: Int) -> Int {
        let token = tokens[index]
        switch token.kind {
        case .object, .array: return token.offset
        case .null, .true: return token.offset - 4
        case .false: return token.offset - 5
        case .number: return token.offset - Int(token.length)
        case .string, .key, .invalidString:
            var i = min(token.offset - base, input.count) - 2
            while i >= 0 {
                if input[i] == UInt8(ascii: "\"") {
                    var slashes = 0
                    while i - 1 - slashes >= 0, input[i - 1 - slashes] == UInt8(ascii: "\\") { slashes += 1 }
                    if slashes % 2 == 0 { return base + i }
                }
                i -= 1
            }
            return max(base, token.offset - Int(token.length) - 2)
        }
    }
}
