import Foundation

extension YajlDecoder {
    /// Decodes the elements of the array at `path` from an asynchronous byte sequence (for
    /// example a `URLSession` body), as the consumer asks for them: the input is read no
    /// further ahead of the consumer than one chunk, so memory stays bounded however slow
    /// the consumer is.
    ///
    /// ```swift
    /// let (bytes, _) = try await session.bytes(for: request)
    /// for try await repo in decoder.elements(Repository.self, of: bytes, at: "items") {
    ///     print(repo.fullName)
    /// }
    /// ```
    /// - Returns: a stream of values that ends with the input, or with its first error
    ///   (after the values decoded before it); it ends early when the consumer's task is
    ///   cancelled.
    public func elements<T: Decodable & Sendable, Bytes: AsyncSequence & Sendable>(
        _ type: T.Type, of bytes: Bytes, at path: JSONPath = "items"
    ) -> AsyncThrowingStream<T, Error> where Bytes.Element == UInt8 {
        pull(T.self, at: path, PulledStream<T>.gathering(bytes))
    }

    /// Decodes the elements of the array at `path` from an asynchronous sequence of chunks
    /// of any size, as the consumer asks for them.
    public func elements<T: Decodable & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: T.Type, ofChunks chunks: Chunks, at path: JSONPath = "items"
    ) -> AsyncThrowingStream<T, Error> where Chunks.Element: ContiguousBytes {
        pull(T.self, at: path, PulledStream<T>.forwarding(chunks))
    }

    /// Decodes JSON Lines (every top-level value) from an asynchronous byte sequence, as the
    /// consumer asks for them.
    public func lines<T: Decodable & Sendable, Bytes: AsyncSequence & Sendable>(
        _ type: T.Type, of bytes: Bytes
    ) -> AsyncThrowingStream<T, Error> where Bytes.Element == UInt8 {
        pull(T.self, at: nil, PulledStream<T>.gathering(bytes))
    }

    /// Decodes JSON Lines from an asynchronous sequence of chunks, as the consumer asks.
    public func lines<T: Decodable & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: T.Type, ofChunks chunks: Chunks
    ) -> AsyncThrowingStream<T, Error> where Chunks.Element: ContiguousBytes {
        pull(T.self, at: nil, PulledStream<T>.forwarding(chunks))
    }

    /// The pulled stream of the values at `path` (`nil`: every top-level value) over `source`.
    private func pull<T: Decodable & Sendable>(
        _ type: T.Type, at path: JSONPath?, _ source: @escaping PulledStream<T>.Source
    ) -> AsyncThrowingStream<T, Error> {
        let stream = PulledStream<T>(source)
        let ready = stream.ready
        let parser = makeStreamParser(T.self, at: path) { ready.append($0) }
        return stream.parse(
            feed: { try parser.feed($0) }, finish: { try parser.finish() },
            reported: { ($0 as? JSONParseError).map(YajlDecoder.notJSON) ?? $0 })
    }
}
