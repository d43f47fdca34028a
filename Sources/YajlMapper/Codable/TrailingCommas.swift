/// The one leniency `JSONDecoder` has over RFC 8259 in plain JSON: a comma after the last
/// element of an array or member of an object (`[true,]`, `{"a": 1,}`). Only the Codable
/// entry points read it; the parser, the mapper and `yajlmap validate` stay strict.
enum TrailingCommas {
    /// A copy of `bytes` with each comma that follows a value and precedes (after white
    /// space) a `]` or `}` made a space, so offsets, lines and columns stay; `nil` when there
    /// is none. A comma after `[`, `{`, `:` or another comma is left, as `JSONDecoder` refuses
    /// it. Strings are passed over, and comments (`//`, `/* */`) too, so that a quote in one
    /// cannot turn the reading of what follows inside out; a slash that starts no comment (a
    /// mistake the parse reports) is passed over as white space.
    static func relaxed(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var trailing: [Int] = []
        var candidate: Int?
        var last: UInt8 = 0
        var lexer = JSONLexer(from: 0)
        for (i, byte) in bytes.enumerated() where lexer.read(byte, at: i, comments: true).byte {
            switch byte {
            case UInt8(ascii: ","):
                let followsValue = ![0, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")]
                    .contains(last)
                candidate = followsValue ? i : nil
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if last == UInt8(ascii: ","), let comma = candidate { trailing.append(comma) }
            default:
                break
            }
            last = byte
        }
        guard !trailing.isEmpty else { return nil }
        var relaxed = Array(bytes)
        for comma in trailing { relaxed[comma] = 0x20 }
        return relaxed
    }
}
