import Foundation

extension YajlDecoder {
    /// Decodes the elements of the array at `path` one at a time, in constant memory: each
    /// element is decoded as soon as it ends, handed to `body`, then dropped.
    ///
    /// ```swift
    /// let summary = try YajlDecoder().stream(Repository.self, from: .file("page.json"), elementsAt: "items") {
    ///     print($0.fullName)
    /// }
    /// print(summary.envelope["total_count"].int ?? 0, summary.count)
    /// ```
    /// From 1 MiB of input on, the elements are decoded on `jobs` threads (0: every core;
    /// see ``MappingStreamParser/read(_:jobs:)-(JSONInput,_)`` for how): `init(from:)` may then run on
    /// several threads at once, and `body` still gets every element in order on this one,
    /// with the same values, summary and first error as on one thread.
    /// - Parameters:
    ///   - type: the elements' type.
    ///   - input: a file or standard input.
    ///   - path: where the array is (`items`, `data.results`); empty for a top-level array.
    ///   - jobs: how many threads decode the elements (1: this one only).
    ///   - body: receives each element, in document order.
    /// - Returns: the rest of the document (the array reads as empty), where its values are
    ///   (``StreamSummary/location(of:)``) and the count.
    /// - Throws: ``JSONInputError``; `DecodingError` as ``decode(_:from:)-(_,Data)`` does, for
    ///   the first element that fails or the first mistake in the input; what `body` throws.
    public func stream<T: Decodable>(
        _ type: T.Type, from input: JSONInput, elementsAt path: JSONPath = "items", jobs: Int = 0,
        _ body: (T) throws -> Void
    ) throws -> StreamSummary {
        try stream(T.self, chunks: input.chunks, elementsAt: path, jobs: jobs, windowSize: nil, body)
    }

    /// Streams the elements at `path` of the chunks `chunks` gives, on `jobs` threads in
    /// windows of `windowSize` bytes (`nil`: the reader's) as a ``ParallelElementReader``
    /// reads them. A worker decodes `[` + its stretch's elements + `]` with a stream of its
    /// own (whose parse starts at the stretch's offset); any error leaves the stretch to the
    /// spine, whose error it is.
    func stream<T: Decodable>(
        _ type: T.Type, chunks: JSONInput.Chunks, elementsAt path: JSONPath, jobs: Int, windowSize: Int?,
        _ body: (T) throws -> Void
    ) throws -> StreamSummary {
        try streamValues(T.self, at: path, body) { parser, body in
            try StreamSpine<[T]>.read(
                chunks: chunks, into: parser, jobs: jobs, windowSize: windowSize,
                read: { [self] stretch, offset, options in
                    var values: [T] = []
                    let piece = makeStreamParser(T.self, at: JSONPath([]), parseOptions: options) { values.append($0) }
                    return ReadStretch.read(stretch, at: offset, by: piece) { values }
                },
                handOver: { [unowned parser] values, _, _ in
                    parser.handler.skip(values.count)
                    for value in values { try body(value) }
                })
        }
    }

    /// ``stream(_:from:elementsAt:jobs:_:)-(_,JSONInput,_,_,_)`` over a document in memory.
    public func stream<T: Decodable>(
        _ type: T.Type, from data: Data, elementsAt path: JSONPath = "items", jobs: Int = 0,
        _ body: (T) throws -> Void
    ) throws -> StreamSummary {
        try data.withUnsafeBytes {
            try stream(T.self, chunks: JSONInput.chunks(of: $0), elementsAt: path, jobs: jobs, windowSize: nil, body)
        }
    }

    /// Decodes JSON Lines (or any values one after another, separated by white space) one
    /// value at a time, in constant memory.
    /// - Returns: how many values were decoded.
    /// - Throws: as ``stream(_:from:elementsAt:jobs:_:)-(_,JSONInput,_,_,_)``.
    @discardableResult
    public func streamLines<T: Decodable>(
        _ type: T.Type, from input: JSONInput, _ body: (T) throws -> Void
    ) throws
        -> Int
    {
        try streamValues(T.self, at: nil, body) { parser, _ in try input.read { try parser.feed($0) } }.count
    }

    /// Streams the values at `path` (`nil`: every top-level value) of the input `feed` gives
    /// the parser (with `body`, for workers' values).
    private func streamValues<T: Decodable>(
        _ type: T.Type, at path: JSONPath?, _ body: (T) throws -> Void,
        feed: (JSONStreamParser<StreamedTapeRecorder>, @escaping (T) throws -> Void) throws -> Void
    ) throws -> StreamSummary {
        // The parser holds `body`: it must be gone when the block ends.
        try withoutActuallyEscaping(body) { body in
            let parser = makeStreamParser(T.self, at: path, body)
            do {
                try feed(parser, body)
                try parser.finish()
            } catch let error as JSONParseError {
                throw Self.notJSON(error)
            }
            return StreamSummary(
                envelope: parser.handler.envelope.documents.first ?? .null, count: parser.handler.count, problems: [],
                starts: parser.handler.starts, elementsFromThreads: parser.handler.skipped)
        }
    }

    /// A parser that decodes each value at `path` as `T` and hands it to `body`.
    func makeStreamParser<T: Decodable>(
        _ type: T.Type, at path: JSONPath?, parseOptions: JSONParseOptions? = nil,
        _ body: @escaping (T) throws -> Void
    ) -> JSONStreamParser<StreamedTapeRecorder> {
        let options = options
        var parseOptions = parseOptions ?? options.parse
        if path == nil { parseOptions.allowMultipleValues = true }
        // An element's coding path starts with the array's path and its index.
        var arrayNode = CodingPathNode.root
        for component in path?.components ?? [] {
            switch component {
            case .key(let key): arrayNode = arrayNode.adding(.key(YajlCodingKey(stringValue: key)))
            case .index(let index): arrayNode = arrayNode.adding(.index(index))
            }
        }
        let recorder = StreamedTapeRecorder(path: path, plan: planToRecord(T.self, options)) {
            [self, arrayNode] tape, bytes, origin, index, plan in
            let root = path == nil ? CodingPathNode.root : arrayNode.adding(.index(index))
            let (value, next) = try self.decodeValue(
                T.self, tape: tape, recordedBy: plan, bytes: bytes, origin: origin, at: root, options: options
            ) { try $0.decodeRoot(T.self, at: $1) }
            try body(value)
            return next
        }
        return JSONStreamParser(handler: recorder, options: parseOptions)
    }
}
