/// Retention: a copy of the input from an offset on, kept across chunks (a streamed
/// value's bytes, handed over with its tape).
extension YajlParserEngine {
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

    /// Calls `body` with the input from `start` (at or after the retention start) up to
    /// `end` (an offset inside the current chunk): a view into the chunk when the region
    /// lies in it, else a copy.
    func withRetained<R>(
        from start: Int, through end: Int, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        guard let retainStart else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let endInChunk = max(0, min(end - bytesBefore, chunk.count))
        if start >= bytesBefore, let base = chunk.baseAddress {
            let from = start - bytesBefore
            return try body(UnsafeRawBufferPointer(start: base + from, count: max(0, endInChunk - from)))
        }
        // (At the input's end there is no chunk: the bytes are all kept.)
        let first = max(0, start - retainStart)
        var copy = Array(retained[min(first, retained.count)..<min(end - retainStart, retained.count)])
        if let base = chunk.baseAddress {
            copy.append(contentsOf: UnsafeRawBufferPointer(start: base, count: endInChunk))
        }
        return try copy.withUnsafeBytes(body)
    }
}
