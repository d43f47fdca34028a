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

    /// Reads the chunks `chunks` gives on `threads` threads, in windows of `windowSize`
    /// bytes (`nil`: the reader's); the caller finishes the parser.
    func read(chunks: JSONInput.Chunks, threads: Int, windowSize: Int?) throws {
        let reader = ParallelElementReader(spine: self, threads: threads, options: parser.options)
        if let windowSize { reader.windowSize = windowSize }
        try reader.read(chunks: chunks)
    }

    /// The stream's parse.
    var engine: YajlParserEngine { parser.engine }

    /// Just past the last value handed over on this thread.
    var lastElementEnd: Int? { parser.handler.lastValueEnd }

    /// Reads on this thread.
    func feed(_ bytes: UnsafeRawBufferPointer) throws { try parser.feed(bytes) }

    /// What a worker makes of `stretch`.
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<Stretch>? {
        readStretch(stretch, offset, options)
    }

    /// Hands the stretch's results over.
    func deliver(_ stretch: Stretch, line: Int, lineStart: Int) throws { try handOver(stretch, line, lineStart) }
}
