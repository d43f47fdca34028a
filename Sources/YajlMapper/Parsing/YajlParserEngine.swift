import CYajl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns one yajl parse handle: the only code in the package that calls `yajl_parse`.
///
/// The callbacks struct lives at a stable heap address for the handle's whole life
/// (yajl keeps the pointer); the callbacks reach the engine through `ctx`, a
/// ``CallbackContext``. An error thrown by the handler is stored, the callback returns 0,
/// and the error is rethrown after `yajl_parse` returns.
final class YajlParserEngine {
    let options: JSONParseOptions
    /// Receives the events (none when its consumer's traits ask for nesting only).
    let sink: EventSink
    /// What the sink's consumer needs.
    let traits: ConsumerTraits
    /// What the callbacks receive as `ctx`.
    let context: UnsafeMutablePointer<CallbackContext>

    var handle: yajl_handle?
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>

    // Nesting.
    private(set) var depth = 0
    /// yajl's read position in its handle, when the capture or the validator may move it past
    /// the rest of an object (see `YajlParserEngine+SkipAhead.swift`).
    private(set) var readPosition: UnsafeMutablePointer<Int>?
    /// Whether yajl is reading ``chunk`` (in ``parse(_:)``), the only bytes a skip may pass.
    private(set) var yajlReadsChunk = false
    /// How many scans reached the closing brace of their object (for tests and measurements).
    var objectsSkipped = 0
    /// How many times yajl was moved past members (for tests and measurements).
    var skipsMade = 0
    /// Where the last scan that could not skip stopped (an absolute offset): no skip is
    /// tried again before it.
    var skipBlockedUntil = 0
    /// How many bytes the skip's scans read, skipped or not (for tests).
    var bytesScannedForSkips = 0
    /// Just past the top-level value, once it ended (see `trailingDataStart()`).
    var valueEnd: Int?
    /// The top-level value while it is followed to its end, when it is not a container.
    var scalar: ScalarScan?
    /// The white space and comments before the top-level value, and after it.
    var lead = SpaceScan(from: 0)
    var after = SpaceScan(from: 0)
    fileprivate var depthExceeded = false
    /// An error thrown by the handler during the current `yajl_parse`.
    var handlerError: (any Error)?
    /// The first error: every later call rethrows it.
    var failure: (any Error)?
    /// Whether any byte other than white space has been accepted.
    private var sawContent = false
    private var finished = false

    // Position of the current chunk in the whole input.
    private(set) var bytesBefore = 0
    private var newlinesBefore = 0
    /// The offset of the last line break before the chunk (or of a skipped byte order
    /// mark's last byte: the first line's columns start after it).
    private var lastNewlineBefore = -1
    /// Up to `tailLimit` bytes that precede the current chunk, for error excerpts.
    private var tail: [UInt8] = []
    private static let tailLimit = 64
    var chunk = UnsafeRawBufferPointer(start: nil, count: 0)

    // Retention: a copy of the input from an offset on, kept across chunks (for mapping a
    // streamed element again from its own bytes).
    private var retainStart: Int?
    private var retained: [UInt8] = []
    // Lines counted so far inside the current chunk, for cheap monotonic line queries.
    private var lineCursor = 0
    private var lineCursorLine = 1
    private var lineCursorLineStart = 0

