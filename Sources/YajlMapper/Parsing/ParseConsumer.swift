import CYajl

/// A consumer of the engine's events that steers the parse: the validator, the tape
/// recorders, and any reader of the package's own. It receives the events of
/// ``JSONEventHandler`` and, through ``ParseControl``, moves yajl past what it does not
/// read, quiets events it would ignore, keeps bytes and asks for positions.
///
/// The engine learns what a consumer needs from ``traits`` once, when the parser is made;
/// each event then reaches the consumer through a sink specialised for its type.
protocol ParseConsumer: JSONEventHandler {
    /// What the consumer needs from the engine.
    static var traits: ConsumerTraits { get }
    /// Receives the handle that steers the parse, before the first event.
    mutating func attach(_ control: ParseControl)
    /// A table whose events call this type directly (``ConsumerEvents``), or `nil` for one
    /// virtual call per event through the sink.
    static var eventTable: ConsumerEventTable? { get }
    /// Whether the consumer reads the key at all (an unread key's escapes go unchecked, as in
    /// validation).
    func readsKey(_ name: JSONBytes) -> Bool
    /// Whether a string value or key with a surrogate escape that has no UTF-8 form reaches
    /// ``badString(_:)`` or ``badKey(_:_:)`` rather than stopping the parse (only through
    /// ``eventTable``): for a consumer that knows only later whether the text is read.
    static var defersBadStrings: Bool { get }
    /// A string value with a bad surrogate escape, and the error it would be.
    mutating func badString(_ problem: JSONParseError) throws
    /// A key with a bad surrogate escape (as yajl decoded it), and the error it would be.
    mutating func badKey(_ name: JSONBytes, _ problem: JSONParseError) throws
    /// Hands over the values that ended in the chunk yajl just read (only those that end at
    /// or before `offset`, when an error stopped the parse there), once yajl has returned:
    /// outside every callback, so the caller's code and a parse of its own may run. Only for
    /// a consumer whose traits say it hands values over.
    mutating func handOver(upTo offset: Int?) throws
}

extension ParseConsumer {
    /// Nothing to steer.
    mutating func attach(_ control: ParseControl) {}
    /// Events through the sink.
    static var eventTable: ConsumerEventTable? { nil }
    /// Every key is read.
    func readsKey(_ name: JSONBytes) -> Bool { true }
    /// Bad strings stop the parse.
    static var defersBadStrings: Bool { false }
    /// Stops the parse with the problem.
    mutating func badString(_ problem: JSONParseError) throws { throw problem }
    mutating func badKey(_ name: JSONBytes, _ problem: JSONParseError) throws { throw problem }
    /// Nothing to hand over.
    mutating func handOver(upTo offset: Int?) throws {}
}

/// What a consumer needs from the engine.
struct ConsumerTraits: Sendable {
    /// Whether it receives events at all. Without, yajl reports nesting only: strings are
    /// not unescaped, numbers not copied, and each object is passed by the skip scan.
    var receivesEvents: Bool
    /// Whether nothing it does is seen before the parse ends (an error, a streamed element):
    /// the input's bytes may then be checked behind yajl rather than before it.
    var checksBehind: Bool
    /// Whether it may move yajl past members and objects (``ParseControl/skipMembers(atStart:listed:seen:)``).
    var skips: Bool
    /// Whether it hands values over as they end (see ``ParseConsumer/handOver(upTo:)``).
    var handsOver = false

    /// A handler of the caller's: every event, checked before yajl reads it, no skipping.
    static let handler = ConsumerTraits(receivesEvents: true, checksBehind: false, skips: false)
}

/// The handle through which a consumer steers the parse from inside its events. Plain
/// memory: each call reaches the engine without reference counting (the engine outlives
/// every event).
struct ParseControl {
    private let engine: Unmanaged<YajlParserEngine>
    private let context: UnsafeMutablePointer<CallbackContext>

