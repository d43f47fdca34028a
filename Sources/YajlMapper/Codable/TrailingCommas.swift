/// The one leniency `JSONDecoder` has over RFC 8259 in plain JSON: a comma after the last
/// element of an array or member of an object (`[true,]`, `{"a": 1,}`). Only the Codable
/// entry points read it; the parser, the mapper and `yajlmap validate` stay strict.
enum TrailingCommas {
    /// A copy of `bytes` with each comma that follows a value and precedes (after white
    /// space) a `]` or `}` made a space, so offsets, lines and columns stay; `nil` when there
    /// is none. A comma after `[`, `{`, `:` or another comma is left, as `JSONDecoder` refuses
    /// it. Strings are passed over, and comments (`//`, `/* */`) too, so that a quote in one
    /// cannot turn the reading of what follows inside out.
    static func relaxed(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var trailing: [Int] = []
        var candidate: Int?
        var last: UInt8 = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
                continue
            case UInt8(ascii: "\""):
                i = endOfString(bytes, from: i + 1)
            case UInt8(ascii: "/") where i + 1 < count:
                i = afterComment(bytes, at: i)
                continue
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
            i += 1
        }
        guard !trailing.isEmpty else { return nil }
        var relaxed = Array(bytes)
        for comma in trailing { relaxed[comma] = 0x20 }
        return relaxed
    }

    /// Where what follows the comment that starts at `start` begins (`start + 1` when the
    /// slash starts none, a mistake the parse reports).
    private static func afterComment(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Int {
        var i = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "/"):
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            return i
        case UInt8(ascii: "*"):
            while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                i += 1
            }
            return i + 2
        default:
            return start + 1
        }
    }

    /// Where the string whose text starts at `start` ends: its closing quote (or the end).
    private static func endOfString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i
            default: i += 1
            }
        }
        return bytes.count
    }
}
