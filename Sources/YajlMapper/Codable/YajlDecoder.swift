import Foundation

/// Decodes `Decodable` types from JSON with yajl: a drop-in for `JSONDecoder`.
///
/// It is configured as `JSONDecoder` is, with the same properties and Foundation's own
/// strategy types (also spelled through it: `YajlDecoder.DateDecodingStrategy`), so code that
/// sets up a `JSONDecoder` compiles with the type name changed:
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
/// root). Every `Double` and `Float` is the correctly rounded value of its literal. It reads
/// what `JSONDecoder` reads: UTF-8, UTF-16 or UTF-32 with or without a byte order mark, a
/// comma before `]` or `}`, and JSON5 with ``allowsJSON5``. Its settings are kept behind a
/// lock, so one decoder may be configured and used from several threads.
open class YajlDecoder: @unchecked Sendable {
    /// How JSON keys become coding keys (Foundation's type).
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
    /// How `Date` values are read (Foundation's type).
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// How `Data` values are read (Foundation's type).
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// How infinity and NaN given as strings are read (Foundation's type).
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy

    /// Every setting, copied whole by each decoding, which sets its threads for a big document.
    struct Settings {
        /// ``keyDecodingStrategy``.
        var keys: KeyDecodingStrategy = .useDefaultKeys
        /// ``dateDecodingStrategy``.
        var dates: DateDecodingStrategy = .deferredToDate
        /// ``dataDecodingStrategy``.
        var data: DataDecodingStrategy = .base64
        /// ``nonConformingFloatDecodingStrategy``.
        var floats: NonConformingFloatDecodingStrategy = .throw
        /// ``userInfo``.
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        /// ``parseOptions``.
        var parse = JSONParseOptions()
        /// ``jobs``.
        var jobs = 0
        /// ``splitsFrom``.
        var splitsFrom: (bytes: Int, tokens: Int)?
        /// ``allowsJSON5``.
        var allowsJSON5 = false
        /// ``assumesTopLevelDictionary``.
        var assumesTopLevelDictionary = false
        /// How many threads decode the elements of a big array of models in one document (see
        /// `TapeDecoder+ParallelArrays.swift`).
        var threads = 1
        /// The tokens an array needs before its elements are decoded on several threads.
        var tokensToSplit = TapeDecoder.tokensToSplit
        /// Counts the elements decoded on several threads (tests).
        var tally: ElementTally?
        /// Whether JSON keys are used as they are.
        var usesDefaultKeys: Bool {
            if case .useDefaultKeys = keys { return true }
            return false
        }
        /// Whether JSON keys are converted from snake case.
        var convertsFromSnakeCase: Bool {
            if case .convertFromSnakeCase = keys { return true }
            return false
        }

