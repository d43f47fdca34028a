import CYajl

/// A consumer's own callback table: each event is one direct call into the consumer, which
/// the compiler can inline, where the sink's table costs a virtual call and a witness-table
/// call per event.
///
/// A C function pointer cannot be formed in generic code, so the consumer writes the table's
/// closures itself, each forwarding to the matching function of ``ConsumerEvents``:
/// `ConsumerEventTable(null: { ConsumerEvents<MyConsumer>.null($0) }, ...)`.
struct ConsumerEventTable {
    /// A callback with no value.
    typealias Event = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    /// A callback with a boolean.
    typealias BoolEvent = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    /// A callback with a number's text (yajl passes it as `char *`).
    typealias NumberEvent = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> Int32
    /// A callback with a string's or key's bytes.
    typealias BytesEvent = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Int32

    /// The table yajl is given.
    let callbacks: yajl_callbacks

    /// The table of the nine events (yajl's integer and double callbacks stay unset: numbers
    /// arrive as text).
    init(
        null: Event, bool: BoolEvent, number: NumberEvent, string: BytesEvent, key: BytesEvent,
        startObject: Event, endObject: Event, startArray: Event, endArray: Event
    ) {
        callbacks = yajl_callbacks(
            yajl_null: null, yajl_boolean: bool, yajl_integer: nil, yajl_double: nil, yajl_number: number,
            yajl_string: string, yajl_start_map: startObject, yajl_map_key: key, yajl_end_map: endObject,
            yajl_start_array: startArray, yajl_end_array: endArray)
    }
}

/// What each entry of a ``ConsumerEventTable`` does, for a consumer of type `Consumer`
/// (depth, escapes, the key filter, errors kept for after `yajl_parse`), with the consumer
/// called directly: the one way events reach any consumer.
enum ConsumerEvents<Consumer: ParseConsumer> {
    /// The consumer, in the memory its sink holds.
    @inline(__always)
    private static func consumer(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Consumer> {
        CallbackContext.from(ctx).pointee.consumer.assumingMemoryBound(to: Consumer.self)
    }

    /// Runs one event; an error is kept (located) and stops the parse.
    @inline(__always)
    private static func deliver(_ ctx: UnsafeMutableRawPointer?, _ event: (inout Consumer) throws -> Void) -> Int32 {
        do {
            try event(&consumer(ctx).pointee)
            return 1
        } catch {
            CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { $0.handlerError = $0.locate(error) }
            return 0
        }
    }

    /// `null`.
    @inline(__always)
    static func null(_ ctx: UnsafeMutableRawPointer?) -> Int32 { deliver(ctx) { try $0.null() } }

    /// `true` or `false`.
    @inline(__always)
    static func bool(_ ctx: UnsafeMutableRawPointer?, _ value: Int32) -> Int32 {
        deliver(ctx) { try $0.bool(value != 0) }
    }

    /// A number's text.
    @inline(__always)
    static func number(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ count: Int) -> Int32 {
        deliver(ctx) { try $0.number(JSONBytes(UnsafeRawBufferPointer(start: text, count: count))) }
    }

    /// A string value.
    @inline(__always)
    static func string(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        let value = UnsafeRawBufferPointer(start: text, count: count)
        if Consumer.defersBadStrings {
            if let problem = YajlParserEngine.surrogateProblem(ctx, value) {
                return deliver(ctx) { try $0.badString(problem) }
            }
        } else if let stop = YajlParserEngine.stopAtEscape(ctx, value) {
            return stop
        }
        return deliver(ctx) { try $0.string(JSONBytes(value)) }
    }

    /// An object key: dropped at once when the consumer's key filter rejects it.
    @inline(__always)
    static func key(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
        let name = UnsafeRawBufferPointer(start: text, count: count)
        if CallbackContext.from(ctx).pointee.filtersOut(name) { return 1 }
        return readKey(ctx, name)
    }

    /// A key the filter let through (a call of its own, so the filter's path saves no registers).
    @inline(never)
    private static func readKey(_ ctx: UnsafeMutableRawPointer?, _ name: UnsafeRawBufferPointer) -> Int32 {
        if Consumer.defersBadStrings, let problem = YajlParserEngine.surrogateProblem(ctx, name) {
            return deliver(ctx) { try $0.badKey(JSONBytes(name), problem) }
        }
        // A key the consumer does not read is not looked at for surrogate escapes, as in validation.
        let reads = { consumer(ctx).pointee.readsKey(JSONBytes(name)) }
        if let stop = YajlParserEngine.stopAtEscape(ctx, name, when: reads) { return stop }
        return deliver(ctx) { try $0.key(JSONBytes(name)) }
    }

    /// `{`.
    @inline(__always)
    static func startObject(_ ctx: UnsafeMutableRawPointer?) -> Int32 {
        YajlParserEngine.enter(ctx) == 1 ? deliver(ctx) { try $0.startObject() } : 0
    }

    /// `}`.
    @inline(__always)
    static func endObject(_ ctx: UnsafeMutableRawPointer?) -> Int32 {
        YajlParserEngine.leave(ctx)
        return deliver(ctx) { try $0.endObject() }
    }

    /// `[`.
    @inline(__always)
    static func startArray(_ ctx: UnsafeMutableRawPointer?) -> Int32 {
        YajlParserEngine.enter(ctx) == 1 ? deliver(ctx) { try $0.startArray() } : 0
    }

    /// `]`.
    @inline(__always)
    static func endArray(_ ctx: UnsafeMutableRawPointer?) -> Int32 {
        YajlParserEngine.leave(ctx)
        return deliver(ctx) { try $0.endArray() }
    }
}
