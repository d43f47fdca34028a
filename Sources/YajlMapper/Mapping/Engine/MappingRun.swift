import Foundation

/// The one engine behind every entry point: bytes → events → a sparse tree kept by the
/// plans → models. Already-parsed input is replayed into the same capture as events.
struct MappingRun<Value> {
    /// Whether any problem throws (``MappingError``) rather than being returned.
    let strict: Bool
    /// The caller's context, given to every map.
    let context: MapContext?
    /// Whether writing includes `null` for `nil` properties.
    let shouldIncludeNilValues: Bool
    /// What to keep at the root.
    let rule: (MappingCapture) -> CaptureRule
    /// Builds the value from the captured root.
    let build: (JSON, MappingSession, _ whole: Bool) -> Value?
    /// How many threads build the models of a big document's array (0: every core).
    var jobs = 1
    /// The size from which a document's models are built on several threads (`nil`: 1 MiB).
    var parallelFrom: Int?
    /// Whether the elements of a top-level array of models are built as they close, as an
    /// array of a model's key is (``build`` then takes them from the builder).
    var buildsTopLevelArray = false

    /// A new session; `whole`: objects kept whole, and reads recorded to teach the plans.
    private func session(whole: Bool) -> MappingSession {
        MappingSession(
            strict: strict, context: context, shouldIncludeNilValues: shouldIncludeNilValues,
            capturedWhole: whole, recording: whole)
    }

    /// Maps a document held in memory. A read outside the plans takes that object from the
    /// document parsed again whole, and widens the plans, so conditional mappings are never
    /// silently wrong and run once. (Should an object not be found there, the document is
    /// mapped again, kept whole.) The document is parsed at most twice: problems are located
    /// in the whole tree of the second parse when there was one, which notes where each value
    /// starts, else in a second parse made for that.
    func run(bytes: UnsafeRawBufferPointer, options: JSONParseOptions) throws -> MappingResult<Value> {
        var whole = false
        var result = try attempt(bytes: bytes, options: options, whole: whole)
        if result.session.missed {
            whole = true
            result = try attempt(bytes: bytes, options: options, whole: whole)
            result.session.learnRecordedReads()
        } else if result.session.repaired {
            // Problems are located in the whole document, which has every value read.
            whole = true
            result.session.learnRecordedReads()
        }
        if result.session.problems.contains(where: { $0.location == nil }) {
            // Positions are recorded only when a problem needs one: in the whole tree parsed
            // already, or in the same capture again (same plans, so the same values kept).
            var tree: (root: JSON, offsets: [Int])
            if let parsed = result.whole {
                tree = parsed
            } else {
                let again = try capture(
                    bytes: bytes, options: options, session: session(whole: whole), whole: whole,
                    recordingOffsets: true)
                tree = (again.root, again.offsets)
            }
            var located = Locator(bytes: bytes, base: 0, line: 1, lineStart: result.textStart)
            let indexes = PreorderIndexes(of: tree.root)
            result.session.locateProblems { path in
                let index = indexes.index(of: path)
                return tree.offsets.indices.contains(index) ? located.location(of: tree.offsets[index]) : nil
            }
        }
        result.session.sortProblemsByPosition()
        return try finish(result.value, result.session)
    }

    /// ``run(bytes:options:)`` over a string's UTF-8.
    func run(text: String, options: JSONParseOptions = JSONParseOptions()) throws -> MappingResult<Value> {
        var text = text
        return try text.withUTF8 { try run(bytes: UnsafeRawBufferPointer($0), options: options) }
    }

    /// Maps an already-parsed value by replaying it as events.
    func run(replaying value: JSON) throws -> MappingResult<Value> {
        var capture = MappingCapture(session: session(whole: false), rootRule: .all)
        capture = MappingCapture(session: capture.session, rootRule: rule(capture))
        capture.session.wholeUnit = WholeUnit(value)
        try value.replay(into: &capture)
        var session = capture.session
        var built = build(capture.documents.first ?? .null, session, false)
        session.wholeUnit = nil
        if session.missed {
            session = self.session(whole: true)
            built = build(value, session, true)
            session.learnRecordedReads()
        } else if session.repaired {
            session.learnRecordedReads()
        }
        return try finish(built, session)
    }

    /// One capture and build of the document (every value kept when `whole`, with where each
    /// value starts). `whole` in the result: the document kept whole with those positions, by
    /// this capture or by the repair of an object the plans did not keep all of.
    private func attempt(
        bytes: UnsafeRawBufferPointer, options: JSONParseOptions, whole: Bool
    )
        throws -> (value: Value?, session: MappingSession, whole: (root: JSON, offsets: [Int])?, textStart: Int)
    {
        let session = session(whole: whole)
        let unit =
            whole
            ? nil
            : WholeUnit {
                let unit = try capture(
                    bytes: bytes, options: options, session: self.session(whole: true), whole: true,
                    recordingOffsets: true)
                return (unit.root, unit.offsets)
            }
        session.wholeUnit = unit
        // The whole unit reads `bytes`, valid only during this call.
        defer { session.wholeUnit = nil }
        let (root, offsets, textStart) = try capture(
            bytes: bytes, options: options, session: session, whole: whole, recordingOffsets: whole)
        let built = build(root, session, whole)
        let tree = whole ? (root, offsets) : session.repaired ? unit?.loadedWhole : nil
        return (built, session, tree, textStart)
    }

    /// Parses the document into the tree the plans keep (everything when `whole`), with
    /// the start offset of each kept value in pre-order when asked.
    private func capture(
        bytes: UnsafeRawBufferPointer, options: JSONParseOptions, session: MappingSession,
        whole: Bool, recordingOffsets: Bool
    ) throws -> (root: JSON, offsets: [Int], textStart: Int) {
        var capture = MappingCapture(session: session, rootRule: .all)
        if !whole { capture = MappingCapture(session: session, rootRule: rule(capture)) }
        capture.recordsOffsets = recordingOffsets
        // Arrays of models are built as their elements close, except where the order of
        // mappings could show (a context the mappings share) or the tree must be whole
        // (locating problems in it).
        capture.buildsElements = !whole && !recordingOffsets && context == nil
        capture.buildsTopLevelElements = buildsTopLevelArray
        var single = options
        single.allowMultipleValues = false
        let parser = JSONStreamParser(handler: capture, options: single)
        let threads = capture.buildsElements ? parallelThreads(jobs: jobs) : 1
        if threads > 1, bytes.count > parallelFrom ?? parallelWindowBytes {
            // The elements of the array built as they close, in stretches on the threads (see
            // `BuiltElementsSpine`); the models, problems and first error are the serial ones.
            let reader = ParallelElementReader(
                spine: BuiltElementsSpine(parser: parser), threads: threads, options: single)
            try reader.read(inPlace: bytes)
        } else {
            parser.engine.oneShot = true
            try parser.feed(bytes)
        }
        try parser.finish()
        session.objectsSkipped += parser.engine.objectsSkipped
        session.membersSkipped += parser.engine.skipsMade
        return (parser.handler.documents.first ?? .null, parser.handler.offsets, parser.engine.textStart)
    }

    /// The result with the session's problems; throws them in strict mode.
    private func finish(_ value: Value?, _ session: MappingSession) throws -> MappingResult<Value> {
        let problems = session.takeProblems()
        if strict && !problems.isEmpty { throw MappingError(problems: problems) }
        return MappingResult(
            value: value, problems: problems, objectsSkipped: session.objectsSkipped,
            membersSkipped: session.membersSkipped, elementsFromThreads: session.elementsFromThreads)
    }
}
