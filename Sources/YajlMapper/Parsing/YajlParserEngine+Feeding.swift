import CYajl

/// Feeding chunks to yajl, and ending the input.
extension YajlParserEngine {
    /// Feeds one chunk. Wraps `yajl_parse`.
    ///
    /// Form feed and vertical tab are white space to yajl but not to JSON (RFC 8259), and
    /// are never valid inside a string either; and yajl's UTF-8 check lets through what
    /// RFC 3629 forbids (see ``UTF8Check``). The chunk is checked for both, and the first
    /// such byte is an error at its offset. A handler of the caller's sees events as they happen,
    /// so for it the chunk is checked before yajl reads it and yajl gets only the bytes
    /// before that byte. Otherwise (the tape recorders, validation) nothing is seen before
    /// the parse ends, an error or a streamed element, so the chunk is checked behind yajl
    /// in blocks, while the bytes are still in cache (see ``checkBehind(after:chunkEnd:)``), and up to
    /// each of those points: the result is the same, and the bytes are read from memory
    /// once instead of three times.
    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        if let failure { throw failure }
        if finished { throw JSONStreamUsageError(kind: .feedAfterFinish) }
        guard bytes.count > 0 else { return }
        if startPending {
            // Until the first three bytes say whether they are a byte order mark.
            guard let rest = try passStart(bytes), rest.count > 0 else { return }
            return try feed(rest)
        }
        if holdUntil > 0 {
            held.append(contentsOf: bytes)
            if held.count >= holdUntil { try feedHeld() }
            return
        }
        try feedNow(bytes)
        // yajl's lexer (`yajl_lex_lex` in yajl_lex.c) keeps a token cut by a chunk's end in
        // its buffer and reads it again from its start at each chunk, so a long token fed in
        // small chunks costs time quadratic in its length. While a long token (a string,
        // number or comment) is open, chunks wait until they are a quarter as long as it, so
        // each byte is read a bounded number of times. Small chunks wait sooner: for a token
        // 16 times as long as the chunk.
        if !oneShot, let start = openToken.openTokenStart {
            let open = bytesBefore - start
            if open >= Self.holdFrom || (open >= Self.holdFromSmallChunks && open >= 16 * bytes.count) {
                holdUntil = open / 4
                held.reserveCapacity(holdUntil + bytes.count)
            }
        }
    }

    /// A token open for this many bytes at a chunk's end makes later chunks wait.
    static let holdFrom = 1 << 16
    /// Or for this many, when that is 16 times the chunk's length.
    static let holdFromSmallChunks = 1 << 12

    /// The bytes fed so far, waiting ones included.
    var bytesFed: Int { bytesBefore + held.count + startBytes.count }

    /// Gives yajl the chunks that waited, as one.
    private func feedHeld() throws {
        var waiting: [UInt8] = []
        swap(&waiting, &held)
        holdUntil = 0
        try waiting.withUnsafeBytes { try feed($0) }
    }

    /// Checks a chunk (before yajl, or behind it) and gives it to yajl.
    private func feedNow(_ bytes: UnsafeRawBufferPointer) throws {
        defer { if failure != nil { oneShotInput = nil } }
        if checksBehind { return try parse(bytes) }
        switch firstBadByte(in: bytes, from: 0, to: bytes.count) {
        case .utf8(let bad)?:
            // yajl reads the sequence's first byte too: outside a string it rejects that byte
            // itself, and its error comes first, as when checked behind. (A sequence begun in
            // the last chunk was read then.)
            try stop(bytes, clean: max(0, bad.offset + 1 - bytesBefore), badByteAt: bad.offset) {
                $0.makeError(kind: .invalidUTF8, message: bad.message, at: bad.offset)
            }
        case .space(let at, let byte)?:
            try stop(bytes, clean: at, badByteAt: bytesBefore + at, endsToken: true) {
                $0.nonJSONSpaceError(byte, at: $0.bytesBefore)
            }
        case nil:
            try parse(bytes)
        }
    }

    /// Ends the input: an incomplete value is an error. Wraps `yajl_complete_parse`.
    func finish() throws {
        if let failure { throw failure }
        if finished { return }
        try endStart()
        if !held.isEmpty { try feedHeld() }
        finished = true
        endsHere = true
        defer { oneShotInput = nil }
        chunk = UnsafeRawBufferPointer(start: nil, count: 0)
        // Zero values is a valid stream of values (an empty JSON Lines file); yajl says EOF.
        if !sawContent && options.allowMultipleValues { return }
        let status = ParseNesting.around { yajl_complete_parse(handle) }
        // A value that ended only with the input (a number at the top level) is handed over here.
        try handOver { try check(status) }
        // yajl takes a string left open after the value (`{} "abc`) for one still to come.
        if let error = trailingDataError(before: Int.max) { try fail(error) }
        // And a block comment left open there for one that may still close (`{} /* x`).
        if !options.allowMultipleValues, options.allowComments, endsInBlockComment() {
            try fail(
                makeError(
                    kind: .truncated, message: "unexpected end of input (a comment is not closed)", at: bytesBefore))
        }
    }

    /// Gives yajl one chunk (`yajl_parse`), checks what it read, lets the consumer hand over
    /// the values that ended in it (outside yajl: no code of the caller's runs while
    /// `yajl_parse` is on the stack), and moves past it. For a consumer that hands values
    /// over, a long chunk goes to yajl in pieces of ``handOverPiece`` bytes, so that few
    /// values wait at a time.
    func parse(_ bytes: UnsafeRawBufferPointer) throws {
        ParseNesting.bytesParsed += bytes.count
        let piece = handsOver ? Self.handOverPiece : bytes.count
        var rest = bytes
        while rest.count > 0 {
            let part = UnsafeRawBufferPointer(rebasing: rest[..<min(piece, rest.count)])
            yajlParseCalls += 1
            chunk = part
            checkedTo = bytesBefore
            yajlReadsChunk = true
            let status = ParseNesting.around {
                yajl_parse(handle, part.baseAddress!.assumingMemoryBound(to: UInt8.self), part.count)
            }
            yajlReadsChunk = false
            try handOver {
                if checksBehind { try checkBehind(after: status, chunkEnd: bytesBefore + part.count) }
                try check(status)
            }
            advance(past: part)
            rest = UnsafeRawBufferPointer(rebasing: rest[part.count...])
        }
    }

    /// The longest piece of a chunk yajl reads at once for a consumer that hands values over.
    static let handOverPiece = 1 << 18

    /// Runs `check` on what yajl read, then the consumer's hand-over of the values that ended
    /// (up to the error `check` threw, if any), then throws that error. An error the hand-over
    /// throws stops the parse, as a callback's does.
    private func handOver(after check: () throws -> Void) throws {
        var stop: (any Error)?
        do { try check() } catch { stop = error }
        if handsOver {
            do {
                try sink.handOver(upTo: (stop as? JSONParseError)?.offset)
            } catch {
                if failure != nil { throw error }
                try fail(locate(error))
            }
        }
        if let stop { throw stop }
    }

    /// Throws the error behind a status `yajl_parse` or `yajl_complete_parse` returned.
    private func check(_ status: yajl_status) throws {
        switch status {
        case yajl_status_ok:
            return
        case yajl_status_client_canceled:
            if let handlerError { try fail(handlerError) }
            // Only the depth check cancels without a handler error.
            try fail(
                makeError(
                    kind: .tooDeep, message: "nesting deeper than \(options.maxDepth) levels",
                    at: max(currentOffset - 1, 0)))
        default:
            try fail(yajlError())
        }
    }
}
