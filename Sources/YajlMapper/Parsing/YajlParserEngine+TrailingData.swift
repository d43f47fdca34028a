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
        guard from == end || !options.allowComments,
              let (bytes, start) = knownBytes(from: from, to: bytesBefore + chunk.count) else { return nil }
        let at = Self.skipSpace(bytes, from: 0, comments: options.allowComments)
        return at < bytes.count ? start + at : nil
    }

    /// The end of a document's only value when it is a string, number or literal (no
    /// callback marks it): the end of its token.
    private func topLevelScalarEnd() -> Int? {
        guard let (bytes, _) = knownBytes(from: 0, to: bytesBefore + chunk.count) else { return nil }
        var i = Self.skipSpace(bytes, from: 0, comments: options.allowComments)
        guard i < bytes.count else { return nil }
        if bytes[i] == 0x22 {
            i += 1
            while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
            return i < bytes.count ? i + 1 : nil
        }
        // A number or a literal: letters, digits, sign, point.
        while i < bytes.count, Self.isScalarByte(bytes[i]) { i += 1 }
        return i
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2D, 0x2E: true
        default: false
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
