import Foundation

/// What a worker made of one stretch of a stream's elements.
struct MappedStretch {
    /// How many elements it held.
    var count: Int
    /// Their problems, named and located as if the stretch were the document's first elements
    /// and lines (see ``MappingStreamParser/placed(_:element:first:line:lineStart:)``).
    var problems: [MappingProblem]
    /// The stretch's index of the element each problem came from.
    var problemElements: [Int]
    /// Hands the elements' outputs over, in order.
    var deliver: () throws -> Void
}

/// Maps a stretch of elements on a worker thread (see ``ElementSpine/read(stretch:at:depth:options:)``).
typealias StretchMapping = (UnsafeRawBufferPointer, Int, JSONParseOptions) -> ReadStretch<MappedStretch>?

/// The stream on several threads: its parser is the spine (``StreamSpine``) of a
/// ``ParallelElementReader``.
extension MappingStreamParser {
    /// Maps the elements of each stream to `Output` on the threads that map them, then hands
    /// the outputs over in document order on the caller's thread.
    ///
    /// ```swift
    /// let stream = MappingStreamParser<GitHubRepository>(
    ///     elementsAt: "items", transform: { $0.fullName ?? "" }, onOutput: { print($0) })
    /// let summary = try stream.read(.file("page.json"))
    /// ```
    /// - Parameters:
    ///   - mapper: its `strict`, `context` options apply (strict: the first bad element throws).
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - options: what input is accepted.
    ///   - transform: runs on the worker threads (on this one when the stream is read
    ///     serially); it must not touch state shared with other calls.
    ///   - onOutput: receives each output, in order, on the thread that reads the stream.
    public convenience init<Output>(
        mapper: Mapper<N> = Mapper<N>(), elementsAt path: JSONPath = "items",
        options: JSONParseOptions = JSONParseOptions(), transform: @escaping (N) throws -> Output,
        onOutput: @escaping (Output) throws -> Void
    ) {
        self.init(mapper: mapper, elementsAt: path, options: options) { try onOutput(try transform($0)) }
        stretchMapping = Self.stretchMapping(mapper, path: path.components, transform: transform, deliver: onOutput)
    }

    /// Reads `input` to its end and finishes. The input is read in windows of 1 MiB; in each,
    /// the elements of the streamed array are mapped on `jobs` threads (0: every core) and
    /// handed over in document order on this thread. The elements, the problems (with their
    /// paths, lines and columns), the summary and the first error are those of a serial read
    /// (`jobs: 1`, or an input under 1 MiB): a stretch that does not map cleanly is read
    /// again serially. A stream already fed some chunks reads the rest on one thread.
    /// - Returns: as ``finish()``.
    /// - Throws: as ``feed(_:)-(UnsafeRawBufferPointer)`` and ``finish()``; ``JSONInputError``.
    public func read(_ input: JSONInput, jobs: Int = 0) throws -> StreamSummary {
        try read(chunks: input.chunks, jobs: jobs, windowSize: nil)
    }

    /// Reads a document held in memory to its end and finishes, as ``read(_:jobs:)-(JSONInput,_)`` reads
    /// an input.
    public func read(_ bytes: some ContiguousBytes, jobs: Int = 0) throws -> StreamSummary {
        try read(bytes, jobs: jobs, windowSize: nil)
    }

    /// Reads `bytes` in windows of `windowSize` bytes (`nil`: 1 MiB), as
    /// ``read(_:jobs:)-(JSONInput,_)`` does: for the fuzz harness, whose inputs are a few KiB.
    @_spi(Fuzzing) public func read(
        _ bytes: some ContiguousBytes, jobs: Int, windowSize: Int?
    ) throws -> StreamSummary {
        try bytes.withUnsafeBytes { try read(chunks: JSONInput.chunks(of: $0), jobs: jobs, windowSize: windowSize) }
    }

    /// Reads the chunks `chunks` gives (a window of `windowSize` bytes at a time when
    /// several threads read) to their end and finishes.
    func read(chunks: JSONInput.Chunks, jobs: Int, windowSize: Int?) throws -> StreamSummary {
        try StreamSpine.read(
            chunks: chunks, into: parser, jobs: jobs, windowSize: windowSize, read: stretchMapping,
            handOver: { [unowned self] stretch, line, lineStart in
                try deliver(stretch, line: line, lineStart: lineStart)
            })
        return try finish()
    }

    /// Counts a stretch's elements, adds its problems (named by their index in the whole
    /// array, located on their lines in the document) and hands its outputs over.
    func deliver(_ stretch: MappedStretch, line: Int, lineStart: Int) throws {
        let first = parser.handler.count
        for (problem, element) in zip(stretch.problems, stretch.problemElements) {
            problems.append(placed(problem, element: element, first: first, line: line, lineStart: lineStart))
            problemElements.append(first + element)
        }
        parser.handler.skip(stretch.count)
        count = parser.handler.count
        elementsFromThreads += stretch.count
        try stretch.deliver()
    }

    /// A stretch's problem in the document: its element `element` is the array's
    /// `first + element`th, and its first line (the comma before the stretch, as its `[`)
    /// is `line`, which starts at `lineStart`. Offsets are already the document's (the
    /// worker's parse starts at the stretch's offset).
    func placed(_ problem: MappingProblem, element: Int, first: Int, line: Int, lineStart: Int) -> MappingProblem {
        var problem = problem
        let local = JSONPath(namePath + [.index(element)]).description
        if problem.keyPath.hasPrefix(local) {
            problem.keyPath =
                JSONPath(namePath + [.index(first + element)]).description + problem.keyPath.dropFirst(local.count)
        }
        if let at = problem.location {
            problem.location =
                at.line == 1
                ? JSONLocation(offset: at.offset, line: line, column: at.offset - lineStart + 1)
                : JSONLocation(offset: at.offset, line: line + at.line - 1, column: at.column)
        }
        return problem
    }

    /// Maps a stretch as `[` + its elements + `]` with `mapper`'s settings, each element
    /// through `transform`, with a stream of its own whose parse starts at the stretch's
    /// offset (less one, for the `[`) and names its elements by `path`.
    static func stretchMapping<Output>(
        _ mapper: Mapper<N>, path: [JSONPath.Component], transform: @escaping (N) throws -> Output,
        deliver: @escaping (Output) throws -> Void
    ) -> StretchMapping {
        let (context, strict, includesNils, plans) = (
            mapper.context, mapper.strict, mapper.shouldIncludeNilValues, mapper.plans
        )
        return { stretch, offset, options in
            var outputs: [Output] = []
            let settings = Mapper<N>(context: context, shouldIncludeNilValues: includesNils, strict: strict)
            settings.plans = plans
            let piece = MappingStreamParser(mapper: settings, elementsAt: JSONPath([]), options: options) {
                outputs.append(try transform($0))
            }
            piece.namePath = path
            return ReadStretch.read(stretch, at: offset, by: piece.parser) {
                let made = outputs
                return MappedStretch(
                    count: piece.parser.handler.count, problems: piece.problems, problemElements: piece.problemElements,
                    deliver: { for output in made { try deliver(output) } })
            }
        }
    }
}
