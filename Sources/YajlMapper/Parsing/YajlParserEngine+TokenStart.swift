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
        if let start = finalNumberStart(endingAt: end) { return start }
        guard let base = chunk.baseAddress, end >= bytesBefore, end <= bytesBefore + chunk.count else {
            return max(end - 1, 0)
        }
        if end == bytesBefore {
            // All in earlier chunks: the token open at this one's start.
            return openToken.openStart ?? openToken.openWordStart ?? max(end - 1, 0)
        }
        if let start = stringTokenStart(endingAt: end, valueLength: 0) { return start }
        var i = end - 1 - bytesBefore
        guard JSONLexer.isWordByte(base.load(fromByteOffset: i, as: UInt8.self)) else { return end - 1 }
        // A number or literal: read from the start of its run of such bytes (or on from the
        // one open at the chunk's start) as yajl's lexer reads it (`01` is two numbers).
        while i > 0, JSONLexer.isWordByte(base.load(fromByteOffset: i - 1, as: UInt8.self)) { i -= 1 }
        var lexer = i == 0 && openToken.openWordStart != nil ? openToken.word : JSONLexer.Word()
        lexer.read(base, from: i, to: end - bytesBefore, at: bytesBefore)
        return lexer.start
    }

    /// The first byte of the token that yajl rejected after an object member's value, from
    /// the offset it moved back to (see the type's comment).
    func movedBackTokenStart(_ offset: Int) -> Int {
        if let start = finalNumberStart(endingAt: offset) { return start }
        guard let base = chunk.baseAddress, offset >= bytesBefore, offset <= bytesBefore + chunk.count else {
            return offset
        }
        if offset == bytesBefore {
            // Moved back as far as the chunk's start: the string open there (one begun two
            // bytes before the chunk is), or the number or literal open there when it goes on
            // into the chunk or is not the member's value (`{"a":0` then `1}` is the `1`).
            if let start = openToken.openStart { return start }
            guard let start = openToken.openWordStart, chunk.count > 0 else { return offset }
            var lexer = openToken.word
            lexer.read(base.load(as: UInt8.self), at: bytesBefore)
            let goesOn = lexer.isReading && lexer.tokens == openToken.word.tokens
            return goesOn || !openToken.wordAfterColon ? start : offset
        }
        // Two bytes into a string when the quote two bytes back opens one (followed from
        // where the tracker stood at the chunk's start), unless that string is `""` and the
        // member's value, which the token follows.
        let quote = offset - 2
        let before: UInt8?
        if quote < bytesBefore {
            guard openToken.openStart == quote else { return offset }
            before = openToken.significantBeforeOpenString(comments: options.allowComments)
        } else {
            guard base.load(fromByteOffset: quote - bytesBefore, as: UInt8.self) == 0x22 else { return offset }
            var tracker = openToken
            tracker.follow(
                UnsafeRawBufferPointer(start: base, count: quote - bytesBefore), at: bytesBefore,
                between: lastBetween, comments: options.allowComments, keepingBytes: false)
            guard tracker.isOutsideStrings else { return offset }
            before = tracker.lastSignificant
        }
        let empty = base.load(fromByteOffset: offset - 1 - bytesBefore, as: UInt8.self) == 0x22
        return empty && before == 0x3A ? offset : quote
    }

    /// At the input's end (or where yajl is shown a space for a byte it may not read, see
    /// `errorBefore`), the number that ends the bytes read, which yajl reads only then (the
    /// only token it can reject there): where it starts, from the token tracker, or read
    /// again from the start of its run of number and literal bytes in a one-shot parse's input.
    private func finalNumberStart(endingAt end: Int) -> Int? {
        guard endsHere, end == bytesBefore else { return nil }
        guard let input = oneShotInput, let base = input.baseAddress, end == input.count else {
            return openToken.openWordStart
        }
        var i = end
        while i > 0, JSONLexer.isWordByte(base.load(fromByteOffset: i - 1, as: UInt8.self)) { i -= 1 }
        guard i < end else { return nil }
        var lexer = JSONLexer.Word()
        lexer.read(base, from: i, to: end, at: 0)
        return lexer.start
    }
}
