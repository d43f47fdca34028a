/// Pausing the parse just after an event, so that a consumer's work runs outside yajl.
///
/// A consumer that hands a finished value to code of its caller's (a streamed element, an
/// element of an array of models) may need that code to read the same bytes again, which
/// means a parse of their own. No parse starts inside another's callback: the consumer asks
/// for a pause, and the engine calls its ``ParseConsumer/afterPause()`` once `yajl_parse` has
/// returned, then gives yajl the rest of the chunk.
///
/// The pause moves yajl's read position (the handle field `yajl_get_bytes_consumed` reads,
/// see `cyajl_yajl2_handle_layout.h`) to the end of the bytes it was given: `yajl_do_parse`
/// in yajl_parser.c reads its next token from there after every callback, finds none and
/// returns `yajl_status_ok`, its state stack as the event left it. The event's token ended
/// inside the chunk, so yajl's lexer holds no bytes, and the rest of the chunk is a chunk
/// like any other to it. Without a known handle layout there is no pause: the consumer does
/// its work inside the callback.
extension YajlParserEngine {
    /// From a callback: ends yajl's read of the chunk just past the event's token, and calls
    /// the consumer's ``ParseConsumer/afterPause()`` once yajl has returned. Returns whether it
    /// will (`false`: at the input's end, or no known handle layout).
    func pause() -> Bool {
        guard yajlReadsChunk, pausedAt == nil, let position = handlePosition else { return false }
        pausedAt = min(position.pointee, chunk.count)
        position.pointee = chunk.count
        return true
    }

    /// From a callback: the first byte after the event's token that is not white space, when
    /// the chunk holds one and the read position is known.
    func nextByte() -> UInt8? {
        guard yajlReadsChunk, let position = handlePosition, let base = chunk.baseAddress else { return nil }
        var i = position.pointee
        while i < chunk.count {
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { return byte }
            i += 1
        }
        return nil
    }

    /// After `yajl_parse` returned: how many bytes of the chunk yajl read before a pause
    /// (the read position is put back there, for positions during ``afterPause()``), or
    /// `nil` when it read them all.
    func takePause() -> Int? {
        guard let at = pausedAt, let position = handlePosition else { return nil }
        position.pointee = at
        return at
    }

    /// Runs the consumer's deferred work; an error it throws stops the parse, as a
    /// callback's does.
    func resumeConsumer() throws {
        pausedAt = nil
        do {
            try sink.afterPause()
        } catch {
            let located = locate(error)
            failure = located
            throw located
        }
    }
}
