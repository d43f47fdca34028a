/// Error messages that say what was found, as `JSONDecoder`'s do: yajl's "invalid char in
/// json text" and "unallowed token at this point in JSON text" name neither.
extension YajlParserEngine {
    /// The message for a byte yajl's lexer refused outside strings, at `offset`.
    func unexpectedCharacterMessage(at offset: Int) -> String {
        guard let byte = knownBytes(from: offset, to: offset + 1)?.0.first else { return "unexpected character" }
        switch byte {
        case 0x27: return "unexpected character \"'\" (JSON strings take double quotes)"
        case 0x21...0x7E: return "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        // (The sequence a byte above 0x7F starts can be cut by the chunk's end: the byte is named.)
        case 0x80...: return "unexpected byte \(UTF8Check.hex(byte)) outside a string"
        default: return "unexpected control character U+00\(UTF8Check.hex(byte).dropFirst(2))"
        }
    }

    /// The message for a whole token the grammar does not allow where it is, at `offset`.
    func unexpectedTokenMessage(at offset: Int) -> String {
        // A token begun long before the chunk (its first byte no longer kept) is the string
        // or number the tracker saw open at the chunk's start.
        guard
            let first = knownBytes(from: offset, to: offset + 1)?.0.first
                ?? (offset == openToken.openStart ? 0x22 : offset == openToken.openWordStart ? 0x30 : nil)
        else {
            return "unexpected token"
        }
        switch first {
        case 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A: return "unexpected '\(Character(Unicode.Scalar(first)))'"
        case 0x22: return "unexpected string"
        case 0x2D, 0x30...0x39: return "unexpected number"
        case 0x74: return "unexpected true"
        case 0x66: return "unexpected false"
        case 0x6E: return "unexpected null"
        default: return "unexpected token"
        }
    }
}
