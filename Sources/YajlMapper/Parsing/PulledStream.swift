import Foundation

/// The state of one pulled stream (`Mapper.elements(of:)`, `YajlDecoder.elements(_:of:)`):
/// each `next()` feeds the parse pieces of the input until a value is ready, so the input
/// is read no further ahead of the consumer than one piece. Only the stream's consumer
/// touches it, one `next()` at a time, which is what makes it safe to send.
final class PulledStream<Element>: @unchecked Sendable {
    /// Gives `feed` the input's next piece; `false` at the input's end.
    typealias Source = (_ feed: (UnsafeRawBufferPointer) throws -> Void) async throws -> Bool

    /// The values made and not yet taken (the parse's hand-over appends to it).
    let ready = ElementQueue<Element>()
    /// The input.
    private let source: Source
    /// Feeds the parse a piece of input.
    private var feed: (UnsafeRawBufferPointer) throws -> Void = { _ in }
    /// Ends the parse, once the input has ended.
    private var finish: () throws -> Void = {}
    /// The error the stream throws for one the parse threw.
    private var reported: (any Error) -> any Error = { $0 }
    /// The error that ended the input, thrown once the values before it are taken.
    private var failure: (any Error)?
    /// Whether the input has ended.
    private var ended = false

    /// A stream over `source`, whose parse is set up with ``parse(feed:finish:reported:)``.
    init(_ source: @escaping Source) { self.source = source }

    /// Sets the parse the input goes to (made after the stream, to append to ``ready``).
    func parse(
        feed: @escaping (UnsafeRawBufferPointer) throws -> Void, finish: @escaping () throws -> Void,
        reported: @escaping (any Error) -> any Error = { $0 }
    ) -> AsyncThrowingStream<Element, Error> {
        self.feed = feed
        self.finish = finish
        self.reported = reported
        return AsyncThrowingStream(unfolding: { try await self.next() })
    }

    /// The next value, reading as much input as it takes; `nil` at the end, or once the
    /// consumer's task is cancelled. An error comes after the values made before it.
    private func next() async throws -> Element? {
        while true {
            if let element = ready.popFirst() { return element }
            if let failure {
                self.failure = nil
                throw failure
            }
            if ended || Task.isCancelled { return nil }
            do {
                if try await !source(feed) {
                    ended = true
                    try finish()
                }
            } catch {
                ended = true
                failure = reported(error)
            }
        }
    }

    /// A source that gathers `bytes` up to 4 KiB at a time: a value reaches the consumer
    /// soon after its bytes, and yajl is not called per byte.
    static func gathering<Bytes: AsyncSequence>(_ bytes: Bytes) -> Source where Bytes.Element == UInt8 {
        var iterator = bytes.makeAsyncIterator()
        var chunk: [UInt8] = []
        chunk.reserveCapacity(4096)
        return { feed in
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < 4096, let byte = try await iterator.next() { chunk.append(byte) }
            if chunk.isEmpty { return false }
            try chunk.withUnsafeBytes(feed)
            return true
        }
    }

    /// A source that passes `chunks` on as they come.
    static func forwarding<Chunks: AsyncSequence>(_ chunks: Chunks) -> Source where Chunks.Element: ContiguousBytes {
        var iterator = chunks.makeAsyncIterator()
        return { feed in
            guard let chunk = try await iterator.next() else { return false }
            try chunk.withUnsafeBytes(feed)
            return true
        }
    }
}

/// The values one piece made, waiting for the consumer.
final class ElementQueue<N> {
    /// The values, from ``head`` on not yet taken.
    private var elements: [N] = []
    /// The next value to take.
    private var head = 0

    /// Adds a value at the end.
    func append(_ element: N) { elements.append(element) }

    /// Takes the first value waiting; `nil` when none waits.
    func popFirst() -> N? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }
}
