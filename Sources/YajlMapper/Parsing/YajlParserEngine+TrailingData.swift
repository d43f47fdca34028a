/// Where data after a complete JSON value starts.
///
/// yajl reports such data ("trailing garbage") at the offset its lexer stopped at, which
/// is past a whole token (`{} 123` at the `3`) or, for a byte its lexer backs up to, at
/// that byte; one before it was then reported, and after a chunk's end that could be a
/// newline already counted, which put the error before its own line.
extension YajlParserEngine {
    /// The offset of the first byte after the value that is not white space (nor in a
    /// comment, when comments are allowed), or `nil` when the bytes needed are gone.
    func trailingDataStart() -> Int? {
        guard let end = valueEnd ?? topLevelScalarEnd() else { return nil }
        // White space that came in chunks gone by: only the bytes still known are looked at
        // (with comments allowed, the first of them could be inside one).
        let from = max(end, earliestKnownOffset)
        guard from == end || !options.allowComments || plainSpaceEnd >= from,
              let (bytes, start) = knownBytes(from: from, to: bytesBefore + chunk.count) else { return nil }
        let at = Self.skipSpace(bytes, from: 0, comments: options.allowComments)
        return at < bytes.count ? start + at : nil
    }

    /// Moves ``plainSpaceEnd`` through a chunk yajl has read (in a stream, when comments are
    /// allowed), while only white space follows the value.
    func notePlainSpace(_ bytes: UnsafeRawBufferPointer) {
        guard options.allowComments, let end = valueEnd else { return }
        if plainSpaceEnd < end { plainSpaceEnd = end }
        guard plainSpaceEnd >= bytesBefore else { return }
        var i = plainSpaceEnd - bytesBefore
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        plainSpaceEnd = bytesBefore + i
    }

    /// The end of a document's only value when it is a string, number or literal (no
    /// callback marks it): the end of its token, as yajl's lexer reads it (`123x` ends at
    /// the `x`, `truex` at the `x`), or `nil` when its bytes are not all known.
    func topLevelScalarEnd() -> Int? {
        guard let (bytes, _) = knownBytes(from: 0, to: bytesBefore + chunk.count) else { return nil }
        var i = Self.skipSpace(bytes, from: 0, comments: options.allowComments)
        guard i < bytes.count else { return nil }
        func digits() { while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 } }
        switch bytes[i] {
        case 0x22:
            i += 1
            while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
            return i < bytes.count ? i + 1 : nil
        case 0x74, 0x6E: return i + 4 <= bytes.count ? i + 4 : nil  // true, null
        case 0x66: return i + 5 <= bytes.count ? i + 5 : nil  // false
        default:
            // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
            if bytes[i] == 0x2D { i += 1 }
            if i < bytes.count, bytes[i] == 0x30 { i += 1 } else { digits() }
            if i < bytes.count, bytes[i] == 0x2E { i += 1; digits() }
            if i < bytes.count, bytes[i] | 0x20 == 0x65 {
                i += 1
                if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                digits()
            }
            // A token that reaches the last known byte may go on in bytes not yet read.
            return i < bytes.count ? i : nil
        }
    }

    /// The index of the first byte from `i` on that is neither white space nor in a
    /// comment (when `comments`); `bytes.count` when there is none.
    static func skipSpace(_ bytes: [UInt8], from i: Int, comments: Bool) -> Int {
        var i = i
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            case 0x2F where comments && i + 1 < bytes.count && bytes[i + 1] == 0x2F:
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            case 0x2F where comments && i + 1 < bytes.count && bytes[i + 1] == 0x2A:
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == 0x2A && bytes[i + 1] == 0x2F) { i += 1 }
                i += 2
            default:
                return i
            }
        }
        return bytes.count
    }
}
