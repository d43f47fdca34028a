import Foundation

/// What is left after streaming an array: the rest of the document and the count.
public struct StreamSummary {
    /// The document without the streamed array's elements (e.g. `total_count`,
    /// `incomplete_results`; the array itself reads as empty).
    public var envelope: JSON
    /// How many elements were read (mapped or, in lenient mode, skipped with a problem).
    public var count: Int
    /// Every problem met (lenient mode), located in the input.
    public var problems: [MappingProblem]
    /// Where each value of the envelope starts, in its pre-order, with its line and the
    /// offset that line starts at.
    var starts: [(offset: Int, line: Int, lineStart: Int)] = []
    /// How many objects yajl skipped the rest of (for tests and measurements).
    var objectsSkipped = 0

    /// Where the envelope's value at `path` starts in the input (`items` is the streamed
    /// array's opening bracket); for a path that is not there, where the last value on the
    /// way starts (a missing key is located at its object, as mapping problems are).
    /// `nil` when nothing was kept (an empty input).
    ///
    /// ```swift
    /// let page = Mapper<GitHubRepositories>()
    /// _ = try? page.map(json: summary.envelope)
    /// for problem in page.lastProblems {
    ///     print(problem, summary.location(of: JSONPath(problem.keyPath)) as Any)
    /// }
    /// ```
    public func location(of path: JSONPath) -> JSONLocation? {
        let index = envelope.preorderIndex(of: path.components)
        guard starts.indices.contains(index) else { return nil }
        let start = starts[index]
        return JSONLocation(offset: start.offset, line: start.line, column: start.offset - start.lineStart + 1)
    }
}

/// Maps the elements of one array of a document as they arrive, in constant memory: push
/// chunks of any size, each element is handed over when its object closes, then dropped.
///
/// ```swift
/// let stream = MappingStreamParser<GitHubRepository>(elementsAt: "items") { repo in
///     print(repo.fullName ?? "")
/// }
/// for chunk in chunks { try stream.feed(chunk) }
/// let summary = try stream.finish()
/// print(summary.envelope["total_count"].int ?? 0)
/// ```
public final class MappingStreamParser<N: BaseMappable> {
    private let parser: JSONStreamParser<MappingCapture>
    private let session: MappingSession
    private let info: TypeInfo
    private let arrayPath: [JSONPath.Component]
    /// The parse's options (an element parsed again after a plan miss is read with them).
    private let options: JSONParseOptions
    private let onElement: (N) throws -> Void
    private var count = 0
    private var problems: [MappingProblem] = []
    /// The plan node of the envelope; the capture refers to it unretained, so it is kept here
    /// for the stream's life.
    private let envelope: PlanNode?

    /// Creates a stream over the array at `path`.
    /// - Parameters:
    ///   - mapper: its `strict`, `context` options apply (strict: the first bad element throws).
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - options: what input is accepted.
    ///   - onElement: receives each model, in order.
    public init(
        mapper: Mapper<N> = Mapper<N>(), elementsAt path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(), onElement: @escaping (N) throws -> Void
    ) {
        session = MappingSession(
            strict: mapper.strict, context: mapper.context,
            shouldIncludeNilValues: mapper.shouldIncludeNilValues)
        info = PlanRegistry.shared.info(for: N.self, context: mapper.context)
        arrayPath = path.components
        self.onElement = onElement
        var single = options
        single.allowMultipleValues = false
        envelope = Self.envelopeNode(path, info)
        parser = JSONStreamParser(
            handler: MappingCapture(session: session, rootRule: envelope.map { .node($0) } ?? .units(info)),
            options: single)
        self.options = single
        parser.handler.onUnit = { [unowned self] value, offsets, source in
            try self.element(value, offsets: offsets, source: source)
        }
    }

    /// Keeps the whole document but the array, whose elements become units; `nil` for a
    /// top-level array.
    private static func envelopeNode(_ path: JSONPath, _ info: TypeInfo) -> PlanNode? {
        let keys = path.components.map { component -> String in
            switch component {
            case .key(let key): return key
            case .index(let i): return String(i)
            }
        }
        guard let last = keys.last else { return nil }
        let root = PlanNode(keepsOthers: true)
        var node = root
        for key in keys.dropLast() {
            let next = PlanNode(keepsOthers: true)
            node.set(key, .object(next))
            node = next
        }
        node.set(last, .units(info))
        return root
    }

    /// Feeds the next chunk.
    /// - Throws: ``JSONParseError``; ``MappingError`` in strict mode; what `onElement` throws;
    ///   ``JSONStreamUsageError`` after ``finish()``, or from inside `onElement`.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws { try parser.feed(bytes) }

    /// Feeds the next chunk (`[UInt8]`, `Data`, ...).
    /// - Throws: as ``feed(_:)-(UnsafeRawBufferPointer)``.
    public func feed(_ bytes: some ContiguousBytes) throws { try bytes.withUnsafeBytes { try feed($0) } }