        /// Foundation's `JSONDecoder` set up as this decoder is: what ``YajlDecoder/allowsJSON5``
        /// hands input that does not parse as JSON to, and ``YajlDecoder/assumesTopLevelDictionary``
        /// a document that does not open with `{`.
        func foundationDecoder() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = keys
            decoder.dateDecodingStrategy = dates
            decoder.dataDecodingStrategy = data
            decoder.nonConformingFloatDecodingStrategy = floats
            decoder.userInfo = userInfo
            decoder.allowsJSON5 = allowsJSON5
            decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
            return decoder
        }
    }

    /// The settings, behind a lock.
    let settings = CoderSettings(Settings())

    /// How JSON keys become coding keys.
    open var keyDecodingStrategy: KeyDecodingStrategy {
        get { settings[\.keys] }
        set { settings[\.keys] = newValue }
    }
    /// How `Date` values are read.
    open var dateDecodingStrategy: DateDecodingStrategy {
        get { settings[\.dates] }
        set { settings[\.dates] = newValue }
    }
    /// How `Data` values are read.
    open var dataDecodingStrategy: DataDecodingStrategy {
        get { settings[\.data] }
        set { settings[\.data] = newValue }
    }
    /// How `Double` and `Float` read non-conforming values (infinity, NaN) given as strings.
    open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { settings[\.floats] }
        set { settings[\.floats] = newValue }
    }
    /// What every `Decoder` the decoding makes carries in its `userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { settings[\.userInfo] }
        set { settings[\.userInfo] = newValue }
    }
    /// What input the parser accepts (comments, depth, ...).
    open var parseOptions: JSONParseOptions {
        get { settings[\.parse] }
        set { settings[\.parse] = newValue }
    }
    /// Whether input that is not JSON is read as JSON5 (comments, unquoted keys, single quotes,
    /// hexadecimal numbers, `Infinity`, ...). JSON is decoded by yajl as always; input that
    /// fails to parse as JSON is handed whole to Foundation's `JSONDecoder`, with this
    /// decoder's strategies and `userInfo`, and its values and errors are Foundation's.
    open var allowsJSON5: Bool {
        get { settings[\.allowsJSON5] }
        set { settings[\.allowsJSON5] = newValue }
    }
    /// Whether the top level must be an object, and may be its members without braces
    /// (`"name": "swift", "stars": 1`; with ``allowsJSON5``, `name: "swift"`), as in
    /// `JSONDecoder`. A document that opens with `{` is decoded by yajl as always; any other
    /// is handed to Foundation's `JSONDecoder`, with this decoder's strategies.
    open var assumesTopLevelDictionary: Bool {
        get { settings[\.assumesTopLevelDictionary] }
        set { settings[\.assumesTopLevelDictionary] = newValue }
    }
    /// How many threads record and decode the elements of a big document's arrays of models
    /// (`items` of a search page): 0 uses every core once the document passes 1 MiB, 1
    /// decodes on the caller's thread. The values and errors are the same whatever it is. With more
    /// than one, `init(from:)` and the `.custom` strategies' closures may run on several
    /// threads at once. (The streams take theirs as a parameter.)
    open var jobs: Int {
        get { settings[\.jobs] }
        set { settings[\.jobs] = newValue }
    }
    /// The document size and array length (in tokens) from which arrays are split, for tests
    /// (`nil`: 1 MiB and ``TapeDecoder/tokensToSplit``).
    @_spi(Fuzzing) public var splitsFrom: (bytes: Int, tokens: Int)? {
        get { settings[\.splitsFrom] }
        set { settings[\.splitsFrom] = newValue }
    }
    /// The elements of whole documents this decoder decoded on several threads (tests).
    let elementsFromThreads = ElementTally()
    /// The elements of whole documents this decoder recorded on several threads (tests).
    let elementsRecordedOnThreads = ElementTally()
    /// The plans learned, one per root type.
    private let plans = PlanRegistry()

    /// Creates a decoder with `JSONDecoder`'s defaults.
    public init() {}

    /// Decodes a value from a JSON document, as `type` (which may be a subclass of `T`).
    /// - Throws: `DecodingError`: `dataCorrupted` (with the parse error as its underlying
    ///   error) when the input is not valid JSON, else as `JSONDecoder` does.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value from a JSON document's bytes.
    open func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value from a file or standard input, read whole first.
    /// - Throws: ``JSONInputError`` when the input cannot be read, else as
    ///   ``decode(_:from:)-(_,Data)``.
    open func decode<T: Decodable>(_ type: T.Type, from input: JSONInput) throws -> T {
        try decode(type, from: try input.readAll(jobs: jobs))
    }

    /// Decodes a value that needs a configuration to decode, as `JSONDecoder` does.
    open func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try data.withUnsafeBytes { bytes in
            try decodeDocument(
                bytes, settings: settings.current,
                root: { decoder, node in
                    try decoder.decodeRoot(at: node) { try type.init(from: $0, configuration: configuration) }
                },
                foundation: { try $0.decode(type, from: $1, configuration: configuration) })
        }
    }

    /// Decodes a value whose configuration `C` provides, as `JSONDecoder` does.
    open func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where
        T: DecodableWithConfiguration, C: DecodingConfigurationProviding,
        T.DecodingConfiguration == C.DecodingConfiguration
    {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// A whole document in memory decoded as `type`: as the dynamic type it names, so a
    /// subclass passed as its superclass's type is decoded, and planned, as itself.
    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        guard ObjectIdentifier(type) == ObjectIdentifier(T.self) else {
            let dynamicType: any Decodable.Type = type
            return try decodeExactly(dynamicType, fromBytes: bytes) as! T
        }
        return try decodeExactly(T.self, fromBytes: bytes)
    }

    /// A whole document in memory decoded as `T` itself.
    private func decodeExactly<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        try decodeDocument(
            bytes, settings: settings.current, root: { try $0.decodeRoot(T.self, at: $1) },
            foundation: { try $0.decode(T.self, from: $1) })
    }

    /// The decoding of one whole document in memory, as `T`, which `root` makes from the
    /// decoder pointed at the top (`foundation` with Foundation's decoder), recorded by `T`'s
    /// plan when there is one. Text in UTF-16 or UTF-32 is decoded from its UTF-8; text that
    /// does not parse is read again with its trailing commas made spaces (so every offset,
    /// line and column stays), recorded whole; or, with JSON5, handed to Foundation, as is a
    /// document without braces with ``assumesTopLevelDictionary``.
    private func decodeDocument<T>(
        _ bytes: UnsafeRawBufferPointer, settings: Settings,
        root: (TapeDecoder, CodingPathNode) throws -> T, foundation: (JSONDecoder, Data) throws -> T
    ) throws -> T {
        if let utf8 = try JSONTextEncoding.utf8(of: bytes) {
            return try utf8.withUnsafeBytes {
                try decodeDocument($0, settings: settings, root: root, foundation: foundation)
            }
        }
        if settings.assumesTopLevelDictionary, !Self.opensObject(bytes) {
            return try foundation(settings.foundationDecoder(), Data(bytes))
        }
        var options = settings
        let split = settings.splitsFrom ?? (parallelWindowBytes, TapeDecoder.tokensToSplit)
        if bytes.count >= split.bytes {
            options.threads = parallelThreads(jobs: settings.jobs)
            options.tokensToSplit = split.tokens
            options.tally = elementsFromThreads
        }
        let known = planToRecord(T.self, options)
        var tape: DecodingTape
        do {
            tape = try recordTape(bytes, plan: known, options: options)
        } catch let error as JSONParseError {
            if settings.allowsJSON5 { return try foundation(settings.foundationDecoder(), Data(bytes)) }
            // JSONDecoder's one leniency in JSON: recorded whole, so read at most twice.
            guard let relaxed = TrailingCommas.relaxed(bytes) else { throw Self.notJSON(error) }
            return try relaxed.withUnsafeBytes { relaxed in
                let whole = try record(relaxed, plan: nil, options: options)
                return try decodeValue(
                    T.self, tape: whole, recordedBy: nil, bytes: relaxed, origin: .init(), options: options, root
                ).0
            }
        }
        // A big tape's memory is kept for the next document (see ``TapeStore``).
        defer { TapeStore.keep(&tape) }
        return try decodeValue(
            T.self, tape: tape, recordedBy: known, bytes: bytes, origin: .init(), options: options, root
        ).0
    }

    /// Whether the first byte of `bytes` that is not white space (or a UTF-8 byte order
    /// mark) is `{`: else a document read with ``assumesTopLevelDictionary`` is an object's
    /// members without braces, or not an object at all, and Foundation reads it.
    private static func opensObject(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let mark = YajlParserEngine.byteOrderMark
        let first = bytes[(bytes.starts(with: mark) ? mark.count : 0)...].first { !JSONLexer.isSpace($0) }
        return first == UInt8(ascii: "{")
    }

    /// Whether documents are recorded by plans: with the default keys, or converted from snake
    /// case (by plans that fold keys); not with a custom key strategy, whose conversion the
    /// parse cannot know; and not when `YAJLMAPPER_NO_SKIP` is set.
    private func usesPlans(_ options: Settings) -> Bool {
        PlanRegistry.enabled && (options.usesDefaultKeys || options.convertsFromSnakeCase)
    }

    /// The plan to record a value of `T` by, when there is one.
    func planToRecord<T>(_ type: T.Type, _ options: Settings) -> DecodePlan? {
        usesPlans(options) ? plans.plan(for: T.self, foldsKeys: options.convertsFromSnakeCase) : nil
    }

    /// Decodes a value as `T`, which `root` makes from a decoder pointed at it, from its tape,
    /// recorded by `plan` from `bytes` (which start at `origin`), the value at `node` in its
    /// document. On a miss, or without a plan, the value is decoded from a whole tape of `bytes`
    /// while `T`'s plan learns what is read.
    /// - Returns: the value, and the plan to record the next value of `T` by.
    func decodeValue<T>(
        _ type: T.Type, tape: DecodingTape, recordedBy plan: DecodePlan?, bytes: UnsafeRawBufferPointer,
        origin: TapeDecoder.Origin, at node: CodingPathNode = .root, options: Settings,
        _ root: (TapeDecoder, CodingPathNode) throws -> T
    ) throws -> (T, DecodePlan?) {
        if let plan {
            let session = TapeDecoder.Session(plan: plan, learning: false)
            let decoder = TapeDecoder(tape: tape, input: bytes, origin: origin, options: options, session: session)
            do {
                let value = try root(decoder, node)
                if !session.missed { return (value, plan) }
            } catch {
                if !session.missed { throw error }
            }
        }
        // The whole tape: the one given, or the value's bytes recorded again (with offsets
        // from their first byte).
        var whole = (tape: tape, origin: origin)
        if plan != nil {
            whole.tape = try record(bytes, plan: nil, options: options)
            whole.origin = TapeDecoder.Origin(offset: 0, line: origin.line, lineStart: origin.lineStart - origin.offset)
        }
        // Learning adds to the plan learned so far, not to the one this value was recorded by.
        let folds = options.convertsFromSnakeCase
        let learned = usesPlans(options) ? plans.learningPlan(for: T.self, foldsKeys: folds) : nil
        let session = TapeDecoder.Session(plan: learned, learning: learned != nil)
        let decoder = TapeDecoder(
            tape: whole.tape, input: bytes, origin: whole.origin, options: options, session: session)
        let value = try root(decoder, node)
        if let learned { plans.publish(learned, for: T.self, replacing: plan != nil) }
        return (value, planToRecord(T.self, options))
    }

    /// The tape of a document, by `plan` (`nil`: whole), as ``recordTape(_:plan:options:)``.
    /// - Throws: `DecodingError.dataCorrupted` when the input is not valid JSON.
    func record(_ bytes: UnsafeRawBufferPointer, plan: DecodePlan?, options: Settings) throws -> DecodingTape {
        do {
            return try recordTape(bytes, plan: plan, options: options)
        } catch let error as JSONParseError {
            throw Self.notJSON(error)
        }
    }

    /// The tape of a document, by `plan` (`nil`: whole); on `options.threads` threads, the
    /// elements of a big array near the root (see ``TapeRecordingSpine``).
    /// - Throws: ``JSONParseError`` when the input is not valid JSON.
    private func recordTape(
        _ bytes: UnsafeRawBufferPointer, plan: DecodePlan?, options: Settings
    ) throws -> DecodingTape {
        let recorded = try RecordedDocument.record(bytes, plan: plan, options: options.parse, threads: options.threads)
        elementsRecordedOnThreads.add(recorded.elementsSpliced)
        return recorded.tape
    }

    /// What a parse error is to a decoding: `dataCorrupted` at the root, the parse error
    /// (with its line and column) underneath.
    static func notJSON(_ error: JSONParseError) -> DecodingError {
        let message = "The given data was not valid JSON: \(error)"
        return .dataCorrupted(.init(codingPath: [], debugDescription: message, underlyingError: error))
    }

    /// The settings a decoding reads, copied once.
    var options: Settings { settings.current }
}
