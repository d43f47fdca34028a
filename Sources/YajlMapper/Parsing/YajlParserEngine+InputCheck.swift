import CYajl

/// The input check yajl lacks (form feeds and vertical tabs, RFC 3629 UTF-8; see
/// ``UTF8Check``), run ahead of yajl for a handler of the caller's and behind it otherwise,
/// and the order of its errors and yajl's: whichever comes first in the input is reported,
/// however the input was cut.
extension YajlParserEngine {
    /// The first byte JSON does not allow among bytes `from..<to` of `buffer`, the chunk
    /// at ``bytesBefore``: the start of invalid UTF-8, or a form feed or vertical tab.
    func firstBadByte(in buffer: UnsafeRawBufferPointer, from: Int, to: Int) -> UTF8Check.Finding? {
        // One scan for both, in order.
        if options.validateUTF8 { return utf8.check(buffer, chunkStart: bytesBefore, from: from, to: to) }
        let base = buffer.baseAddress!
        let at = UTF8Check.firstSpecial(base, from: from, to: to, spacesOnly: true)
        return at < to ? .space(at, base.load(fromByteOffset: at, as: UInt8.self)) : nil
    }

    /// Gives yajl the clean part of a chunk that holds a byte JSON does not allow (at
    /// absolute offset `at`), then throws the error for that byte. Errors before it come
    /// first: yajl's in the clean part, a token that `endsToken` (the byte is white space
    /// to yajl) would have ended (see ``errorBefore(_:)``), and data after the value.
    func stop(
        _ bytes: UnsafeRawBufferPointer, clean: Int, badByteAt at: Int, endsToken: Bool = false,
        _ error: (YajlParserEngine) -> JSONParseError
    ) throws -> Never {
        let base = bytes.baseAddress!
        try parse(UnsafeRawBufferPointer(start: base, count: clean))
        if let earlier = endsToken ? errorBefore(at) : nil { try fail(earlier) }
        // yajl reports data after the value only once it has read a whole token of it.
        if let trailing = trailingDataError(before: at) { try fail(trailing) }
        // `parse` moved the position past the clean part: the offending byte starts the chunk.
        chunk = UnsafeRawBufferPointer(start: base + clean, count: bytes.count - clean)
        try fail(error(self))
    }

    /// yajl ends a number only at the byte after it, which a handler's check keeps from it
    /// when that byte is a form feed or vertical tab (white space to yajl). So yajl is shown
    /// a space in its place, as if the input ended there: a token the grammar rejects just
    /// before is found, as when yajl reads the byte itself (validation, the mapper). Returns
    /// that error when it is before `offset` (or a handler's error for the number's event).
    private func errorBefore(_ offset: Int) -> (any Error)? {
        endsHere = true
        defer { endsHere = false }
        return withUnsafeBytes(of: UInt8(0x20)) { space in
            // The space is the chunk being read, at the byte's offset.
            chunk = space
            defer { chunk = UnsafeRawBufferPointer(start: nil, count: 0) }
            switch yajl_parse(handle, space.baseAddress!.assumingMemoryBound(to: UInt8.self), 1) {
            case yajl_status_ok:
                return nil
            case yajl_status_client_canceled:
                return handlerError
            default:
                let error = yajlError()
                return error.offset < offset ? error : nil
            }
        }
    }

    /// Whether the invalid UTF-8 at `offset` is inside the string token yajl's grammar
    /// rejected (`stop`): yajl's own UTF-8 check, a lexical one, would then have stopped at
    /// it first, and a chunk that ends inside the string shows it first too.
    private func isInsideRejectedString(_ stop: JSONParseError, _ offset: Int) -> Bool {
        guard yajlRejectedToken, stop.offset < offset, let base = chunk.baseAddress else { return false }
        let from: Int
        if stop.offset >= bytesBefore {
            guard stop.offset - bytesBefore < chunk.count,
                base.load(fromByteOffset: stop.offset - bytesBefore, as: UInt8.self) == 0x22
            else { return false }
            from = stop.offset - bytesBefore + 1
        } else {
            // Begun in an earlier chunk: the string the tracker saw open at this one's start.
            guard openToken.openStart == stop.offset else { return false }
            from = 0
        }
        // Inside while no quote closes it first (a sequence that began in the last chunk is
        // before this one's bytes).
        let end = max(from, min(offset - bytesBefore, chunk.count))
        return !(from..<end).contains {
            base.load(fromByteOffset: $0, as: UInt8.self) == 0x22 && !isEscaped(base, $0)
        }
    }

    /// How many bytes yajl gets ahead of the check before a container's start catches up:
    /// small enough that they are still in the first-level cache, with the values and
    /// models made from them meanwhile.
    private static let checkBlock = 4 * 1024

    func nonJSONSpaceError(_ byte: UInt8, at offset: Int) -> JSONParseError {
        let name = byte == 0x0C ? "form feed (U+000C)" : "vertical tab (U+000B)"
        return makeError(kind: .invalidCharacter, message: "\(name) is not allowed in JSON", at: offset)
    }

    /// Checks the current chunk from ``checkedTo`` up to an absolute offset; the error for
    /// the first form feed, vertical tab or invalid UTF-8 there (the caller that reports it
    /// makes it the parse's failure).
    private func checkBytes(upTo offset: Int) -> JSONParseError? {
        let from = checkedTo - bytesBefore, to = min(offset - bytesBefore, chunk.count)
        guard to > from, chunk.baseAddress != nil else { return nil }
        checkedTo = bytesBefore + to
        switch firstBadByte(in: chunk, from: from, to: to) {
        case .utf8(let bad)?: return makeError(kind: .invalidUTF8, message: bad.message, at: bad.offset)
        case .space(let at, let byte)?: return nonJSONSpaceError(byte, at: bytesBefore + at)
        case nil: return nil
        }
    }

    /// Brings the check up to what yajl has read, from a callback: run at each container's
    /// start once yajl is a block ahead. Returns 0 (stop) when the check finds an error.
    @inline(__always)
    func checkBehind(at: Int) -> Int32 {
        if at - checkedTo < Self.checkBlock { return 1 }
        guard let error = checkBytes(upTo: at) else { return 1 }
        failure = error
        handlerError = error
        return 0
    }

    /// Completes the check behind yajl once `yajl_parse` returns: up to the chunk's end, or
    /// up to the point where yajl or a handler stopped. A form feed or vertical tab there
    /// comes first in the input, and is the error (one inside a string, which yajl rejects
    /// too, is reported as this byte, as when checked ahead).
    func checkBehind(after status: yajl_status, chunkEnd: Int) throws {
        if let failure { throw failure }
        let stop = status == yajl_status_ok || status == yajl_status_client_canceled ? nil : yajlError()
        // After yajl's own error, the whole chunk: yajl's offset can be moved back into the
        // token it rejected, which may hold invalid UTF-8 (see below).
        let end = status == yajl_status_ok || stop != nil ? chunkEnd : max(currentOffset, 1)
        guard let error = checkBytes(upTo: end) else { return }
        // yajl's own error comes first, and at the same byte too when that byte starts
        // invalid UTF-8 (outside a string, yajl rejects any such byte).
        if let stop, stop.offset < error.offset || (stop.offset == error.offset && error.kind == .invalidUTF8),
            !(error.kind == .invalidUTF8 && isInsideRejectedString(stop, error.offset))
        {
            return
        }
        // yajl reports data after the value only once it has read a whole token of it.
        if stop == nil, let trailing = trailingDataError(before: error.offset) { try fail(trailing) }
        try fail(error)
    }
}
