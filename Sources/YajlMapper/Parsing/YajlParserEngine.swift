import CYajl

/// Owns one yajl parse handle: the only code in the package that calls `yajl_parse`.
///
/// The callbacks struct lives at a stable heap address for the handle's whole life
/// (yajl keeps the pointer); the callbacks reach the engine through `ctx`, a
/// ``CallbackContext``. An error thrown by the handler is stored, the callback returns 0,
/// and the error is rethrown after `yajl_parse` returns.
final class YajlParserEngine {
    /// What input is accepted.
    let options: JSONParseOptions
    /// Receives the events (none when its consumer's traits ask for nesting only).
    let sink: EventSink
    /// What the sink's consumer needs.
    let traits: ConsumerTraits
    /// What the callbacks receive as `ctx`.
    let context: UnsafeMutablePointer<CallbackContext>

    /// yajl's parse handle.
    var handle: yajl_handle?
    /// The callback table yajl reads, at a stable address for the handle's life.
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>
    /// The consumer that passes events on to a sink without a table of its own.
    private let sinkEvents: UnsafeMutablePointer<SinkEvents>

    /// How many containers are open.
    var depth = 0
    /// yajl's read position in its handle, when the recorder or the validator may move it past
    /// the rest of an object (see `YajlParserEngine+SkipAhead.swift`).
    private(set) var readPosition: UnsafeMutablePointer<Int>?
    /// Whether yajl is reading ``chunk`` (in ``parse(_:)``), the only bytes a skip may pass.
    var yajlReadsChunk = false
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
    var scalar: JSONLexer?
    /// The white space and comments before the top-level value.
    var lead = JSONLexer(from: 0)
    /// The white space and comments after the top-level value.
    var after = JSONLexer(from: 0)
    /// An error thrown by the handler during the current `yajl_parse`.
    var handlerError: (any Error)?
    /// The first error: every later call rethrows it.
    var failure: (any Error)?
    /// Whether any byte other than white space has been accepted.
    var sawContent = false
    /// Whether ``finish()`` was called.
    var finished = false

    /// The current chunk's offset in the whole input.
    var bytesBefore = 0
    /// Whether lines are counted as chunks go by: off for a parse whose errors are never
    /// shown (a stretch of a parallel check), whose lines would then be wrong.
    var countsLines = true
    /// The lines counted up to the chunk (a skipped byte order mark counts as the first
    /// line's start: its columns start after it).
    var lines = LineCounter()
    /// Up to `tailLimit` bytes that precede the current chunk, for error excerpts.
    var tail: [UInt8] = []
    /// The chunk yajl is reading (empty between chunks).
    var chunk = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Where the retained copy of the input starts (an absolute offset; `nil`: none is kept).
    var retainStart: Int?
    /// The bytes retained from earlier chunks.
    var retained: [UInt8] = []
    /// The lines ``line(at:)`` has counted into the current chunk (`nil`: none yet).
    var chunkLines: LineCounter?

    /// The chunks waiting (see ``feed(_:)``).
    var held: [UInt8] = []
    /// How many bytes the waiting chunks wait for (0: none wait).
    var holdUntil = 0
    /// How many times yajl was given bytes (for tests: chunks that waited reach it as one).
    var yajlParseCalls = 0

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
    /// Whether the consumer hands values over after each piece yajl reads.
    var handsOver: Bool { traits.handsOver }
    /// How far (an absolute offset) the current chunk has been checked, when checked behind.
    var checkedTo = 0

    /// Set by one-shot parses, whose single buffer stays valid until `finish`: lines are
    /// then counted only if an error needs them, and no token is cut by a chunk's end.
    var oneShot = false
    /// Whether the input's first bytes may still be a byte order mark (see
    /// `YajlParserEngine+ByteOrderMark.swift`).
    var startPending = true
    /// The first bytes, held while they may still be a byte order mark.
    var startBytes: [UInt8] = []
    /// A one-shot parse's chunk whose lines are not counted yet (see ``countDeferredLines()``).
    var uncountedChunk: UnsafeRawBufferPointer?
    /// A one-shot parse's whole input, once read, until `finish` (the data after a value
    /// can then need bytes from anywhere in it).
    var oneShotInput: UnsafeRawBufferPointer?
    /// Where the JSON text starts, and its first line: after a skipped byte order mark.
    var textStart = 0
    /// Whether a token is open at the current chunk's start, where it began, and (a string's,
    /// where the engine reads strings) its bytes before the chunk; not followed in a one-shot
    /// parse, whose one chunk has them all.
    var openToken = OpenTokenTracker()
    /// The offset just after the last container's start: between tokens.
    var lastBetween = 0

    /// An engine that delivers to `sink` what its consumer's traits ask for.
    init(options: JSONParseOptions, sink: EventSink) {
        self.options = options
        self.sink = sink
        traits = sink.traits
        callbacks = .allocate(capacity: 1)
        // One way for events: the consumer's table, or the sink's through ``SinkEvents``.
        sinkEvents = .allocate(capacity: 1)
        sinkEvents.initialize(to: SinkEvents(sink: sink))
        let own = sink.eventTable.flatMap { table in sink.consumer.map { (table, $0) } }
        let table = own?.0 ?? SinkEvents.eventTable.unsafelyUnwrapped
        let full = traits.receivesEvents ? table.callbacks : Self.validationCallbacks
        callbacks.initialize(to: full)
        context = .allocate(capacity: 1)
        context.initialize(
            to: CallbackContext(
                engine: Unmanaged.passUnretained(self), consumer: own?.1 ?? UnsafeMutableRawPointer(sinkEvents),
                table: callbacks, full: full, switchable: traits.receivesEvents))
        handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(context))
        cyajl_config_flag(handle, yajl_allow_comments, options.allowComments ? 1 : 0)
        // The check of the input's bytes (``UTF8Check``) is stricter than yajl's and covers
        // every string, so yajl's own is left out. (The skip past the rest of an object
        // relies on this, and on yajl never converting numbers: no `yajl_integer` or
        // `yajl_double` callback. Either of yajl's checks would otherwise go unseen there.)
        cyajl_config_flag(handle, yajl_dont_validate_strings, 1)
        cyajl_config_flag(handle, yajl_allow_multiple_values, options.allowMultipleValues ? 1 : 0)
        if traits.skips && options.skipsUnreadObjects && Self.skipsObjects {
            readPosition = Self.handlePosition(of: handle, callbacks: callbacks, context: context)
        }
    }

    /// Frees the handle, the callback table and the context.
    deinit {
        if let handle { yajl_free(handle) }
        sinkEvents.deinitialize(count: 1)
        sinkEvents.deallocate()
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        context.deinitialize(count: 1)
        context.deallocate()
    }
}
