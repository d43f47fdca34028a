import Foundation

/// The one path from bytes to models: the document is recorded into a tape by the plan of
/// its root's shape, then the mapping runs over the tape. A read the plan does not list is a
/// miss: the document is recorded again whole and mapped again while the plan learns. So a
/// document is parsed at most twice, no model code runs while yajl parses, and problems are
/// located from the tape's offsets.
struct MappingRun<Value> {
    /// Whether any problem throws (``MappingError``) rather than being returned.
    let strict: Bool
    /// The caller's context, given to every map.
    let context: MapContext?
    /// Whether writing includes `null` for `nil` properties.
    let shouldIncludeNilValues: Bool
    /// The shape of the root, which names the plan in ``PlanRegistry/shared`` (`N` for an
    /// object of models, `[N]` for an array of them, ...).
    let root: Any.Type
    /// Builds the value from the unit's root token and its place, in a session.
    let build: (MappingDocument, DecodePlan?, MappingSession) -> Value?
    /// Where the plans are learned and kept.
    var registry = PlanRegistry.shared
    /// How many threads map the elements of a big document's array of models (0: every core).
    var jobs = 1
    /// The size from which a document's models are mapped on several threads (`nil`: 1 MiB).
    var parallelFrom: Int?

    /// Whether plans are used (`YAJLMAPPER_NO_SKIP` turns them off, as the skip).
    private var plans: PlanRegistry? { PlanRegistry.enabled ? registry : nil }

    /// A session with the run's options.
    private func session(learning: Bool, threads: Int) -> MappingSession {
        let session = MappingSession(
            strict: strict, context: context, shouldIncludeNilValues: shouldIncludeNilValues, learning: learning)
        session.threads = learning ? 1 : threads
        if let parallelFrom, parallelFrom < parallelWindowBytes { session.elementsToSplit = 2 * threads }
        return session
    }

    /// Maps a document held in memory.
    func run(bytes: UnsafeRawBufferPointer, options: JSONParseOptions) throws -> MappingResult<Value> {
        let single = options.allowingMultipleValues(false)
        let threads = bytes.count >= (parallelFrom ?? parallelWindowBytes) ? parallelThreads(jobs: jobs) : 1
        let known = plans?.plan(for: root, foldsKeys: false)
        var skipped = (objects: 0, members: 0)
        if let known {
            let recorded = try RecordedDocument.record(bytes, plan: known, options: single, threads: threads)
            skipped = (recorded.objectsSkipped, recorded.membersSkipped)
            let document = MappingDocument(
                tape: recorded.tape, input: bytes, origin: TapeDecoder.Origin(lineStart: recorded.textStart))
            let session = session(learning: false, threads: threads)
            let value = build(document, known, session)
            if !session.missed { return try finish(value, session, document, skipped: skipped) }
        }
        let recorded = try RecordedDocument.record(bytes, plan: nil, options: single, threads: threads)
        skipped.objects += recorded.objectsSkipped
        skipped.members += recorded.membersSkipped
        let document = MappingDocument(
            tape: recorded.tape, input: bytes, origin: TapeDecoder.Origin(lineStart: recorded.textStart))
        let (value, session) = mapLearning(document, threads: threads, replacing: known != nil)
        return try finish(value, session, document, skipped: skipped)
    }

    /// ``run(bytes:options:)`` over a string's UTF-8.
    func run(text: String, options: JSONParseOptions = JSONParseOptions()) throws -> MappingResult<Value> {
        var text = text
        return try text.withUTF8 { try run(bytes: UnsafeRawBufferPointer($0), options: options) }
    }

    /// Maps an already-parsed value, held whole on a tape of its own.
    func run(replaying value: JSON) throws -> MappingResult<Value> {
        let document = MappingDocument(value: value)
        let session = session(learning: false, threads: 1)
        return try finish(build(document, nil, session), session, document, skipped: (0, 0))
    }

    /// Mapping a unit recorded already (a streamed element): by `plan` when the tape was
    /// recorded by it, else (or after a miss, with the unit's bytes recorded again whole)
    /// learning. Problems are located in the unit's input.
    /// - Returns: the value, its problems, and the plan to record the next unit by.
    /// - Parameter planned: a session to map by the plan in, reused from the stream's last unit.
    func run(
        recorded document: MappingDocument, by plan: DecodePlan?, options: JSONParseOptions, basePath: JSONPath,
        planned: MappingSession? = nil
    ) throws -> (value: Value?, session: MappingSession, next: DecodePlan?) {
        if let plan {
            let session = planned ?? session(learning: false, threads: 1)
            session.reset(basePath: basePath)
            let value = build(document, plan, session)
            if !session.missed {
                try Self.settle(session, document)
                return (value, session, plan)
            }
        }
        var whole = document
        if plan != nil {
            // The unit's own bytes recorded again whole, at their offset in the input.
            let recorded = try RecordedDocument.record(
                document.input, plan: nil, options: options, threads: 1, at: document.origin.offset)
            whole = MappingDocument(tape: recorded.tape, input: document.input, origin: document.origin)
        }
        let (value, session) = mapLearning(whole, threads: 1, basePath: basePath, replacing: plan != nil)
        try Self.settle(session, whole)
        return (value, session, latestPlan)
    }

    /// Maps a unit recorded whole, learning the plan when it may (`replacing`: one was
    /// published already, which missed).
    private func mapLearning(
        _ document: MappingDocument, threads: Int, basePath: JSONPath = JSONPath([]), replacing: Bool
    ) -> (Value?, MappingSession) {
        let learned = plans?.learningPlan(for: root, foldsKeys: false)
        let session = session(learning: learned != nil, threads: threads)
        session.basePath = basePath
        let value = build(document, learned, session)
        if let learned { plans?.publish(learned, for: root, replacing: replacing) }
        return (value, session)
    }

    /// The plan learned so far (another unit may have published one since this one was
    /// recorded): a unit that learns adds to it, and a stream records its first unit by it.
    var latestPlan: DecodePlan? { plans?.plan(for: root, foldsKeys: false) }

    /// Ends the mapping's hold on `document`: when a model kept a map of it, the input is
    /// copied, as the caller's bytes are gone once the run returns.
    private static func release(_ document: MappingDocument) {
        if document.hasKeptMap.load(ordering: .relaxed) { document.keepInput() }
    }

    /// Settles a unit's mapping: its input kept for a map that outlives it, a text it could
    /// not read thrown, its problems located.
    private static func settle(_ session: MappingSession, _ document: MappingDocument) throws {
        release(document)
        try session.throwUnreadable(in: document)
        session.locateProblems(in: document)
    }

    /// The result with the session's problems, located in `document`; throws them in strict mode.
    private func finish(
        _ value: Value?, _ session: MappingSession, _ document: MappingDocument, skipped: (objects: Int, members: Int)
    ) throws -> MappingResult<Value> {
        try Self.settle(session, document)
        let problems = session.takeProblems()
        if strict && !problems.isEmpty { throw MappingError(problems: problems) }
        return MappingResult(
            value: value, problems: problems, objectsSkipped: skipped.objects,
            membersSkipped: skipped.members, elementsFromThreads: session.elementsFromThreads)
    }
}
