import Foundation

/// Decodes `Decodable` types from JSON with yajl: a drop-in for `JSONDecoder`.
///
/// It is configured as `JSONDecoder` is, with the same properties and Foundation's own
/// strategy types, so code that sets up a `JSONDecoder` compiles with the type name changed:
///
/// ```swift
/// let decoder = YajlDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let page = try decoder.decode(SearchPage.self, from: data)
/// ```
///
/// Values and errors are `JSONDecoder`'s: the same `DecodingError` case at the same coding
/// path, with the line and column added to each `debugDescription`. A number that does not
/// fit its type is `dataCorrupted` at the number's own path (`JSONDecoder` reports it at the
/// root). Every `Double` and `Float` is the correctly rounded value of its literal.
open class YajlDecoder: @unchecked Sendable {
    /// How JSON keys become coding keys.
    open var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// How `Date` values are read.
    open var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    /// How `Data` values are read.
    open var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    /// How `Double` and `Float` read non-conforming values (infinity, NaN) given as strings.
    open var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    /// What every `Decoder` the decoding makes carries in its `userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// What input the parser accepts (comments, depth, ...).
    open var parseOptions = JSONParseOptions()
    /// How many threads record and decode the elements of a big document's arrays of models
    /// (`items` of a search page): 0 uses every core once the document passes 1 MiB, 1
    /// decodes on the caller's thread. The values and errors are the same whatever it is. With more
    /// than one, `init(from:)` and the `.custom` strategies' closures may run on several
    /// threads at once. (The streams take theirs as a parameter.)
    open var jobs = 0
    /// The document size and array length (in tokens) from which arrays are split, for tests
    /// (`nil`: 1 MiB and ``TapeDecoder/tokensToSplit``).
    @_spi(Fuzzing) public var splitsFrom: (bytes: Int, tokens: Int)?
    /// The elements of whole documents this decoder decoded on several threads (tests).
    let elementsFromThreads = ElementTally()
    /// The elements of whole documents this decoder recorded on several threads (tests).
    let elementsRecordedOnThreads = ElementTally()

    /// Creates a decoder with `JSONDecoder`'s defaults.
    public init() {}

