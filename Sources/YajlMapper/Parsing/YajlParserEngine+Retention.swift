/// Retention: a copy of the input from an offset on, kept across chunks (for mapping a
/// streamed element again from its own bytes).
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

    /// Calls `body` with the input from the retention start up to `end` (an offset inside
    /// the current chunk): a view into the chunk when the region lies in it, else a copy.
    func withRetained<R>(through end: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let start = retainStart, let base = chunk.baseAddress else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        let endInChunk = max(0, min(end - bytesBefore, chunk.count))
        if retained.isEmpty && start >= bytesBefore {
            return try body(
                UnsafeRawBufferPointer(
                    start: base + (start - bytesBefore), count: max(0, endInChunk - (start - bytesBefore))))
        }
        var copy = retained
        copy.append(contentsOf: UnsafeRawBufferPointer(start: base, count: endInChunk))
        return try copy.withUnsafeBytes(body)
    }
}
