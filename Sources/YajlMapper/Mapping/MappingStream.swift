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
    /// How many elements were mapped or decoded on other threads (for tests and measurements).
    var elementsFromThreads = 0

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
    /// The parser, whose recorder hands each element's tape over.
    var parser: JSONStreamParser<StreamedTapeRecorder>!
    /// How each element is mapped: the mapper's settings, the element type's plan.
    let run: MappingRun<N>
    /// Where the streamed array is.
    let arrayPath: [JSONPath.Component]
    /// The path problems name the array by: ``arrayPath``, unless the array read is a
    /// stretch of another document's (a parallel stream's worker).
    var namePath: [JSONPath.Component]
    /// The parse's options (an element recorded again after a plan miss is read with them).
    let options: JSONParseOptions
    /// Receives each model, in order.
    let onElement: (N) throws -> Void
    /// How many elements were read.
    var count = 0
    /// The problems met so far (lenient mode).
    var problems: [MappingProblem] = []
    /// The index of the element each of ``problems`` came from.
    var problemElements: [Int] = []
    /// How many elements other threads mapped (for tests and measurements).
    var elementsFromThreads = 0
    /// Maps a stretch of elements on a worker thread when the stream is read on several.
    var stretchMapping: StretchMapping = { _, _, _ in nil }
    /// The unit, session and map of the last element, reused for the next one when nothing
    /// else kept them.
    private let reused = ReusedUnit()

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
        run = mapper.run(root: N.self) { [reused] document, place, session in
            ModelBuilder.build(
                N.self, at: document.root, place: place, in: document, path: [], session: session,
                reusing: &reused.map)
        }
        arrayPath = path.components
        namePath = path.components
        self.onElement = onElement
        self.options = options.allowingMultipleValues(false)
        let recorder = StreamedTapeRecorder(path: path, plan: run.latestPlan) {
            [unowned self] tape, bytes, origin, index, plan in
            try self.element(reused.unit(tape: tape, input: bytes, origin: origin), index: index, plan: plan)
        }
        parser = JSONStreamParser(handler: recorder, options: self.options)
        stretchMapping = Self.stretchMapping(mapper, path: arrayPath, transform: { $0 }, deliver: onElement)
    }

    /// Maps one element from its tape (a miss records its bytes again whole), places its
    /// problems, and hands the model to `onElement`. Returns the plan for the next element.
    private func element(_ document: MappingDocument, index: Int, plan: DecodePlan?) throws -> DecodePlan? {
        count = index + 1
        let (model, session, next) = try run.run(
            recorded: document, by: plan, options: options, basePath: JSONPath(namePath + [.index(index)]),
            planned: reused.session)
        if !session.learning { reused.session = session }
        let found = session.takeProblems()
        if run.strict && !found.isEmpty { throw MappingError(problems: found) }
        problems += found
        problemElements += repeatElement(index, count: found.count)
        if let model { try onElement(model) }
        return next
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
        count = parser.handler.count
        let envelope = parser.handler.envelope.documents.first ?? .null
        // A top-level stream whose root is not an array streamed nothing: say so.
        if arrayPath.isEmpty && envelope.array == nil {
            let problem = MappingProblem(
                kind: .typeMismatch, keyPath: "", expected: "[\(N.self)]",
                found: envelope.foundDescription, location: JSONLocation(offset: 0, line: 1, column: 1))
            if run.strict { throw MappingError(problems: [problem]) }
            problems.append(problem)
        }
        let summary = StreamSummary(
            envelope: envelope, count: count, problems: problems, starts: parser.handler.starts,
            objectsSkipped: parser.engine.objectsSkipped, elementsFromThreads: elementsFromThreads)
        self.summary = summary
        return summary
    }

    /// What ``finish()`` returned, once it has.
    private var summary: StreamSummary?

    /// The envelope as read so far: the members of each object still open, with the
    /// streamed array empty; e.g. `total_count` from an element's handler, when it comes
    /// before `items`. `.null` before the document starts.
    public var envelopeSoFar: JSON { parser.handler.envelopeSoFar ?? .null }
}

/// What a stream's elements reuse from one to the next: the unit, the session it is mapped
/// in by the plan, and the element's map (with its nested maps).
final class ReusedUnit {
    /// The last element's unit.
    private var last: MappingDocument?
    /// The last element's session, when it did not learn.
    var session: MappingSession?
    /// The last element's map.
    var map: Map?

    /// The unit of the next element: the last one, made this one, unless a model kept a
    /// map of it.
    func unit(tape: DecodingTape, input: UnsafeRawBufferPointer, origin: TapeDecoder.Origin) -> MappingDocument {
        if let last, !last.hasKeptMap.load(ordering: .relaxed) {
            last.reset(tape: tape, input: input, origin: origin)
            return last
        }
        let unit = MappingDocument(tape: tape, input: input, origin: origin)
        last = unit
        map = nil
        return unit
    }
}

extension Mapper {
    /// Maps the elements of the array at `path` one at a time from a file or stdin, in
    /// constant memory. A big input's elements are mapped on `jobs` threads (0: every core;
    /// see ``MappingStreamParser/read(_:jobs:)-(JSONInput,_)``): `init(map:)` may then run on several
    /// threads at once, and `body` still gets every model in order on this one.
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
        options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0, _ body: @escaping (N) throws -> Void
    ) throws -> StreamSummary {
        let stream = MappingStreamParser(mapper: self, elementsAt: path, options: options, onElement: body)
        let summary = try stream.read(input, jobs: jobs)
        lastProblems = summary.problems
        return summary
    }
}