    /// Decodes a value from a JSON document.
    /// - Throws: `DecodingError`: `dataCorrupted` (with the parse error as its underlying
    ///   error) when the input is not valid JSON, else as `JSONDecoder` does.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(T.self, fromBytes: $0) }
    }

    /// Decodes a value from a JSON document's bytes.
    open func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(T.self, fromBytes: $0) }
    }

    /// Decodes a value from a file or standard input, read whole first.
    /// - Throws: ``JSONInputError`` when the input cannot be read, else as
    ///   ``decode(_:from:)-(_,Data)``.
    open func decode<T: Decodable>(_ type: T.Type, from input: JSONInput) throws -> T {
        try decode(T.self, from: try input.readAll(jobs: jobs))
    }

    /// The plans learned, one per root type.
    private let plans = DecodePlans()

    /// The decoding of one whole document in memory, recorded by `T`'s plan when there is one.
    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        var options = options
        let split = splitsFrom ?? (parallelWindowBytes, TapeDecoder.tokensToSplit)
        if bytes.count >= split.bytes {
            options.threads = parallelThreads(jobs: jobs)
            options.tokensToSplit = split.tokens
            options.tally = elementsFromThreads
        }
        let known = planToRecord(T.self, options)
        let tape = try record(bytes, plan: known, threads: options.threads)
        return try decodeValue(T.self, tape: tape, recordedBy: known, bytes: bytes, origin: .init(), options: options).0
    }

    /// Whether documents are recorded by plans: with the default keys, or converted from snake
    /// case (by plans that fold keys); not with a custom key strategy, whose conversion the
    /// parse cannot know; and not when `YAJLMAPPER_NO_SKIP` is set.
    private func usesPlans(_ options: TapeDecoder.Options) -> Bool {
        DecodePlans.enabled && (options.usesDefaultKeys || options.convertsFromSnakeCase)
    }

    /// The plan to record a value of `T` by, when there is one.
    func planToRecord<T>(_ type: T.Type, _ options: TapeDecoder.Options) -> DecodePlan? {
        usesPlans(options) ? plans.plan(for: T.self, foldsKeys: options.convertsFromSnakeCase) : nil
    }

    /// Decodes a value as `T` from its tape, recorded by `plan` from `bytes` (which start at
    /// `origin`), the value at `root` in its document. On a miss, or without a plan, the value
    /// is decoded from a whole tape of `bytes` while `T`'s plan learns what is read.
    /// - Returns: the value, and the plan to record the next value of `T` by.
    func decodeValue<T: Decodable>(
        _ type: T.Type, tape: DecodingTape, recordedBy plan: DecodePlan?, bytes: UnsafeRawBufferPointer,
        origin: TapeDecoder.Origin, root: CodingPathNode = .root, options: TapeDecoder.Options
    ) throws -> (T, DecodePlan?) {
        if let plan {
            let session = TapeDecoder.Session(plan: plan, learning: false)
            let decoder = TapeDecoder(tape: tape, input: bytes, origin: origin, options: options, session: session)
            do {
                let value = try decoder.decodeRoot(T.self, at: root)
                if !session.missed { return (value, plan) }
            } catch {
                if !session.missed { throw error }
            }
        }
        // The whole tape: the one given, or the value's bytes recorded again (with offsets
        // from their first byte).
        var whole = (tape: tape, origin: origin)
        if plan != nil {
            whole.tape = try record(bytes, plan: nil, threads: options.threads)
            whole.origin = TapeDecoder.Origin(offset: 0, line: origin.line, lineStart: origin.lineStart - origin.offset)
        }
        let planned = usesPlans(options)
        let learning = planned && plans.mayLearn(T.self, foldsKeys: options.convertsFromSnakeCase)
        let learned = learning ? plan?.copy() ?? DecodePlan(foldsKeys: options.convertsFromSnakeCase) : nil
        let session = TapeDecoder.Session(plan: learned, learning: learning)
        let value = try TapeDecoder(
            tape: whole.tape, input: bytes, origin: whole.origin, options: options, session: session
        ).decodeRoot(T.self, at: root)
        if let learned { plans.publish(learned, for: T.self, replacing: plan != nil) }
        return (value, planToRecord(T.self, options))
    }

    /// The tape of a document, by `plan` (`nil`: whole); on `threads` threads, the elements
    /// of a big array near the root (see ``TapeRecordingSpine``).
    /// - Throws: `DecodingError.dataCorrupted` when the input is not valid JSON.
    func record(_ bytes: UnsafeRawBufferPointer, plan: DecodePlan?, threads: Int = 1) throws -> DecodingTape {
        do {
            guard threads > 1, !parseOptions.allowMultipleValues else {
                let recorder = TapeRecorder(plan: plan, input: bytes)
                return try JSONStreamParser.parse(bytes, handler: recorder, options: parseOptions).tape
            }
            let spine = TapeRecordingSpine(plan: plan, input: bytes, options: parseOptions, threads: threads)
            try ParallelElementReader(spine: spine, threads: threads, options: parseOptions).read(inPlace: bytes)
            try spine.parser.finish()
            elementsRecordedOnThreads.add(spine.elementsSpliced)
            return spine.parser.handler.tape
        } catch let error as JSONParseError {
            throw Self.notJSON(error)
        }
    }

    /// What a parse error is to a decoding: `dataCorrupted` at the root, the parse error
    /// (with its line and column) underneath.
    static func notJSON(_ error: JSONParseError) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error)
        )
    }

    /// The settings a decoding reads, copied once.
    var options: TapeDecoder.Options {
        TapeDecoder.Options(
            keys: keyDecodingStrategy, dates: dateDecodingStrategy, data: dataDecodingStrategy,
            floats: nonConformingFloatDecodingStrategy, userInfo: userInfo)
    }
}
