import Foundation

extension Mapper where N: Sendable {
    /// A stream that parses only when its consumer asks for the next model: each `next()`
    /// feeds pieces from `source` until an element closes (or the input ends), so memory
    /// stays bounded however slow the consumer is. Everything runs in the consumer's task:
    /// cancelling it, or leaving the loop, stops the reading.
    private func pullStream(
        at path: JSONPath, options: JSONParseOptions, onSummary: ((StreamSummary) -> Void)?,
        _ source: @escaping PulledStream<N>.Source
    ) -> AsyncThrowingStream<N, Error> {
        let stream = PulledStream<N>(source)
        let ready = stream.ready
        let parser = MappingStreamParser(mapper: self, elementsAt: path, options: options) { ready.append($0) }
        return stream.parse(feed: { try parser.feed($0) }, finish: { onSummary?(try parser.finish()) })
    }

    /// Maps the elements of the array at `path` from an asynchronous byte sequence (for
    /// example `URLSession` bytes), as the consumer asks for them.
    /// - Parameters:
    ///   - bytes: the input, byte by byte.
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - options: what input is accepted.
    ///   - onSummary: called once the input has ended, with the envelope, the count and (in
    ///     lenient mode) the problems met.
    /// - Returns: a stream of models that ends with the input, or with its first error (after
    ///   the models made before it).
    public func elements<Bytes: AsyncSequence & Sendable>(
        of bytes: Bytes, at path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(),
        onSummary: ((StreamSummary) -> Void)? = nil
    )
        -> AsyncThrowingStream<N, Error> where Bytes.Element == UInt8
    {
        pullStream(at: path, options: options, onSummary: onSummary, PulledStream<N>.gathering(bytes))
    }

    /// Maps the elements of the array at `path` from an asynchronous sequence of chunks,
    /// as the consumer asks for them.
    /// - Parameters:
    ///   - chunks: the input, in chunks of any size.
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - options: what input is accepted.
    ///   - onSummary: called once the input has ended, with the envelope, the count and (in
    ///     lenient mode) the problems met.
    /// - Returns: a stream of models that ends with the input, or with its first error (after
    ///   the models made before it).
    public func elements<Chunks: AsyncSequence & Sendable>(
        ofChunks chunks: Chunks, at path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(),
        onSummary: ((StreamSummary) -> Void)? = nil
    )
        -> AsyncThrowingStream<N, Error> where Chunks.Element: ContiguousBytes
    {
        pullStream(at: path, options: options, onSummary: onSummary, PulledStream<N>.forwarding(chunks))
    }
}