    /// An engine that delivers to `sink` what its consumer's traits ask for.
    init(options: JSONParseOptions, sink: EventSink) {
        self.options = options
        self.sink = sink
        traits = sink.traits
        callbacks = .allocate(capacity: 1)
        let full =
            sink.eventTable?.callbacks ?? (traits.receivesEvents ? Self.eventCallbacks : Self.validationCallbacks)
        callbacks.initialize(to: full)
        context = .allocate(capacity: 1)
        context.initialize(
            to: CallbackContext(
                engine: Unmanaged.passUnretained(self), sink: Unmanaged.passUnretained(sink), consumer: sink.consumer,
                table: callbacks, full: full, switchable: traits.receivesEvents))
        handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(context))
        cyajl_config_flag(handle, yajl_allow_comments, options.allowComments ? 1 : 0)
        // The check of the input's bytes (``UTF8Check``) is stricter than yajl's and covers
        // every string, so yajl's own is left out. (The skip past the rest of an object
        // relies on this, and on yajl never converting numbers: no `yajl_integer` or
        // `yajl_double` callback. Either of yajl's checks would otherwise go unseen there.)
        cyajl_config_flag(handle, yajl_dont_validate_strings, 1)
        cyajl_config_flag(handle, yajl_allow_multiple_values, options.allowMultipleValues ? 1 : 0)
        if traits.skips && options.skipsUnreadObjects {
            readPosition = Self.readPosition(of: handle, callbacks: callbacks, context: context)
        }
    }

    deinit {
        if let handle { yajl_free(handle) }
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        context.deinitialize(count: 1)
        context.deallocate()
    }

    /// The absolute offset of the byte yajl is at (during a callback: just after the token).
    var currentOffset: Int {
        guard let handle else { return bytesBefore }
        return bytesBefore + min(yajl_get_bytes_consumed(handle), chunk.count)
    }

    /// Feeds one chunk. Wraps `yajl_parse`.
    ///
    /// Form feed and vertical tab are white space to yajl but not to JSON (RFC 8259), and
    /// are never valid inside a string either; and yajl's UTF-8 check lets through what
    /// RFC 3629 forbids (see ``UTF8Check``). The chunk is checked for both, and the first
    /// such byte is an error at its offset. A handler of the caller's sees events as they happen,
    /// so for it the chunk is checked before yajl reads it and yajl gets only the bytes
    /// before that byte. Otherwise (the mapping capture, validation) nothing is seen before
    /// the parse ends, an error or a streamed element, so the chunk is checked behind yajl
    /// in blocks, while the bytes are still in cache (see ``checkBehind()``), and up to
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
        // yajl reads a token cut by chunks from its start again at each chunk: while a long
        // token (a string, number or comment) is open, chunks wait until they are a quarter
        // as long as it, so each byte is read a bounded number of times (a 40 MB string in
        // 64 KiB chunks took 5.5 s, a 10 MB number 4.7 s). Small chunks wait sooner: a token
        // 16 times as long as the chunk (a 60 KB number in 7-byte chunks took 2.2 s).
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
    /// The chunks waiting (see ``feed(_:)``), and how many bytes they wait for (0: none wait).
    private var held: [UInt8] = []
    private var holdUntil = 0

    /// How many times yajl was given bytes (for tests: chunks that waited reach it as one).
    private(set) var yajlParseCalls = 0

    /// The bytes fed so far, waiting ones included.
    var bytesFed: Int { bytesBefore + held.count + startBytes.count }

    /// Gives yajl the chunks that waited, as one.
    private func feedHeld() throws {
        var waiting: [UInt8] = []
        swap(&waiting, &held)
        holdUntil = 0
        try waiting.withUnsafeBytes { try feed($0) }
    }

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

    // MARK: The input check (its code: YajlParserEngine+InputCheck.swift)

    /// Whether yajl is being told that the input ends at ``bytesBefore`` (at `finish`, or
    /// for ``errorBefore(_:)``).
    var endsHere = false
    /// Whether yajl's last error was its grammar rejecting a whole token (not a lexical
    /// error, nor data after the value).
    var yajlRejectedToken = false
    /// The check of the input's UTF-8 (see ``UTF8Check``), which yajl does more loosely.
    /// (Checked once per block of input, never re-entered: no run-time exclusivity check.)
    @exclusivity(unchecked) var utf8 = UTF8Check()

    /// Whether the chunk is checked for form feeds and vertical tabs behind yajl (see
    /// ``feed(_:)``), rather than before it: the consumer's trait.
    var checksBehind: Bool { traits.checksBehind }
    /// How far (an absolute offset) the current chunk has been checked, when checked behind.
    var checkedTo = 0

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
        let status = yajl_complete_parse(handle)
        try check(status)
        // yajl takes a string left open after the value (`{} "abc`) for one still to come.
        if let error = trailingDataError(before: Int.max) {
            failure = error
            throw error
        }
        // And a block comment left open there for one that may still close (`{} /* x`).
        if !options.allowMultipleValues, options.allowComments, endsInBlockComment() {
            let error = makeError(
                kind: .truncated, message: "unexpected end of input (a comment is not closed)",
                at: bytesBefore)
            failure = error
            throw error
        }
    }

    func parse(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        yajlParseCalls += 1
        chunk = bytes
        checkedTo = bytesBefore
        yajlReadsChunk = true
        let status = yajl_parse(handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
        yajlReadsChunk = false
        if checksBehind { try checkBehind(after: status, chunkEnd: bytesBefore + bytes.count) }
        try check(status)
        advance(past: bytes)
    }

    private func check(_ status: yajl_status) throws {
        switch status {
        case yajl_status_ok:
            return
        case yajl_status_client_canceled:
            if let handlerError {
                failure = handlerError
                throw handlerError
            }
            // Only the depth check cancels without a handler error.
            let error = makeError(
                kind: .tooDeep,
                message: "nesting deeper than \(options.maxDepth) levels",
                at: max(currentOffset - 1, 0))
            failure = error
            throw error
        default:
            let error = yajlError()
            failure = error
            throw error
        }
    }

    /// Set by one-shot parses, whose single buffer stays valid until `finish`: lines are
    /// then counted only if an error needs them, and no token is cut by a chunk's end.
    var oneShot = false
    /// Whether the input's first bytes may still be a byte order mark, and those held
    /// meanwhile (see `YajlParserEngine+ByteOrderMark.swift`).
    var startPending = true
    var startBytes: [UInt8] = []
    private var uncountedChunk: UnsafeRawBufferPointer?
    /// A one-shot parse's whole input, once read, until `finish` (the data after a value
    /// can then need bytes from anywhere in it).
    private(set) var oneShotInput: UnsafeRawBufferPointer?

    /// Counts the lines of a chunk whose counting was deferred.
    private func countDeferredLines() {
        guard let bytes = uncountedChunk else { return }
        uncountedChunk = nil
        bytesBefore -= bytes.count
        countLines(bytes)
        bytesBefore += bytes.count
    }

    private func countLines(_ bytes: UnsafeRawBufferPointer) {
        // memchr is vectorised in libc: a chunk without newlines costs one fast scan.
        let base = bytes.baseAddress!
        var from = 0
        while from < bytes.count, let hit = memchr(base + from, 0x0A, bytes.count - from) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            newlinesBefore += 1
            lastNewlineBefore = bytesBefore + at
            from = at + 1
        }
    }

    /// Moves the position past the input's first `count` bytes, which yajl is not to see (a
    /// byte order mark): offsets count them, the first line's columns start after them.
    func skipStart(_ count: Int) {
        bytesBefore += count
        lastNewlineBefore = bytesBefore - 1
        textStart = bytesBefore
    }

    /// Where the JSON text starts, and its first line: after a skipped byte order mark.
    private(set) var textStart = 0

    /// Moves the position past a chunk yajl accepted.
    private func advance(past bytes: UnsafeRawBufferPointer) {
        if let start = retainStart {
            let from = max(start - bytesBefore, 0)
            if from < bytes.count { retained.append(contentsOf: bytes[from...]) }
        }
        lineCursor = 0
        if !sawContent {
            sawContent = bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        }
        countDeferredLines()
        if oneShot {
            // From offset 0: a skipped byte order mark is just before, in the same buffer.
            oneShotInput = UnsafeRawBufferPointer(
                start: bytes.baseAddress.unsafelyUnwrapped - bytesBefore,
                count: bytesBefore + bytes.count)
            uncountedChunk = bytes
        } else {
            countLines(bytes)
        }
        followSpace(bytes)
        if !oneShot {
            // Validation reads no string: it keeps no string's bytes.
            openToken.follow(
                bytes, at: bytesBefore, between: lastBetween, comments: options.allowComments,
                keepingBytes: traits.receivesEvents)
        }
        bytesBefore += bytes.count
        if bytes.count >= Self.tailLimit {
            tail = Array(bytes[(bytes.count - Self.tailLimit)...])
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
        }
        chunk = UnsafeRawBufferPointer(start: nil, count: 0)
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

    /// Whether a token is open at the current chunk's start, where it began, and (a string's,
    /// where the engine reads strings) its bytes before the chunk; not followed in a one-shot
    /// parse, whose one chunk has them all.
    private(set) var openToken = OpenTokenTracker()
    /// The offset just after the last container's start: between tokens.
    fileprivate(set) var lastBetween = 0

    // MARK: Retention and lines (used while mapping)

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

    /// Calls `body` with the input from the retention start up to `end` (an offset inside
    /// the current chunk): a view into the chunk when the region lies in it, else a copy.
    func withRetained<R>(through end: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let start = retainStart, let base = chunk.baseAddress else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        let endInChunk = max(0, min(end - bytesBefore, chunk.count))
        if retained.isEmpty && start >= bytesBefore {
            return try body(
                UnsafeRawBufferPointer(
                    start: base + (start - bytesBefore), count: max(0, endInChunk - (start - bytesBefore))))
        }
        var copy = retained
        copy.append(contentsOf: UnsafeRawBufferPointer(start: base, count: endInChunk))
        return try copy.withUnsafeBytes(body)
    }

    /// The 1-based line of an offset in the current chunk, and the offset its line starts
    /// at. Queries must not go backwards within a chunk: each byte is counted once.
    func line(at offset: Int) -> (line: Int, lineStart: Int) {
        if lineCursor == 0 {
            countDeferredLines()
            lineCursorLine = newlinesBefore + 1
            lineCursorLineStart = lastNewlineBefore + 1
        }
        let target = max(0, min(offset - bytesBefore, chunk.count))
        if target > lineCursor, let base = chunk.baseAddress {
            var from = lineCursor
            while from < target, let hit = memchr(base + from, 0x0A, target - from) {
                let at = base.distance(to: UnsafeRawPointer(hit))
                lineCursorLine += 1
                lineCursorLineStart = bytesBefore + at + 1
                from = at + 1
            }
            lineCursor = target
        }
        return (lineCursorLine, lineCursorLineStart)
    }

    /// Reads yajl's error message and turns it into a located ``JSONParseError``.
    /// Wraps `yajl_get_error` and `yajl_free_error`.
    func yajlError() -> JSONParseError {
        yajlRejectedToken = false
        var raw = "syntax error"
        if let text = yajl_get_error(handle, 0, nil, 0) {
            raw = String(cString: text)
            yajl_free_error(handle, text)
        }
        var message = raw.trimmingWhitespace()
        let lexical = message.hasPrefix("lexical error: ")
        for prefix in ["lexical error: ", "parse error: "] where message.hasPrefix(prefix) {
            message.removeFirst(prefix.count)
        }
        if message.hasSuffix(".") { message.removeLast() }
        var kind = JSONParseError.Kind.syntax
        var offset = currentOffset
        if message.contains("premature EOF") || (lexical && finished) {
            // `yajl_complete_parse` ends a pending token by parsing one space: a lexical
            // error then means the input stopped inside a token (`tru`, `1.`, `"\u12`).
            kind = .truncated
            offset = bytesBefore
            message =
                !sawContent
                ? "empty input: no JSON value"
                : "unexpected end of input (the JSON text is truncated)"
        } else {
            // yajl reports the offset just past the token or byte it rejected, except that
            // its lexer backs up to the offending byte for every lexical error but an
            // invalid character, and its parser moves back by the token's length after a
            // map value: point at the token's first byte, or at the offending byte.
            if message == "trailing garbage" {
                // Where the data starts; else the byte before yajl's offset, but not before
                // the chunk it is reading (its lexer backs up to a bad byte, at most to there).
                offset = trailingDataStart() ?? max(offset - 1, finished ? 0 : bytesBefore)
            } else if lexical {
                if message == "invalid char in json text" { offset = max(offset - 1, 0) }
            } else if Self.movedBack.contains(message) {
                offset = movedBackTokenStart(offset)
                yajlRejectedToken = true
            } else {
                offset = tokenStart(endingAt: offset)
                yajlRejectedToken = true
            }
            switch message {
            case "invalid char in json text": message = unexpectedCharacterMessage(at: offset)
            case "unallowed token at this point in JSON text": message = unexpectedTokenMessage(at: offset)
            default: message = Self.clearerMessages[message] ?? message
            }
        }
        return makeError(kind: kind, message: message, at: offset)
    }

    /// Parse errors after which yajl has already moved its offset back by the token's
    /// length ("try to restore error offset"), but not past the chunk's start (see
    /// ``movedBackTokenStart(_:)``).
    private static let movedBack: Set<String> = ["after key and value, inside map, I expect ',' or '}'"]

    /// yajl's wording, where a plainer one helps.
    private static let clearerMessages = [
        "trailing garbage": "unexpected data after the JSON value",
        "invalid string in json text": "invalid literal (expected true, false or null)",
    ]

    /// Gives a handler's error the position of the token being delivered, when the error
    /// asks for one (see ``JSONLocatableError``).
    func locate(_ error: any Error) -> any Error {
        guard let locatable = error as? any JSONLocatableError, locatable.location == nil else { return error }
        let located = makeError(kind: .syntax, message: "", at: max(currentOffset - 1, 0))
        return locatable.located(
            at: JSONLocation(offset: located.offset, line: located.line, column: located.column),
            excerpt: located.excerpt)
    }

    /// ``makeError(kind:message:at:)`` for the engine's extensions.
    func error(kind: JSONParseError.Kind, message: String, at offset: Int) -> JSONParseError {
        makeError(kind: kind, message: message, at: offset)
    }

    /// Notes where the top-level value ended.
    fileprivate func endValue(at offset: Int) {
        valueEnd = offset
        after = SpaceScan(from: offset)
    }

    /// The first offset ``knownBytes(from:to:)`` can give.
    var earliestKnownOffset: Int {
        oneShotInput == nil ? min(bytesBefore - tail.count, openToken.keptStart ?? bytesBefore) : 0
    }

    /// The input's bytes from `from` to `to` (absolute offsets) and `from`, when they are
    /// still known: in the current chunk, in the bytes kept from just before it, or in the
    /// string token open at its start.
    func knownBytes(from: Int, to: Int) -> ([UInt8], Int)? {
        if let input = oneShotInput, from >= 0, from <= to, to <= input.count {
            return (Array(UnsafeRawBufferPointer(rebasing: input[from..<to])), from)
        }
        let tailStart = bytesBefore - tail.count
        let openStart = openToken.keptStart ?? tailStart
        guard to >= from, from >= earliestKnownOffset, to <= bytesBefore + chunk.count else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(to - from)
        if from < bytesBefore {
            let (kept, keptStart) = from >= tailStart ? (tail, tailStart) : (openToken.openBytes, openStart)
            bytes.append(contentsOf: kept[(from - keptStart)..<(min(to, bytesBefore) - keptStart)])
        }
        if to > bytesBefore, let base = chunk.baseAddress {
            let start = max(from, bytesBefore) - bytesBefore
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: to - bytesBefore - start))
        }
        return (bytes, from)
    }

    /// Builds an error at an absolute offset, inside the current chunk or before it.
    func makeError(kind: JSONParseError.Kind, message: String, at offset: Int) -> JSONParseError {
        countDeferredLines()
        // Bytes known: `tail` (just before the chunk) then the chunk itself.
        let inChunk = max(0, min(offset - bytesBefore, chunk.count))
        var line = newlinesBefore + 1
        var lineStart = lastNewlineBefore + 1
        if offset <= lastNewlineBefore, let (known, knownStart) = knownBytes(from: earliestKnownOffset, to: bytesBefore)
        {
            // Before a line break already counted (an offset in an earlier chunk): take back
            // the breaks between, and find its own line's start, in the bytes still known.
            let at = max(offset - knownStart, 0)
            line -= known[at...].filter { $0 == 0x0A }.count
            lineStart = known[..<at].lastIndex(of: 0x0A).map { knownStart + $0 + 1 } ?? knownStart
        }
        if inChunk > 0, let base = chunk.baseAddress {
            for i in 0..<inChunk where base.load(fromByteOffset: i, as: UInt8.self) == 0x0A {
                line += 1
                lineStart = bytesBefore + i + 1
            }
        }
        let column = offset - lineStart + 1
        return JSONParseError(
            kind: kind, message: message, offset: offset, line: line, column: column,
            excerpt: excerpt(at: offset, lineStart: lineStart))
    }

    /// The line's text around `offset` (at most 40 bytes before, 20 after) and a caret line,
    /// from the bytes still known (the open string's, far into an earlier chunk, included).
    private func excerpt(at offset: Int, lineStart: Int) -> String {
        let start = max(lineStart, offset - 40, earliestKnownOffset)
        let stop = min(offset + 20, bytesBefore + chunk.count)
        let known = offset >= start && start <= stop ? knownBytes(from: start, to: stop)?.0 ?? [] : []
        let at = min(offset - start, known.count)
        var before = Array(known[..<max(at, 0)])
        var after = Array(known[max(at, 0)...].prefix { $0 != 0x0A })
        // Keep the caret aligned: control characters become spaces.
        for j in before.indices where before[j] < 0x20 { before[j] = 0x20 }
        for j in after.indices where after[j] < 0x20 { after[j] = 0x20 }
        let prefix = String(decoding: before, as: UTF8.self)
        return prefix + String(decoding: after, as: UTF8.self) + "\n"
            + String(repeating: " ", count: prefix.count) + "^"
    }

    // MARK: - Callbacks

    fileprivate func enter() -> Int32 {
        depth += 1
        if depth > options.maxDepth { return 0 }
        // Just after a container's start: between tokens.
        let at = currentOffset
        lastBetween = at
        return checksBehind ? checkBehind(at: at) : 1
    }

    private static let validationCallbacks = yajl_callbacks(
        yajl_null: nil, yajl_boolean: nil, yajl_integer: nil, yajl_double: nil, yajl_number: nil,
        yajl_string: nil,
        yajl_start_map: { ctx in
            guard enter(ctx) == 1 else { return 0 }
            // Nothing is read: the whole object is checked by the skip's scan when it can be.
            CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { _ = $0.skipRestOfObject(atStart: true) }
            return 1
        },
        yajl_map_key: nil,
        yajl_end_map: { ctx in
            leave(ctx); return 1
        },
        yajl_start_array: { ctx in enter(ctx) },
        yajl_end_array: { ctx in
            leave(ctx); return 1
        })

    private static let eventCallbacks = yajl_callbacks(
        yajl_null: { ctx in deliver(ctx) { try $0.null() } },
        yajl_boolean: { ctx, value in deliver(ctx) { try $0.bool(value != 0) } },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { ctx, text, count in
            deliver(ctx) { try $0.number(JSONBytes(UnsafeRawBufferPointer(start: text, count: count))) }
        },
        yajl_string: { ctx, text, count in
            let value = UnsafeRawBufferPointer(start: text, count: count)
            if let stop = stopAtEscape(ctx, value) { return stop }
            return deliver(ctx) { try $0.string(JSONBytes(value)) }
        },
        yajl_start_map: { ctx in
            guard enter(ctx) == 1 else { return 0 }
            return deliver(ctx) { try $0.startObject() }
        },
        yajl_map_key: { ctx, text, count in
            let name = UnsafeRawBufferPointer(start: text, count: count)
            // Most keys of a mapped object are not read: the consumer's key filter rejects
            // them with one load, before any other work. Their values need nothing either:
            // such a consumer skips them, and yajl checks scalars without calling back. (The
            // rest is a call of its own, so this path needs no saved registers.)
            if CallbackContext.from(ctx).pointee.filtersOut(name) { return 1 }
            return deliverKey(ctx, name)
        },
        yajl_end_map: { ctx in
            leave(ctx)
            return deliver(ctx) { try $0.endObject() }
        },
        yajl_start_array: { ctx in
            guard enter(ctx) == 1 else { return 0 }
            return deliver(ctx) { try $0.startArray() }
        },
        yajl_end_array: { ctx in
            leave(ctx)
            return deliver(ctx) { try $0.endArray() }
        })

    /// A key the fast path did not reject, delivered to the sink.
    @inline(never)
    private static func deliverKey(_ ctx: UnsafeMutableRawPointer?, _ name: UnsafeRawBufferPointer) -> Int32 {
        // A key the consumer does not read is skipped like a value, so it is not looked at
        // for surrogate escapes (as in validation).
        if let stop = stopAtEscape(ctx, name, when: { sink(ctx).readsKey(JSONBytes(name)) }) { return stop }
        return deliver(ctx) { try $0.key(JSONBytes(name)) }
    }

    /// The sink, reached without reference counting.
    @inline(__always)
    private static func sink(_ ctx: UnsafeMutableRawPointer?) -> EventSink {
        CallbackContext.from(ctx).pointee.sink.takeUnretainedValue()
    }

    /// 0 (stop), with the error kept, when the string or key just read has a surrogate
    /// escape with no UTF-8 form (see ``surrogateEscapeError(_:)``); `nil` to go on.
    /// `when` decides, for a token that may hold one, whether it matters.
    @inline(__always)
    static func stopAtEscape(
        _ ctx: UnsafeMutableRawPointer?, _ value: UnsafeRawBufferPointer,
        when matters: () -> Bool = { true }
    ) -> Int32? {
        guard let error = surrogateProblem(ctx, value, when: matters) else { return nil }
        CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { $0.handlerError = error }
        return 0
    }

    /// The error for a bad surrogate escape in the string or key token that just ended, when
    /// it has one and it `matters` (see ``mayHoldBadSurrogate(_:)``).
    @inline(__always)
    static func surrogateProblem(
        _ ctx: UnsafeMutableRawPointer?, _ value: UnsafeRawBufferPointer,
        when matters: () -> Bool = { true }
    ) -> JSONParseError? {
        CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { engine in
            guard engine.mayHoldBadSurrogate(value), matters() else { return nil }
            return engine.surrogateEscapeError(value)
        }
    }

    /// One level deeper; 0 (stop) past the maximum depth. No reference counting.
    @inline(__always)
    static func enter(_ ctx: UnsafeMutableRawPointer?) -> Int32 {
        CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { $0.enter() }
    }

    @inline(__always)
    static func leave(_ ctx: UnsafeMutableRawPointer?) {
        CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { engine in
            engine.depth -= 1
            if engine.depth == 0 { engine.endValue(at: engine.currentOffset) }
        }
    }

    /// Calls the sink without reference counting: the engine and its sink outlive every
    /// callback (one retain and release per event showed up in profiles).
    @inline(__always)
    private static func deliver(_ ctx: UnsafeMutableRawPointer?, _ event: (EventSink) throws -> Void) -> Int32 {
        let context = CallbackContext.from(ctx)
        return context.pointee.sink._withUnsafeGuaranteedRef { sink in
            do {
                try event(sink)
                return 1
            } catch {
                context.pointee.engine._withUnsafeGuaranteedRef { $0.handlerError = $0.locate(error) }
                return 0
            }
        }
    }
}

