import CYajl

/// Positions in the whole input: lines, the chunk's place, string tokens' starts; and
/// retention, a copy of the input from an offset on, kept across chunks (a streamed value's
/// bytes, handed over with its tape).
extension YajlParserEngine {
    /// The most bytes before the chunk that `tail` keeps.
    private static let tailLimit = 64

    /// Counts the lines of a chunk whose counting was deferred.
    func countDeferredLines() {
        guard let bytes = uncountedChunk else { return }
        uncountedChunk = nil
        countLines(bytes, at: bytesBefore - bytes.count)
    }

    /// Counts the line breaks of `bytes`, found at absolute offset `start`.
    private func countLines(_ bytes: UnsafeRawBufferPointer, at start: Int) {
        guard let base = bytes.baseAddress else { return }
        lines.count(to: start + bytes.count, in: base, at: start)
    }

    /// Moves the position past the input's first `count` bytes, which yajl is not to see (a
    /// byte order mark): offsets count them, the first line's columns start after them.
    func skipStart(_ count: Int) {
        bytesBefore += count
        lines = LineCounter(offset: bytesBefore, line: 1, lineStart: bytesBefore)
        textStart = bytesBefore
    }

    /// Stands the position at `offset` (on `line`, which starts at `lineStart`), as if every
    /// byte up to it had been read here, when other parsers have read them (the spine of a
    /// parallel stream, past the stretches its workers read). Only at a point between
    /// tokens with nothing waiting; `before` holds the bytes just before `offset`, kept for
    /// error messages as a chunk's tail is.
    func jump(to offset: Int, line: Int, lineStart: Int, before: UnsafeRawBufferPointer) {
        countDeferredLines()
        bytesBefore = offset
        lines = LineCounter(offset: offset, line: line, lineStart: lineStart)
        chunkLines = nil
        lastBetween = offset
        tail = Array(before.suffix(Self.tailLimit))
    }

    /// Moves the position past a chunk yajl accepted.
    func advance(past bytes: UnsafeRawBufferPointer) {
        if let start = retainStart {
            let from = max(start - bytesBefore, 0)
            if from < bytes.count { retained.append(contentsOf: bytes[from...]) }
        }
        chunkLines = nil
        if !sawContent {
            sawContent = bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        }
        if oneShot {
            // From offset 0: a skipped byte order mark is just before, in the same buffer.
            let input = bytes.baseAddress.unsafelyUnwrapped - bytesBefore
            oneShotInput = UnsafeRawBufferPointer(start: input, count: bytesBefore + bytes.count)
            // The pieces of a chunk given to yajl in parts follow one another: their lines wait too.
            if let uncounted = uncountedChunk,
                uncounted.baseAddress.unsafelyUnwrapped + uncounted.count == bytes.baseAddress
            {
                uncountedChunk = UnsafeRawBufferPointer(
                    start: uncounted.baseAddress, count: uncounted.count + bytes.count)
            } else {
                countDeferredLines()
                uncountedChunk = bytes
            }
        } else {
            countDeferredLines()
            if countsLines { countLines(bytes, at: bytesBefore) }
        }
        followSpace(bytes)
        if !oneShot {
            // Validation reads no string: it keeps no string's bytes.
            openToken.follow(
                bytes, at: bytesBefore, between: lastBetween, comments: options.allowComments,
                keepingBytes: traits.receivesEvents)
        }
        bytesBefore += bytes.count
        chunk = UnsafeRawBufferPointer(start: nil, count: 0)
        if bytes.count >= Self.tailLimit {
            tail = Array(bytes[(bytes.count - Self.tailLimit)...])
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
        }
    }

    /// The offset of the opening quote of the string token that ends at `end` (just past its
    /// closing quote, in the current chunk). An escaped quote is one preceded by an odd
    /// number of backslashes; a quote inside a string is always escaped, so the opening
    /// quote is the first quote before the closing one that is not. A token begun in an
    /// earlier chunk has no such quote in this one: it began at the last unescaped quote
    /// before the chunk.
    func stringTokenStart(endingAt end: Int, valueLength: Int) -> Int? {
        guard let base = chunk.baseAddress else { return nil }
        let close = end - 1 - bytesBefore
        guard close >= 0, close < chunk.count, base.load(fromByteOffset: close, as: UInt8.self) == 0x22 else {
            return nil
        }
        // Without escapes the token is the value and two quotes.
        let guess = close - valueLength - 1
        if guess >= 0, base.load(fromByteOffset: guess, as: UInt8.self) == 0x22, !isEscaped(base, guess) {
            return bytesBefore + guess
        }
        var i = close - 1
        while i >= 0 {
            if base.load(fromByteOffset: i, as: UInt8.self) == 0x22, !isEscaped(base, i) { return bytesBefore + i }
            i -= 1
        }
        return openToken.openStart
    }

    /// Whether the byte at `index` of a chunk follows an odd number of backslashes (with,
    /// for a run from the chunk's start, the one that ended a string open before it).
    func isEscaped(_ base: UnsafeRawPointer, _ index: Int) -> Bool {
        var backslashes = 0
        while index - backslashes - 1 >= 0, base.load(fromByteOffset: index - backslashes - 1, as: UInt8.self) == 0x5C {
            backslashes += 1
        }
        if backslashes == index && openToken.escapePending { backslashes += 1 }
        return backslashes % 2 == 1
    }

    /// The 1-based line of an offset in the current chunk, and the offset its line starts
    /// at. Queries must not go backwards within a chunk: each byte is counted once.
    func line(at offset: Int) -> (line: Int, lineStart: Int) {
        if chunkLines == nil { countDeferredLines() }
        var counter = chunkLines ?? lines
        if let base = chunk.baseAddress {
            counter.count(to: bytesBefore + max(0, min(offset - bytesBefore, chunk.count)), in: base, at: bytesBefore)
        }
        chunkLines = counter
        return (counter.line, counter.lineStart)
    }

    /// Starts keeping a copy of the input from `offset` (inside the current chunk) on.
    func startRetaining(at offset: Int) {
        retainStart = offset
        retained.removeAll(keepingCapacity: true)
    }

    /// Stops keeping a copy.
    func stopRetaining() {
        retainStart = nil
        retained.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the input from `start` (at or after the retention start) up to
    /// `end` (an offset inside the current chunk): a view into the chunk when the region
    /// lies in it, else a copy.
    func withRetained<R>(
        from start: Int, through end: Int, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        guard let retainStart else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let endInChunk = max(0, min(end - bytesBefore, chunk.count))
        if start >= bytesBefore, let base = chunk.baseAddress {
            let from = start - bytesBefore
            return try body(UnsafeRawBufferPointer(start: base + from, count: max(0, endInChunk - from)))
        }
        // (At the input's end there is no chunk: the bytes are all kept.)
        let first = max(0, start - retainStart)
        var copy = Array(retained[min(first, retained.count)..<min(end - retainStart, retained.count)])
        if let base = chunk.baseAddress {
            copy.append(contentsOf: UnsafeRawBufferPointer(start: base, count: endInChunk))
        }
        return try copy.withUnsafeBytes(body)
    }
}
