/// The one leniency `JSONDecoder` has over RFC 8259 in plain JSON: a comma after the last
/// element of an array or member of an object (`[true,]`, `{"a": 1,}`). Only the Codable
/// entry points read it; the parser, the mapper and `yajlmap validate` stay strict.
enum TrailingCommas {
    /// A copy of `bytes` with each comma that follows a value and precedes (after white
    /// space) a `]` or `}` made a space, so offsets, lines and columns stay; `nil` when there
    /// is none. A comma after `[`, `{`, `:` or another comma is left, as `JSONDecoder` refuses it.
    static func relaxed(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var trailing: [Int] = []
        var candidate: Int?
        var last: UInt8 = 0
        var inString = false
        var escaped = false
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "\""):
                inString = true
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