/// What yajl passes to every callback as `ctx`: plain memory, so the callbacks that run for
/// most events touch no class and no reference count. It also switches the table's entries
/// for quiet stretches: yajl reads its callback pointers at every token, and decodes a
/// string only when a string callback is set, so a handler that knows it will ignore the
/// coming scalars (the value of a key it skips) or keys (inside a subtree it skips) turns
/// those callbacks off, and yajl checks that stretch as fast as it validates.
struct CallbackContext {
    /// The engine.
    let engine: Unmanaged<YajlParserEngine>
    /// The sink the events go to.
    let sink: Unmanaged<EventSink>
    /// The consumer itself, for a consumer with an event table of its own.
    let consumer: UnsafeMutableRawPointer?
    /// The consumer's key filter for the open object (see ``ParseControl/filterKeys(_:)``).
    var keyFilter: UnsafePointer<Int8>?

    /// Whether the key filter drops this key (a key whose slot holds 0).
    @inline(__always)
    func filtersOut(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let keyFilter else { return false }
        return keyFilter[KeyFilter.slot(name)] == 0
    }
    /// The table yajl reads, and the one it started with.
    let table: UnsafeMutablePointer<yajl_callbacks>
    let full: yajl_callbacks
    /// Whether events can be switched off (not while only validating: there are none).
    let switchable: Bool
    private var scalarEventsOn = true
    private var keyEventsOn = true

