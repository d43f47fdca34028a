import CYajl

/// yajl's callbacks: depth, the end of the top-level value, and the events delivered to the sink.
extension YajlParserEngine {
    /// Notes where the top-level value ended.
    fileprivate func endValue(at offset: Int) {
        valueEnd = offset
        after = JSONLexer(from: offset)
    }

    /// One level deeper: 0 (stop) past the maximum depth; else checks the bytes read so far.
    fileprivate func enter() -> Int32 {
        depth += 1
        if depth > options.maxDepth { return 0 }
        // Just after a container's start: between tokens.
        let at = currentOffset
        lastBetween = at
        return checksBehind ? checkBehind(at: at) : 1
    }

    /// The callbacks of a consumer without events (validation): nesting only.
    static let validationCallbacks = yajl_callbacks(
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

    /// The callbacks that deliver every event to the sink.
    static let eventCallbacks = yajl_callbacks(
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

    /// One level up; at depth 0, notes where the top-level value ended.
    @inline(__always)
    static func leave(_ ctx: UnsafeMutableRawPointer?) {
        CallbackContext.from(ctx).pointee.engine._withUnsafeGuaranteedRef { engine in
            engine.depth -= 1
            if engine.depth == 0 { engine.endValue(at: engine.currentOffset) }
        }
    }

    /// Calls the sink without reference counting: the engine and its sink outlive every
    /// callback (a retain and release per event costs a measurable share of a parse).
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
