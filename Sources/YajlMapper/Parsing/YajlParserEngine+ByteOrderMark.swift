/// A UTF-8 byte order mark at the start of the input (`EF BB BF`, U+FEFF).
///
/// RFC 8259 (section 8.1) forbids writing one and lets a parser ignore it; `JSONDecoder`,
/// `JSONSerialization` (so ObjectMapper) and jq skip it, and files saved by some Windows
/// editors start with one. yajl takes it for an unexpected character. So the engine looks
/// at the first three bytes before yajl does, however the chunks cut them: a mark is skipped
/// (or, with ``JSONParseOptions/allowByteOrderMark`` off, is the error at 1:1); anything
/// else reaches yajl unchanged.
extension YajlParserEngine {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Takes a chunk while the input's start is undecided: returns the bytes for yajl after
    /// a mark, or the whole chunk (after the bytes held before it) when there is none;
    /// `nil` while all the bytes so far begin a mark.
    func passStart(_ bytes: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        var matched = startBytes.count, i = 0
        while matched < 3, i < bytes.count, bytes[i] == Self.byteOrderMark[matched] {
            matched += 1
            i += 1
        }
        if matched == 3 {
            startPending = false
            guard options.allowByteOrderMark else {
                // The excerpt shows the input from its first byte, however the chunks cut it.
                let shown = startBytes + bytes
                let error = shown.withUnsafeBytes { shown in
                    chunk = shown
                    defer { chunk = UnsafeRawBufferPointer(start: nil, count: 0) }
                    return makeError(
                        kind: .invalidCharacter, message: "byte order mark (U+FEFF) before the JSON value", at: 0)
                }
                try fail(error)
            }
            startBytes = []
            skipStart(3)
            return UnsafeRawBufferPointer(rebasing: bytes[i...])
        }
        // A one-shot parse has its whole input: a mark cut short is not one.
        if i == bytes.count, !oneShot {
            startBytes.append(contentsOf: bytes)
            return nil
        }
        // No mark: the bytes held are a chunk of their own, first.
        try endStart()
        return bytes
    }

    /// Decides the input's start with what was held (at the end of the input, or when the
    /// next chunk shows there is no mark).
    func endStart() throws {
        guard startPending else { return }
        startPending = false
        let held = startBytes
        startBytes = []
        if !held.isEmpty { try held.withUnsafeBytes { try feed($0) } }
    }
}
