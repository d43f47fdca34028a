/// Where the token that yajl's grammar rejected starts.
///
/// A token that may not stand where it is (`["a" "b"]`, `{"a" 1}`, a missing comma between
/// an object's members) is reported by yajl at the offset just past it, or, after an
/// object member's value, at that offset moved back by the token's length: for a string,
/// its length without the quotes (two bytes into it), and never before the start of the
/// chunk it is reading. Both become the token's first byte, where a reader looks for it,
/// whatever the chunking. A token cut by a chunk's start began where the token tracker saw
/// it open (see ``OpenTokenTracker``).
extension YajlParserEngine {
    /// The first byte of the token that ends at `end` (an absolute offset just past it, in
    /// the current chunk or at its start).
    func tokenStart(endingAt end: Int) -> Int {
        guard let base = chunk.baseAddress, end >= bytesBefore, end <= bytesBefore + chunk.count else {
            return max(end - 1, 0)
        }
        if end == bytesBefore {
            // All in earlier chunks: the token open at this one's start.
            if let start = openToken.openStart { return start }
            guard let run = openToken.openWordStart else { return max(end - 1, 0) }
            return lastWord(from: run, to: end).start
        }
        if let start = stringTokenStart(endingAt: end, valueLength: 0) { return start }
        var i = end - 1 - bytesBefore
        guard OpenTokenTracker.isWordByte(base.load(fromByteOffset: i, as: UInt8.self)) else { return end - 1 }
        // A number or literal: back to the first byte of the run of such bytes it ends (or of
        // the one open at the chunk's start).
        while i > 0, OpenTokenTracker.isWordByte(base.load(fromByteOffset: i - 1, as: UInt8.self)) { i -= 1 }
        let run = i == 0 ? openToken.openWordStart ?? bytesBefore : bytesBefore + i
        return lastWord(from: run, to: end).start
    }

    /// The first byte of the token that yajl rejected after an object member's value, from
    /// the offset it moved back to (see the type's comment).
    func movedBackTokenStart(_ offset: Int) -> Int {
        guard let base = chunk.baseAddress, offset >= bytesBefore, offset <= bytesBefore + chunk.count else {
            return offset
        }
        if offset == bytesBefore {
            // Moved back as far as the chunk's start: the token open there (a string begun two
            // bytes before the chunk is), unless that was the member's value and the token
            // starts right there (`{"a":0` then `1}`).
            if let start = openToken.openStart { return start }
            guard let run = openToken.openWordStart else { return offset }
            let (start, end) = lastWord(from: run, to: bytesBefore + chunk.count, before: bytesBefore)
            let next = end - bytesBefore
            let adjacent = end == bytesBefore && next < chunk.count
                && OpenTokenTracker.isWordByte(base.load(fromByteOffset: next, as: UInt8.self))
            return adjacent ? offset : start
        }
        let quote = offset - 2
        if quote < bytesBefore { return openToken.openStart == quote ? quote : offset }
        // Two bytes into a string when the quote two bytes back opens one: follow the chunk's
        // quotes up to it from where the tracker stood at the chunk's start.
        guard base.load(fromByteOffset: quote - bytesBefore, as: UInt8.self) == 0x22 else { return offset }
        var tracker = openToken
        tracker.follow(UnsafeRawBufferPointer(start: base, count: quote - bytesBefore), at: bytesBefore,
                       between: lastBetween, comments: options.allowComments, keepingBytes: false)
        return tracker.isOutsideStrings ? quote : offset
    }

    /// Reads numbers and literals as yajl's lexer does (`01` is two numbers), from `run`,
    /// where such a token starts, towards `end`: the last token that starts before `before`
    /// (by default, the one that reaches `end`), and where it ends. When the bytes are no
    /// longer known, the run's start.
    private func lastWord(from run: Int, to end: Int, before: Int? = nil) -> (start: Int, end: Int) {
        guard let (bytes, _) = knownBytes(from: run, to: end) else { return (run, end) }
        let limit = (before ?? end) - run
        return bytes.withUnsafeBytes { bytes in
            var at = 0
            while let length = Self.wordLength(UnsafeRawBufferPointer(rebasing: bytes[at...])),
                  at + length < limit, at + length < bytes.count {
                at += length
            }
            let length = Self.wordLength(UnsafeRawBufferPointer(rebasing: bytes[at...])) ?? (bytes.count - at)
            return (run + at, run + at + length)
        }
    }
}
