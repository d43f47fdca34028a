/// The spine of a stream of values read on several threads (``YajlDecoder``'s and
/// ``Mapper``'s): the stream's own parser, what a worker makes of a stretch of its values,
/// and how that is handed over, in order, on the stream's thread.
final class StreamSpine<Stretch>: ElementSpine {
    /// The stream's parser.
    let parser: JSONStreamParser<StreamedTapeRecorder>
    /// What a worker makes of a stretch found at an offset (see ``ElementSpine/read(stretch:at:depth:options:)``).
    private let readStretch: (UnsafeRawBufferPointer, Int, JSONParseOptions) -> ReadStretch<Stretch>?
    /// Hands a stretch's results over, with its first line and where that line starts.
    private let handOver: (Stretch, Int, Int) throws -> Void

    /// A spine over `parser`; `read` runs on the workers and must touch no shared state.
    init(
        parser: JSONStreamParser<StreamedTapeRecorder>,
        read: @escaping (UnsafeRawBufferPointer, Int, JSONParseOptions) -> ReadStretch<Stretch>?,
        handOver: @escaping (Stretch, Int, Int) throws -> Void
    ) {
        self.parser = parser
        readStretch = read
        self.handOver = handOver
    }

    /// Feeds `parser` the chunks `chunks` gives: on `jobs` threads (0: every core) in windows
    /// of `windowSize` bytes (`nil`: the reader's) when there are several and the parse has
    /// read nothing yet (the windows' offsets start at the input's), else in order on this
    /// thread. `read` runs on the workers and must touch no shared state; the caller finishes
    /// the parser.
    static func read(
        chunks: JSONInput.Chunks, into parser: JSONStreamParser<StreamedTapeRecorder>, jobs: Int, windowSize: Int?,
        read: @escaping (UnsafeRawBufferPointer, Int, JSONParseOptions) -> ReadStretch<Stretch>?,
        handOver: @escaping (Stretch, Int, Int) throws -> Void
    ) throws {
        let threads = parallelThreads(jobs: jobs)
        guard threads > 1, parser.engine.bytesFed == 0 else { return try chunks(nil) { try parser.feed($0) } }
        let spine = StreamSpine(parser: parser, read: read, handOver: handOver)
        let reader = ParallelElementReader(spine: spine, threads: threads, options: parser.options)
        if let windowSize { reader.windowSize = windowSize }
        try reader.read(chunks: chunks)
    }

    /// Just past the last value handed over on this thread.
    var lastElementEnd: Int? { parser.handler.lastValueEnd }

    /// What a worker makes of `stretch`.
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<Stretch>? {
        readStretch(stretch, offset, options)
    }

    /// Hands the stretch's results over.
    func deliver(_ stretch: Stretch, line: Int, lineStart: Int) throws { try handOver(stretch, line, lineStart) }
}
