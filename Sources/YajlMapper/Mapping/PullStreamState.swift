/// The state of one pulled stream (see `Mapper.pullStream`). Only the stream's consumer
/// touches it, one `next()` at a time, which is what makes it safe to send.
final class PullStreamState<N: BaseMappable>: @unchecked Sendable {
    /// The stream parser the input is fed to.
    private let parser: MappingStreamParser<N>
    /// The models mapped and not yet taken.
    private let ready: ElementQueue<N>
    /// Feeds the parser the next piece of input; `false` at the input's end.
    private let feed: (MappingStreamParser<N>) async throws -> Bool
    /// Called once with the summary, when the input has ended.
    private let onSummary: ((StreamSummary) -> Void)?
    /// Whether the input has ended (and the parser finished).
    private var ended = false

    /// A pulled stream of `mapper`'s models from the array at `path`, fed by `feed`.
    init(
        mapper: Mapper<N>, path: JSONPath, options: JSONParseOptions, onSummary: ((StreamSummary) -> Void)?,
        feed: @escaping (MappingStreamParser<N>) async throws -> Bool
    ) {
        let ready = ElementQueue<N>()
        self.ready = ready
        parser = MappingStreamParser(mapper: mapper, elementsAt: path, options: options) { ready.append($0) }
        self.feed = feed
        self.onSummary = onSummary
    }

    /// The next model, reading as much input as it takes; `nil` at the end, or once the
    /// consumer's task is cancelled.
    func next() async throws -> N? {
        while true {
            if let element = ready.popFirst() { return element }
            if ended || Task.isCancelled { return nil }
            if try await !feed(parser) {
                ended = true
                let summary = try parser.finish()
                onSummary?(summary)
            }
        }
    }
}

/// The models one chunk made, waiting for the consumer.
final class ElementQueue<N> {
    /// The models, from ``head`` on not yet taken.
    private var elements: [N] = []
    /// The next model to take.
    private var head = 0

    /// Adds a model at the end.
    func append(_ element: N) { elements.append(element) }

    /// Takes the first model waiting; `nil` when none waits.
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
