import Foundation

extension YajlDecoder {
    /// Feeds `parser` the chunks `chunks` gives: on `jobs` threads as a
    /// ``ParallelElementReader`` reads them (in windows of `windowSize` bytes, `nil`: its
    /// own) when there are several, else in order.
    func readElements<T: Decodable>(
        _ type: T.Type, into parser: JSONStreamParser<StreamedTapeRecorder>, jobs: Int, windowSize: Int?,
        body: @escaping (T) throws -> Void,
        chunks: (_ size: Int?, (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let threads = parallelThreads(jobs: jobs)
        guard threads > 1 else { return try chunks(nil) { try parser.feed($0) } }
        let spine = DecodingSpine(decoder: self, parser: parser, body: body)
        let reader = ParallelElementReader(spine: spine, threads: threads, options: parser.options)
        if let windowSize { reader.windowSize = windowSize }
        try reader.read(chunks: chunks)
    }
}

/// The spine of a decoded stream read on several threads: the stream's own parser, and how
/// a worker decodes a stretch of its elements.
final class DecodingSpine<T: Decodable>: ElementSpine {
    /// The decoder, whose settings every stretch is decoded with.
    let decoder: YajlDecoder
    /// The stream's parser.
    let parser: JSONStreamParser<StreamedTapeRecorder>
    /// Receives each element, in order.
    let body: (T) throws -> Void

    init(decoder: YajlDecoder, parser: JSONStreamParser<StreamedTapeRecorder>, body: @escaping (T) throws -> Void) {
        self.decoder = decoder
        self.parser = parser
        self.body = body
    }

    /// The stream's parse.
    var engine: YajlParserEngine { parser.engine }

    /// Just past the last element decoded on this thread.
    var lastElementEnd: Int? { parser.handler.lastValueEnd }

    /// Reads on this thread.
    func feed(_ bytes: UnsafeRawBufferPointer) throws { try parser.feed(bytes) }

    /// Decodes `[` + the stretch's elements + `]` with a stream of its own (whose parse starts
    /// at the stretch's offset); any error leaves the stretch to the spine, whose error it is.
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<[T]>? {
        var values: [T] = []
        let piece = decoder.makeStreamParser(T.self, at: JSONPath([]), parseOptions: options) { values.append($0) }
        return ReadStretch.read(
            stretch, at: offset, engine: piece.engine, feed: { try piece.feed($0) }, finish: { try piece.finish() },
            made: { values })
    }

    /// Counts the stretch's elements in the stream and hands them over.
    func deliver(_ values: [T], line: Int, lineStart: Int) throws {
        parser.handler.skip(values.count)
        for value in values { try body(value) }
    }
}