    init(
        engine: Unmanaged<YajlParserEngine>, sink: Unmanaged<EventSink>, consumer: UnsafeMutableRawPointer?,
        table: UnsafeMutablePointer<yajl_callbacks>, full: yajl_callbacks, switchable: Bool
    ) {
        self.engine = engine
        self.sink = sink
        self.consumer = consumer
        self.table = table
        self.full = full
        self.switchable = switchable
    }

    @inline(__always)
    static func from(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CallbackContext> {
        ctx.unsafelyUnwrapped.assumingMemoryBound(to: CallbackContext.self)
    }

    /// Turns the scalar callbacks (null, bool, number, string) on or off.
    @inline(__always)
    mutating func setScalarEvents(_ on: Bool) {
        guard switchable, scalarEventsOn != on else { return }
        scalarEventsOn = on
        table.pointee.yajl_null = on ? full.yajl_null : nil
        table.pointee.yajl_boolean = on ? full.yajl_boolean : nil
        table.pointee.yajl_number = on ? full.yajl_number : nil
        table.pointee.yajl_string = on ? full.yajl_string : nil
    }

    /// Turns the key callback on or off.
    @inline(__always)
    mutating func setKeyEvents(_ on: Bool) {
        guard switchable, keyEventsOn != on else { return }
        keyEventsOn = on
        table.pointee.yajl_map_key = on ? full.yajl_map_key : nil
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
