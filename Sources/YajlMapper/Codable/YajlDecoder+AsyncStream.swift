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
        pull(T.self, at: path, from: bytes)
    }

    /// Decodes the elements of the array at `path` from an asynchronous sequence of chunks
    /// of any size, as the consumer asks for them.
    public func elements<T: Decodable & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: T.Type, ofChunks chunks: Chunks, at path: JSONPath = "items"
    ) -> AsyncThrowingStream<T, Error> where Chunks.Element: ContiguousBytes {
        pull(T.self, at: path, fromChunks: chunks)
    }

    /// Decodes JSON Lines (every top-level value) from an asynchronous byte sequence, as the
    /// consumer asks for them.
    public func lines<T: Decodable & Sendable, Bytes: AsyncSequence & Sendable>(
        _ type: T.Type, of bytes: Bytes
    ) -> AsyncThrowingStream<T, Error> where Bytes.Element == UInt8 {
        pull(T.self, at: nil, from: bytes)
    }

    /// Decodes JSON Lines from an asynchronous sequence of chunks, as the consumer asks.
    public func lines<T: Decodable & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: T.Type, ofChunks chunks: Chunks
    ) -> AsyncThrowingStream<T, Error> where Chunks.Element: ContiguousBytes {
        pull(T.self, at: nil, fromChunks: chunks)
    }

    /// The pulled stream over bytes, gathered up to 4 KiB at a time: an element reaches the
    /// consumer soon after its bytes, and yajl is not called per byte.
    private func pull<T: Decodable & Sendable, Bytes: AsyncSequence & Sendable>(
        _ type: T.Type, at path: JSONPath?, from bytes: Bytes
    ) -> AsyncThrowingStream<T, Error> where Bytes.Element == UInt8 {
        var iterator = bytes.makeAsyncIterator()
        var chunk: [UInt8] = []
        chunk.reserveCapacity(4096)
        let state = DecodingPullState<T>(decoder: self, path: path) { parser in
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < 4096, let byte = try await iterator.next() { chunk.append(byte) }
            if chunk.isEmpty { return false }
            try chunk.withUnsafeBytes { try parser.feed($0) }
            return true
        }
        return AsyncThrowingStream(unfolding: { try await state.next() })
    }

    /// The pulled stream over chunks.
    private func pull<T: Decodable & Sendable, Chunks: AsyncSequence & Sendable>(
        _ type: T.Type, at path: JSONPath?, fromChunks chunks: Chunks
    ) -> AsyncThrowingStream<T, Error> where Chunks.Element: ContiguousBytes {
        var iterator = chunks.makeAsyncIterator()
        let state = DecodingPullState<T>(decoder: self, path: path) { parser in
            guard let chunk = try await iterator.next() else { return false }
            try chunk.withUnsafeBytes { try parser.feed($0) }
            return true
        }
        return AsyncThrowingStream(unfolding: { try await state.next() })
    }
}

/// The state of one pulled decoding stream. Only the stream's consumer touches it, one
/// `next()` at a time, which is what makes it safe to send.
final class DecodingPullState<T: Decodable>: @unchecked Sendable {
    /// The parse, fed as values are asked for.
    private let parser: JSONStreamParser<StreamedTapeRecorder>
    /// The values decoded and not yet taken.
    private let ready = ElementQueue<T>()
    /// Gives the parser its next piece of input; `false` at the input's end.
    private let feed: (JSONStreamParser<StreamedTapeRecorder>) async throws -> Bool
    /// The error that ended the input, thrown once the values before it are taken.
    private var failure: (any Error)?
    /// Whether the input has ended.
    private var ended = false

    /// A stream of the values at `path` (`nil`: every top-level value).
    init(
        decoder: YajlDecoder, path: JSONPath?,
        feed: @escaping (JSONStreamParser<StreamedTapeRecorder>) async throws -> Bool
    ) {
        let ready = ready
        parser = decoder.makeStreamParser(T.self, at: path) { ready.append($0) }
        self.feed = feed
    }

    /// The next value, reading as much input as it takes; `nil` at the end, or once the
    /// consumer's task is cancelled.
    func next() async throws -> T? {
        while true {
            if let element = ready.popFirst() { return element }
            if let failure {
                self.failure = nil
                throw failure
            }
            if ended || Task.isCancelled { return nil }
            do {
                if try await !feed(parser) {
                    ended = true
                    try parser.finish()
                }
            } catch {
                ended = true
                failure = (error as? JSONParseError).map(YajlDecoder.notJSON) ?? error
            }
        }
    }
}
