import CYajl

/// What yajl's callbacks share: depth, the end of the top-level value, bad escapes. The
/// events reach a consumer through its table (``ConsumerEvents``).
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
}
