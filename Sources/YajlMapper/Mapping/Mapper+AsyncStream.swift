import Foundation

extension Mapper where N: Sendable {
    /// A stream that parses only when its consumer asks for the next model: each `next()`
    /// feeds chunks from `read` until an element closes (or the input ends), so the input is
    /// read no further ahead of the consumer than one chunk, and memory stays bounded
    /// however slow the consumer is. Everything runs in the consumer's task: cancelling it,
    /// or leaving the loop, stops the reading.
    /// `feed` gives the parser the next piece of input, or returns `false` at its end.
    private func pullStream(
        at path: JSONPath, options: JSONParseOptions,
        onSummary: ((StreamSummary) -> Void)?,
        feed: @escaping (MappingStreamParser<N>) async throws -> Bool
    ) -> AsyncThrowingStream<N, Error> {
        let state = PullStreamState<N>(mapper: self, path: path, options: options, onSummary: onSummary, feed: feed)
        return AsyncThrowingStream(unfolding: { try await state.next() })
    }

    /// Maps the elements of the array at `path` from an asynchronous byte sequence (for
    /// example `URLSession` bytes), as the consumer asks for them.
    /// - Parameters:
    ///   - bytes: the input, byte by byte.
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - options: what input is accepted.
    ///   - onSummary: called once the input has ended, with the envelope, the count and (in
    ///     lenient mode) the problems met.
    /// - Returns: a stream of models that ends with the input, or with its first error.
    public func elements<Bytes: AsyncSequence & Sendable>(
        of bytes: Bytes, at path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(),
        onSummary: ((StreamSummary) -> Void)? = nil
    )
        -> AsyncThrowingStream<N, Error> where Bytes.Element == UInt8
    {
        var iterator = bytes.makeAsyncIterator()
        // Up to 4 KiB at a time: small enough that an element reaches the consumer soon
        // after its bytes, large enough that yajl is not called per byte.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(pullByteChunk)
        return pullStream(at: path, options: options, onSummary: onSummary) { parser in
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < pullByteChunk, let byte = try await iterator.next() { chunk.append(byte) }
            if chunk.isEmpty { return false }
            try parser.feed(chunk)
            return true
        }
    }

    /// Maps the elements of the array at `path` from an asynchronous sequence of chunks,
    /// as the consumer asks for them.
    /// - Parameters:
    ///   - chunks: the input, in chunks of any size.
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - options: what input is accepted.
    ///   - onSummary: called once the input has ended, with the envelope, the count and (in
    ///     lenient mode) the problems met.
    /// - Returns: a stream of models that ends with the input, or with its first error.
    public func elements<Chunks: AsyncSequence & Sendable>(
        ofChunks chunks: Chunks, at path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(),
        onSummary: ((StreamSummary) -> Void)? = nil
    )
        -> AsyncThrowingStream<N, Error> where Chunks.Element: ContiguousBytes
    {
        var iterator = chunks.makeAsyncIterator()
        return pullStream(at: path, options: options, onSummary: onSummary) { parser in
            guard let chunk = try await iterator.next() else { return false }
            try parser.feed(chunk)
            return true
        }
    }
}

/// The bytes `elements(of:)` gathers before each parse.
private let pullByteChunk = 4096
