import Foundation

extension YajlDecoder {
    /// Feeds `parser` the chunks `chunks` gives: on `jobs` threads as a
    /// ``ParallelElementReader`` reads them (in windows of `windowSize` bytes, `nil`: its
    /// own) when there are several, else in order. A worker decodes `[` + its stretch's
    /// elements + `]` with a stream of its own (whose parse starts at the stretch's offset);
    /// any error leaves the stretch to the spine, whose error it is.
    func readElements<T: Decodable>(
        _ type: T.Type, into parser: JSONStreamParser<StreamedTapeRecorder>, jobs: Int, windowSize: Int?,
        body: @escaping (T) throws -> Void, chunks: JSONInput.Chunks
    ) throws {
        try StreamSpine<[T]>.read(
            chunks: chunks, into: parser, jobs: jobs, windowSize: windowSize,
            read: { [self] stretch, offset, options in
                var values: [T] = []
                let piece = makeStreamParser(T.self, at: JSONPath([]), parseOptions: options) { values.append($0) }
                return ReadStretch.read(
                    stretch, at: offset, engine: piece.engine, feed: { try piece.feed($0) },
                    finish: { try piece.finish() }, made: { values })
            },
            handOver: { [unowned parser] values, _, _ in
                parser.handler.skip(values.count)
                for value in values { try body(value) }
            })
    }
}
