/// A key the interactive search reacts to, decoded from the terminal's bytes.
enum Key: Equatable, Sendable {
    /// Printable text: one or more characters typed (or pasted) in a row.
    case text(String)
    case enter, backspace, escape, tab
    case up, down, left, right, pageUp, pageDown, home, end, delete
    /// Ctrl-C (a byte in raw mode, not a signal).
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-U: clear the search line.
    case clearLine
    /// Ctrl-W: delete the last word.
    case deleteWord
    /// Ctrl-R: search the query again.
    case refresh
}

/// Turns terminal bytes into keys: UTF-8 text (multibyte characters may be split across
/// reads), control keys, and CSI/SS3 sequences for the arrows, Home/End and Page Up/Down.
///
/// Bytes that may begin a longer sequence (a lone Esc, half a UTF-8 character) stay pending
/// until more bytes arrive or ``flush()`` is called.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether bytes are waiting for the rest of a sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// Decodes what the bytes complete.
    /// - Parameter bytes: the bytes read.
    /// - Returns: the keys, in order; printable characters in a row merged into one `.text`.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Decodes the pending bytes as if no more will follow: a lone Esc is the Esc key.
    /// - Returns: the keys.
    mutating func flush() -> [Key] {
        decode(final: true)
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var text = ""
        func emit(_ key: Key) {
            if !text.isEmpty { keys.append(.text(text)); text = "" }
            keys.append(key)
        }
        var index = 0
        let bytes = pending
        scan: while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else {
                    if final { emit(.escape); index += 1 }
                    break scan
                }
                let next = bytes[index + 1]
                guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
                    emit(.escape)
                    index += 1
                    continue
                }
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else {
                    if final { emit(.escape); index += 1; continue }
                    break scan
                }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if let key = Self.sequenceKey(final: bytes[end], parameters: parameters) { emit(key) }
                index = end + 1
            case 0x03: emit(.interrupt); index += 1
            case 0x04: emit(.endOfInput); index += 1
            case 0x09: emit(.tab); index += 1
            case 0x0A, 0x0D: emit(.enter); index += 1
            case 0x08, 0x7F: emit(.backspace); index += 1
            case 0x15: emit(.clearLine); index += 1
            case 0x17: emit(.deleteWord); index += 1
            case 0x12: emit(.refresh); index += 1
            case 0x20...0x7E:
                text.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
            case 0xC2...0xF4:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= bytes.count else {
                    if final { index = bytes.count }
                    break scan
                }
                let sequence = bytes[index..<(index + length)]
                if sequence.dropFirst().allSatisfy({ (0x80...0xBF).contains($0) }) {
                    let decoded = String(decoding: sequence, as: UTF8.self)
                    if !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                        text += decoded
                    }
                    index += length
                } else {
                    index += 1
                }
            default:
                index += 1 // other control bytes and invalid UTF-8
            }
        }
        if !text.isEmpty { keys.append(.text(text)) }
        pending.removeFirst(index)
        return keys
    }

    /// The key for `ESC [ parameters final` (or `ESC O final`).
    private static func sequenceKey(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
