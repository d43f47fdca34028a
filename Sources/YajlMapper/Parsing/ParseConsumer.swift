import CYajl

/// A consumer of the engine's events that steers the parse: the validator, the mapping
/// capture, and any reader of the package's own. It receives the events of
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
    /// Whether the key certainly is not read, its value with it: the engine then drops it
    /// before any other work. `false` when unsure.
    func skipsUnlistedKey(_ name: UnsafeRawBufferPointer) -> Bool
    /// Whether the consumer reads the key at all (an unread key's escapes go unchecked, as in
    /// validation).
    func readsKey(_ name: JSONBytes) -> Bool
}

extension ParseConsumer {
    /// Nothing to steer.
    mutating func attach(_ control: ParseControl) {}
    /// Every key is delivered.
    func skipsUnlistedKey(_ name: UnsafeRawBufferPointer) -> Bool { false }
    /// Every key is read.
    func readsKey(_ name: JSONBytes) -> Bool { true }
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

    /// The options of the parse.
    var options: JSONParseOptions { engine._withUnsafeGuaranteedRef { $0.options } }

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

    /// Moves yajl past the rest of the object just opened (`atStart`) or whose value just
    /// ended, when the bytes allow. Returns whether it moved.
    @inline(__always)
    func skipRestOfObject(atStart: Bool) -> Bool {
        engine._withUnsafeGuaranteedRef { $0.skipRestOfObject(atStart: atStart) }
    }

    /// Moves yajl past the members up to the next key in `listed` not marked in `seen`.
    @inline(__always)
    func skipMembers(atStart: Bool, listed: UnsafePointer<cyajl_listed_keys>?, seen: UInt64) {
        _ = engine._withUnsafeGuaranteedRef { $0.skipMembers(atStart: atStart, listed: listed, seen: seen) }
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

    /// Checks the bytes yajl has read so far for what it lets through (form feed, bad UTF-8).
    func checkBytesRead() throws { try engine._withUnsafeGuaranteedRef { try $0.checkBytesRead() } }

    /// Starts keeping a copy of the input from `offset` on.
    func startRetaining(at offset: Int) { engine._withUnsafeGuaranteedRef { $0.startRetaining(at: offset) } }

    /// Stops keeping a copy.
    func stopRetaining() { engine._withUnsafeGuaranteedRef { $0.stopRetaining() } }

    /// Calls `body` with the input kept from the retention start up to `end`.
    func withRetained<R>(through end: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try engine._withUnsafeGuaranteedRef { try $0.withRetained(through: end, body) }
    }
}