    /// Ends the input.
    /// - Returns: the envelope, the element count and the problems met.
    /// - Throws: ``JSONParseError`` when the input ends early.
    public func finish() throws -> StreamSummary {
        try parser.finish()
        // Once more: the same summary.
        if let summary { return summary }
        let envelope = parser.handler.documents.first ?? .null
        // A top-level stream whose root is not an array streamed nothing: say so.
        if arrayPath.isEmpty && envelope.array == nil {
            let problem = MappingProblem(
                kind: .typeMismatch, keyPath: "", expected: "[\(N.self)]",
                found: envelope.foundDescription, location: JSONLocation(offset: 0, line: 1, column: 1))
            if session.strict { throw MappingError(problems: [problem]) }
            problems.append(problem)
        }
        let lines = parser.handler.envelopeLines
        let starts = zip(parser.handler.offsets, lines).map { (offset: $0, line: $1.line, lineStart: $1.lineStart) }
        let summary = StreamSummary(
            envelope: envelope, count: count, problems: problems, starts: starts,
            objectsSkipped: parser.engine.objectsSkipped)
        self.summary = summary
        return summary
    }

    /// What ``finish()`` returned, once it has.
    private var summary: StreamSummary?

    /// The envelope as read so far: the members of each object still open, with the
    /// streamed array empty; e.g. `total_count` from an element's handler, when it comes
    /// before `items`. `.null` before the document starts.
    public var envelopeSoFar: JSON { parser.handler.partialDocument() ?? .null }

    private func element(_ value: JSON, offsets: ArraySlice<Int>, source: UnitSource?) throws {
        let index = count
        count += 1
        session.basePath = JSONPath(arrayPath + [.index(index)])
        session.resetMiss()
        // A read outside the plan takes its object from the element parsed again whole (its
        // bytes are held until this returns).
        let options = options
        let wholeUnit = source.map { source in WholeUnit { try Self.wholeCapture(source, options: options) } }
        session.wholeUnit = wholeUnit
        defer { session.wholeUnit = nil }
        var model = ModelBuilder.build(N.self, from: value, at: [], session: session, whole: false, info: info)
        var tree = value
        var treeOffsets = Array(offsets)
        if session.repaired, !session.missed, let whole = wholeUnit?.whole {
            (tree, treeOffsets) = whole
            session.learnRecordedReads()
        }
        if session.missed, let source {
            // A read outside the plan: map this element again from its own bytes, whole.
            _ = session.takeProblems()
            (tree, treeOffsets) = try Self.wholeCapture(source, options: options)
            let again = MappingSession(
                strict: session.strict, context: session.context,
                shouldIncludeNilValues: session.shouldIncludeNilValues,
                capturedWhole: true, recording: true)
            again.basePath = session.basePath
            model = ModelBuilder.build(N.self, from: tree, at: [], session: again, whole: true, info: info)
            again.learnRecordedReads()
            for problem in again.takeProblems() { session.adopt(problem) }
        }
        if let source {
            var locator = Locator(
                bytes: source.bytes, base: source.offset, line: source.line, lineStart: source.lineStart)
            let indexes = PreorderIndexes(of: tree)
            session.locateProblems { path in
                let i = indexes.index(of: path)
                return treeOffsets.indices.contains(i) ? locator.location(of: treeOffsets[i]) : nil
            }
            session.sortProblemsByPosition()
        }
        let found = session.takeProblems()
        if session.strict && !found.isEmpty { throw MappingError(problems: found) }
        problems += found
        if let model { try onElement(model) }
    }

    /// The element parsed again, kept whole, with offsets in the whole input (with the
    /// stream's options: comments, UTF-8 check, depth).
    private static func wholeCapture(_ source: UnitSource, options: JSONParseOptions) throws -> (JSON, [Int]) {
        let capture = MappingCapture(
            session: MappingSession(strict: false, context: nil, capturedWhole: true),
            rootRule: .all)
        let parser = JSONStreamParser(handler: capture, options: options)
        try parser.feed(source.bytes)
        try parser.finish()
        return (parser.handler.documents.first ?? .null, parser.handler.offsets.map { $0 + source.offset })
    }
}

extension Mapper {
    /// Maps the elements of the array at `path` one at a time from a file or stdin, in
    /// constant memory.
    ///
    /// ```swift
    /// let summary = try Mapper<GitHubRepository>().stream(.file("page.json"), elementsAt: "items") { repo in
    ///     print(repo.fullName ?? "")
    /// }
    /// ```
    /// - Returns: the envelope (`total_count`, ...), the count and the problems.
    /// - Throws: ``JSONInputError``, ``JSONParseError``; ``MappingError`` in strict mode.
    public func stream(
        _ input: JSONInput, elementsAt path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(), _ body: @escaping (N) throws -> Void
    ) throws -> StreamSummary {
        let stream = MappingStreamParser(mapper: self, elementsAt: path, options: options, onElement: body)
        try input.read { try stream.feed($0) }
        let summary = try stream.finish()
        lastProblems = summary.problems
        return summary
    }
}

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

/// The state of one pulled stream (see `Mapper.pullStream`). Only the stream's consumer
/// touches it, one `next()` at a time, which is what makes it safe to send.
final class PullStreamState<N: BaseMappable>: @unchecked Sendable {
    private let parser: MappingStreamParser<N>
    private let ready: ElementQueue<N>
    private let feed: (MappingStreamParser<N>) async throws -> Bool
    private let onSummary: ((StreamSummary) -> Void)?
    private var ended = false

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
    private var elements: [N] = []
    private var head = 0

    func append(_ element: N) { elements.append(element) }

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
