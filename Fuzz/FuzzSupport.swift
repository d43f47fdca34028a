import YajlMapper

/// Choices made from a hash of the input, so that one input always makes the same ones.
struct Choices {
    /// The generator's state (SplitMix64).
    private var state: UInt64

    /// Seeds the choices with the FNV-1a hash of `bytes`.
    init(_ bytes: [UInt8]) {
        state = bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (0 when `n` is not positive).
    mutating func below(_ n: Int) -> Int { n > 0 ? Int(next() % UInt64(n)) : 0 }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// Ascending offsets in `0...count` to cut `count` bytes at: one cut, small chunks, larger chunks, or every byte.
    mutating func cuts(_ count: Int) -> [Int] {
        let largest = [1, 2, 8, 64, 512][below(5)]
        if largest == 1 && count > 4096 { return [below(count + 1)] }
        var cuts: [Int] = []
        var offset = largest == 512 ? below(count + 1) : 0
        while offset < count {
            cuts.append(offset)
            offset += 1 + below(largest)
        }
        return cuts
    }

    /// Parse options: mostly the defaults, sometimes comments, several values, no UTF-8 check, a low depth limit.
    mutating func options() -> JSONParseOptions {
        JSONParseOptions(
            allowComments: chance(20), allowMultipleValues: chance(20), validateUTF8: !chance(10),
            maxDepth: chance(10) ? 1 + below(8) : 512, allowByteOrderMark: !chance(10))
    }
}

/// Feeds `bytes` to `feed` in the chunks that `cuts` makes (an empty chunk where two cuts meet).
func feed(_ bytes: [UInt8], cuts: [Int], _ feed: (UnsafeRawBufferPointer) throws -> Void) throws {
    try bytes.withUnsafeBytes { buffer in
        var start = 0
        for end in cuts + [buffer.count] {
            try feed(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
            start = end
        }
    }
}

/// The parts of a ``JSONParseError`` that do not depend on chunking (the excerpt does).
struct ParseFailure: Equatable, CustomStringConvertible {
    /// The error's kind.
    var kind: JSONParseError.Kind
    /// The error's message.
    var message: String
    /// Where the error is: byte offset, line, column.
    var offset: Int, line: Int, column: Int

    /// The summary of `error` when it is a parse error, else `nil`.
    init?(_ error: Error?) {
        guard let error = error as? JSONParseError else { return nil }
        (kind, message, offset, line, column) = (error.kind, error.message, error.offset, error.line, error.column)
    }

    /// Whether it is a `\u` surrogate escape without its partner, an error only in a string that is read.
    var isSurrogateEscape: Bool { message.contains("surrogate escape") }

    /// `kind @offset line:column message`.
    var description: String { "\(kind) @\(offset) \(line):\(column) \(message)" }
}

/// An error for a failure message: a parse error's summary, or "none".
func describe(_ error: Error?) -> String {
    guard let error else { return "none" }
    return ParseFailure(error)?.description ?? "\(error)"
}

/// A parse error's summary for a failure message, or "none".
func describe(_ failure: ParseFailure?) -> String { failure?.description ?? "none" }

/// The bytes as text for a failure message, invalid UTF-8 repaired.
func shown(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription
}
