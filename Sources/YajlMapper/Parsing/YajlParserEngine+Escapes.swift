/// UTF-16 surrogate escapes that have no UTF-8 form.
///
/// yajl decodes `\uD83D\uDE00` into one character, but a high surrogate escape not
/// followed by `\u` becomes `?`, one followed by any other `\u` escape becomes an unrelated
/// character, and a low surrogate escape alone becomes bytes that are not UTF-8. A string
/// or key delivered to a handler is UTF-8, so each of those is an error there, at the
/// escape (RFC 8259 allows them in the text, and the validator, which reads no string,
/// accepts them).
extension YajlParserEngine {
    /// Whether the string or key token that just ended, whose decoded bytes are `value`,
    /// may hold a surrogate escape with no UTF-8 form: only a token with escapes can (yajl
    /// passes any other as a view of the input), and only if its decoding has what such an
    /// escape leaves: `?`, or a byte from 0xED up (a lone low surrogate's bytes, or a
    /// character above U+FFFF).
    @inline(__always)
    func mayHoldBadSurrogate(_ value: UnsafeRawBufferPointer) -> Bool {
        guard options.validateUTF8, let text = value.baseAddress, let base = chunk.baseAddress else { return false }
        if text >= base && text < base + chunk.count { return false }
        for byte in value where byte == 0x3F || byte >= 0xED { return true }
        return false
    }

    /// The error for a lone or mispaired surrogate escape in the string or key token that
    /// just ended (see ``mayHoldBadSurrogate(_:)``), at the escape.
    @inline(never)
    func surrogateEscapeError(_ value: UnsafeRawBufferPointer) -> JSONParseError? {
        let end = currentOffset
        guard let start = stringTokenStart(endingAt: end, valueLength: value.count),
            let (bytes, first) = knownBytes(from: start + 1, to: end - 1),
            let (at, message) = Self.surrogateProblem(in: bytes)
        else { return nil }
        return makeError(kind: .invalidUTF8, message: message, at: first + at)
    }

    /// Where the first bad surrogate escape of a string's raw bytes starts, and what is wrong.
    static func surrogateProblem(in raw: [UInt8]) -> (Int, String)? {
        var i = 0
        func unit(at k: Int) -> UInt32? {
            guard k + 6 <= raw.count, raw[k] == 0x5C, raw[k + 1] == 0x75 else { return nil }
            // (yajl passes a `\u` only with four hex digits.)
            return UInt32(String(decoding: raw[(k + 2)..<(k + 6)], as: UTF8.self), radix: 16)
        }
        while i < raw.count {
            guard raw[i] == 0x5C, i + 1 < raw.count else {
                i += 1
                continue
            }
            guard raw[i + 1] == 0x75, let code = unit(at: i) else {
                i += 2
                continue
            }
            let name = "\\u" + String(raw[(i + 2)..<(i + 6)].map { Character(Unicode.Scalar($0)) })
            switch code {
            case 0xD800...0xDBFF:
                guard let low = unit(at: i + 6), (0xDC00...0xDFFF).contains(low) else {
                    return (
                        i,
                        "lone UTF-16 surrogate escape \(name): a high surrogate needs a low one (\\uDC00 to \\uDFFF) next"
                    )
                }
                i += 12
            case 0xDC00...0xDFFF:
                return (
                    i,
                    "lone UTF-16 surrogate escape \(name): a low surrogate needs a high one (\\uD800 to \\uDBFF) before it"
                )
            default:
                i += 6
            }
        }
        return nil
    }
}