    /// The handle of `engine`.
    init(_ engine: YajlParserEngine) {
        self.engine = Unmanaged.passUnretained(engine)
        context = engine.context
    }

    /// The absolute offset yajl is at: during an event, just past its token.
    var currentOffset: Int {
        @inline(__always) get { engine._withUnsafeGuaranteedRef { $0.currentOffset } }
    }

    /// Turns the scalar events (null, bool, number, string) off, or back on: yajl then checks
    /// those tokens without decoding them.
    @inline(__always)
    func quietScalars(_ quiet: Bool) { context.pointee.setScalarEvents(!quiet) }

    /// Turns the key events off, or back on.
    @inline(__always)
    func quietKeys(_ quiet: Bool) { context.pointee.setKeyEvents(!quiet) }

    /// Sets the filter for the keys of the object open now (`nil`: every key is delivered):
    /// a key whose ``KeyFilter/slot(_:)`` holds 0 is dropped, with its value, before any
    /// other work. The consumer keeps the filter's memory alive while it is set.
    @inline(__always)
    func filterKeys(_ filter: UnsafePointer<Int8>?) { context.pointee.keyFilter = filter }

    /// Moves yajl past the rest of the object just opened (`atStart`) or whose value just
    /// ended, when the bytes allow. Returns whether it moved.
    @inline(__always)
    func skipRestOfObject(atStart: Bool) -> Bool {
        engine._withUnsafeGuaranteedRef { $0.skipRestOfObject(atStart: atStart) }
    }

    /// Moves yajl past the members up to the next key in `listed` not marked in `seen`.
    /// Returns whether it moved.
    @inline(__always)
    @discardableResult
    func skipMembers(atStart: Bool, listed: UnsafePointer<cyajl_listed_keys>?, seen: UInt64) -> Bool {
        engine._withUnsafeGuaranteedRef { $0.skipMembers(atStart: atStart, listed: listed, seen: seen) }
    }

    /// The offset of the opening quote of the string token that ends at `end`.
    @inline(__always)
    func stringTokenStart(endingAt end: Int, valueLength: Int) -> Int? {
        engine._withUnsafeGuaranteedRef { $0.stringTokenStart(endingAt: end, valueLength: valueLength) }
    }

    /// The 1-based line of an offset in the current chunk, and where that line starts.
    func line(at offset: Int) -> (line: Int, lineStart: Int) {
        engine._withUnsafeGuaranteedRef { $0.line(at: offset) }
    }

    /// Starts keeping a copy of the input from `offset` on.
    func startRetaining(at offset: Int) { engine._withUnsafeGuaranteedRef { $0.startRetaining(at: offset) } }

    /// Stops keeping a copy.
    func stopRetaining() { engine._withUnsafeGuaranteedRef { $0.stopRetaining() } }

    /// Calls `body` with the input kept, from `start` up to `end`.
    func withRetained<R>(
        from start: Int, through end: Int, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        try engine._withUnsafeGuaranteedRef { try $0.withRetained(from: start, through: end, body) }
    }
}

/// The filter a consumer sets for the keys it reads in an object: 1,024 slots, each 0 when
/// no key it reads lands there. The slot function is `cyajl_key_slot`'s (cyajl_skip_scan.h),
/// so the member skip reads the same filter.
enum KeyFilter {
    /// The number of slots.
    static let slotCount = 1024

    /// A key's slot: its length and first, middle and last bytes, mixed by one
    /// multiplication (Fibonacci hashing; the top ten bits). GitHub's keys share lengths,
    /// first letters and `_url` endings, so all four matter: with the first and last byte
    /// only, four of a search item's 81 keys hit the seed model's six.
    @inline(__always)
    static func slot(_ bytes: UnsafeRawBufferPointer) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        let mixed =
            UInt64(bytes[0]) | UInt64(bytes[count - 1]) << 8 | UInt64(bytes[count >> 1]) << 16
            | UInt64(truncatingIfNeeded: count) << 24
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }
}
