import CYajl

/// What yajl passes to every callback as `ctx`: plain memory, so the callbacks that run for
/// most events touch no class and no reference count. It also switches the table's entries
/// for quiet stretches: yajl reads its callback pointers at every token, and decodes a
/// string only when a string callback is set (`yajl_do_parse` in yajl_parser.c, which calls
/// `yajl_string_decode` only then), so a handler that knows it will ignore the coming
/// scalars (the value of a key it skips) or keys (inside a subtree it skips) turns those
/// callbacks off, and yajl checks that stretch as fast as it validates.
struct CallbackContext {
    /// The engine.
    let engine: Unmanaged<YajlParserEngine>
    /// The consumer the table's events call (a ``SinkEvents`` for a handler without a table).
    let consumer: UnsafeMutableRawPointer
    /// The consumer's key filter for the open object (see ``ParseControl/filterKeys(_:)``).
    var keyFilter: UnsafePointer<Int8>?

    /// Whether the key filter drops this key (a key whose slot holds 0).
    @inline(__always)
    func filtersOut(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let keyFilter else { return false }
        return keyFilter[KeyFilter.slot(name)] == 0
    }
    /// The table yajl reads.
    let table: UnsafeMutablePointer<yajl_callbacks>
    /// The table it started with, every callback set.
    let full: yajl_callbacks
    /// Whether events can be switched off (not while only validating: there are none).
    let switchable: Bool
    /// Whether the scalar callbacks are on in ``table``.
    private var scalarEventsOn = true
    /// Whether the key callback is on in ``table``.
    private var keyEventsOn = true

    /// The context of `engine`'s callbacks, delivering to `consumer`.
    init(
        engine: Unmanaged<YajlParserEngine>, consumer: UnsafeMutableRawPointer,
        table: UnsafeMutablePointer<yajl_callbacks>, full: yajl_callbacks, switchable: Bool
    ) {
        self.engine = engine
        self.consumer = consumer
        self.table = table
        self.full = full
        self.switchable = switchable
    }

    /// The context behind a callback's `ctx`.
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
