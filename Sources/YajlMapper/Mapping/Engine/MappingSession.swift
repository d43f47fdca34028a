/// The state shared by every ``Map`` of one mapping: options, problems found, the reads
/// recorded to learn plans, and whether a read fell outside a plan.
@usableFromInline
final class MappingSession {
    /// Whether any problem throws (``MappingError``) rather than being returned.
    let strict: Bool
    /// The caller's context, given to every map.
    let context: MapContext?
    /// `context != nil`, known without copying the existential.
    let hasContext: Bool
    /// Whether writing includes `null` for `nil` properties.
    let shouldIncludeNilValues: Bool
    /// Prefix of every key path, e.g. `items[3]` for a streamed element.
    @exclusivity(unchecked) var basePath: JSONPath = JSONPath([])

    /// Objects were kept whole: every read is satisfied, nothing is a miss.
    @exclusivity(unchecked) var capturedWhole: Bool
    /// A miss: a read outside the plan an object was captured with that no repair could serve.
    /// Set when there was one: the result is unusable, and the unit is mapped again whole.
    @exclusivity(unchecked) private(set) var missed = false

    /// Running a mapping on an empty object to learn its reads: `map.value` returns
    /// placeholders instead of throwing where it can.
    @exclusivity(unchecked) var isDryRun = false
    /// Record reads per type (to learn or widen plans).
    @usableFromInline @exclusivity(unchecked) var recording: Bool
    /// The reads recorded per type, in the order first read.
    @exclusivity(unchecked) private(set) var recorded: [ObjectIdentifier: (TypeInfo, [PlanRead])] = [:]

    /// Problems, each with its path from the unit's root for locating it later.
    @exclusivity(unchecked) private(set) var problems: [MappingProblem] = []
    /// How many objects yajl skipped the rest of, in the parses of this session.
    var objectsSkipped = 0
    /// How many times yajl was moved past members, in the parses of this session.
    var membersSkipped = 0
    /// How many elements of the array being built other threads built.
    var elementsFromThreads = 0
    /// The plan each type was first seen with in this session, after the first few (see
    /// ``plan(for:)``).
    @exclusivity(unchecked) var plans: [ObjectIdentifier: TypePlan?] = [:]

    /// A session with the mapping's options; `capturedWhole` and `recording` as named.
    init(
        strict: Bool, context: MapContext?, shouldIncludeNilValues: Bool = false,
        capturedWhole: Bool = false, recording: Bool = false
    ) {
        self.strict = strict
        self.context = context
        hasContext = context != nil
        self.shouldIncludeNilValues = shouldIncludeNilValues
        self.capturedWhole = capturedWhole
        self.recording = recording
    }

    /// The plan a type's objects are captured and checked with, fixed for the session so
    /// capture and mapping agree even if another thread widens the plan meanwhile.
    func plan(for info: TypeInfo) -> TypePlan? {
        // A mapping uses a handful of types: a short list searched by identity is cheaper
        // than hashing, on every object.
        for entry in recent where entry.info === info { return entry.plan }
        let plan = info.plan
        if recent.count < Self.recentLimit {
            if recent.isEmpty { recent.reserveCapacity(Self.recentLimit) }
            recent.append((info, plan))
            return plan
        }
        let id = ObjectIdentifier(info)
        if let known = plans[id] { return known }
        plans[id] = plan
        return plan
    }
    /// The first types seen, with their plans (the table holds the rest): most mappings
    /// use a few types, and a session is made per document, so no table is built then.
    @exclusivity(unchecked) private var recent: [(info: TypeInfo, plan: TypePlan?)] = []
    /// How many types ``recent`` holds.
    private static let recentLimit = 8

    /// Fixes the plans `other` has fixed so far, so that a stretch of its document read with
    /// this session is captured and mapped with them.
    func usePlans(of other: MappingSession) {
        recent = other.recent
        plans = other.plans
    }

    /// Notes a miss: a read outside the plan that no repair could serve.
    func noteMiss() { missed = true }

    // MARK: Reads outside the plan

    /// The whole unit (the unit parsed again, every value kept), for a map whose object was
    /// captured without a key its mapping reads (see `Map.repair(recording:)`): the mapping
    /// goes on reading the whole object, so it runs once. `nil` where the unit cannot be read
    /// again: a miss then maps it again.
    @exclusivity(unchecked) var wholeUnit: WholeUnit?
    /// The path of the array whose elements are being built as they close (see
    /// ``ElementBuilder``), while it is open: the maps of its elements, the only ones
    /// mapped then, have paths relative to it.
    @exclusivity(unchecked) var elementsPath: [JSONPath.Component] = []
    /// Whether there was a repair: a map read its object whole from ``wholeUnit``. Its problems
    /// must be located in the whole unit, and the reads it added teach the plans.
    @exclusivity(unchecked) private(set) var repaired = false

    /// The whole value at a map's `path`, or `nil` when there is none to take (the miss is
    /// then noted).
    func wholeValue(at path: [JSONPath.Component]) -> JSON? {
        guard let value = wholeUnit?.value(at: elementsPath + path) else {
            noteMiss()
            return nil
        }
        repaired = true
        return value
    }

    /// Starts the next streamed element with a clean slate.
    func resetMiss() {
        missed = false
        repaired = false
    }

    /// Records a read of `info`'s mapping, once.
    func record(_ read: PlanRead, for info: TypeInfo) {
        let id = ObjectIdentifier(info)
        if var entry = recorded[id] {
            if !entry.1.contains(read) {
                entry.1.append(read)
                recorded[id] = entry
            }
        } else {
            recorded[id] = (info, [read])
        }
    }

    /// Teaches every type the reads recorded for it.
    func learnRecordedReads() {
        for (info, reads) in recorded.values { info.learn(reads) }
    }

    /// Records a problem at `path` from the unit's root.
    func report(
        _ kind: MappingProblem.Kind, path: [JSONPath.Component], expected: String, found: String?,
        value: YajlMapper.JSON? = nil, callerError: CallerError? = nil
    ) {
        let full = JSONPath(basePath.components + path)
        var problem = MappingProblem(kind: kind, keyPath: full.description, expected: expected, found: found)
        problem.unitPath = path
        problem.foundValue = value
        problem.callerError = callerError
        problems.append(problem)
    }

    /// Set by each failed instantiation of a model: the index of the problem made from a
    /// `MapError` its own `init(map:)` threw (which names the model), or `nil`. Read right
    /// after that instantiation, so nested models' values are overwritten by then.
    var ownRefusal: Int?

    /// Records a problem made elsewhere, as it is.
    func adopt(_ problem: MappingProblem) {
        problems.append(problem)
    }

    /// Records an error that the `init(map:)` of a model at `path` made itself and threw
    /// (`MapError(key:currentValue:reason:)`): one problem at its key under that model, which
    /// gives the error's fields back, as made, to the error that reaches the caller.
    /// `literalKey`: the model's object has the key as one member (read with `nested: false`),
    /// rather than a dotted path.
    func adopt(callerError error: MappingError, of type: Any.Type, at path: [JSONPath.Component], literalKey: Bool) {
        let key = error.key.map { key in
            literalKey
                ? [JSONPath.Component.key(key)]
                : key.split(separator: ".", omittingEmptySubsequences: false).map { JSONPath.Component.key(String($0)) }
        }
        let unitPath = path + (key ?? [])
        var problem = MappingProblem(
            kind: .objectRejected, keyPath: JSONPath(basePath.components + unitPath).description,
            expected: "\(type)",
            found: MappingError.explanation(reason: error.reason, value: error.storedValue))
        problem.unitPath = unitPath
        problem.origin = error.callerFields
        problems.append(problem)
    }

    /// Removes and returns the problems recorded since `count` (a throwing read hands them
    /// to its caller, who may catch the error).
    func removeProblems(from count: Int) -> [MappingProblem] {
        defer { problems.removeSubrange(count...) }
        return Array(problems[count...])
    }

    /// Gives each problem its position, found from its path in the captured unit.
    func locateProblems(_ locate: ([JSONPath.Component]) -> JSONLocation?) {
        for i in problems.indices where problems[i].location == nil {
            problems[i].location = locate(problems[i].unitPath)
        }
    }

    /// Puts located problems in document order (a mapping reads keys in its own order).
    /// A missing key has no position of its own (it is located at its object) and an object
    /// refused because of problems inside it is a consequence: both come after the located
    /// problems inside that object, in the order the mapping found them.
    func sortProblemsByPosition() {
        // The latest located problem inside each path (a path and everything below it), over
        // the problems that may come before a consequence: for a refused object, all but
        // other refusals; for a missing key, those that are not missing keys either. Made in
        // one pass, so a page with a problem in every element sorts in linear time.
        var latest: [[JSONPath.Component]: Int] = [:]
        var latestNotMissing: [[JSONPath.Component]: Int] = [:]
        for other in problems where other.kind != .objectRejected || other.origin != nil {
            guard let offset = other.location?.offset else { continue }
            for length in 0...other.unitPath.count {
                let scope = Array(other.unitPath[..<length])
                latest[scope] = max(latest[scope] ?? offset, offset)
                if other.kind != .missing { latestNotMissing[scope] = max(latestNotMissing[scope] ?? offset, offset) }
            }
        }
        func position(_ problem: MappingProblem) -> (Int, Int) {
            let own = problem.location?.offset ?? .max
            let inside: Int?
            // An error a mapping made itself is located at its key's value, like a read's.
            switch problem.kind {
            case .missing: inside = latestNotMissing[Array(problem.unitPath.dropLast())]
            case .objectRejected where problem.origin == nil: inside = latest[problem.unitPath]
            default: return (own, 0)
            }
            return (max(inside ?? own, own == .max ? 0 : own), 1)
        }
        problems = problems.enumerated().map { ($0, $1, position($1)) }.sorted { a, b in
            a.2 != b.2 ? a.2 < b.2 : a.0 < b.0
        }.map(\.1)
    }

    /// Adopts problems found with paths relative to `prefix` (an array's elements, built
    /// as they closed: see ``ElementBuilder``).
    func adopt(_ found: [MappingProblem], under prefix: [JSONPath.Component]) {
        for var problem in found {
            problem.unitPath = prefix + problem.unitPath
            problem.keyPath = JSONPath(basePath.components + problem.unitPath).description
            problems.append(problem)
        }
    }

    /// The arrays of models built while captured, each with the placeholder array that
    /// stands for it in the captured tree (held here, so its storage's address stays its own).
    @exclusivity(unchecked) private var builtArrays: [(placeholder: [JSON], builder: ElementBuilder)] = []

    /// Registers an array built while captured; returns the placeholder to put in its place.
    func register(_ builder: ElementBuilder) -> JSON {
        // A fresh one-element array: its storage is the key (a literal could be shared).
        var placeholder: [JSON] = []
        placeholder.reserveCapacity(1)
        placeholder.append(.null)
        builtArrays.append((placeholder, builder))
        return .array(placeholder)
    }

    /// The builder of the array that `elements` stands in for, if it is such a placeholder.
    func builtArray(standingFor elements: [JSON]) -> ElementBuilder? {
        guard !builtArrays.isEmpty, elements.count == 1 else { return nil }
        let address = elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        for entry in builtArrays
        where entry.placeholder.withUnsafeBufferPointer({ UnsafeRawPointer($0.baseAddress) }) == address {
            return entry.builder
        }
        return nil
    }

    /// The builder of the array of `info`'s models at `path` from the document's root, for a
    /// map that reads the array in the whole document after a repair: its elements were
    /// built (and their mappings run) as they closed, so they are not built again.
    /// (`path` is a map's: relative to the array being built, when there is one; a number
    /// in a key path names the same element as an index.)
    func builtArray(at path: [JSONPath.Component], of info: TypeInfo) -> ElementBuilder? {
        guard repaired, !builtArrays.isEmpty else { return nil }
        let full = elementsPath + path
        func same(_ a: JSONPath.Component, _ b: JSONPath.Component) -> Bool {
            switch (a, b) {
            case (.key(let key), .index(let i)), (.index(let i), .key(let key)): return key == String(i)
            default: return a == b
            }
        }
        return builtArrays.first { entry in
            entry.builder.info === info && entry.builder.path.count == full.count
                && zip(entry.builder.path, full).allSatisfy(same)
        }?.builder
    }

    /// Moves the problems out (for the next unit of a stream).
    func takeProblems() -> [MappingProblem] {
        defer { problems.removeAll() }
        return problems
    }
}

extension JSON {
    /// How a value reads in a problem: its kind, or a number's text.
    var foundDescription: String {
        switch self {
        case .number(let n): return "number \(n.text)"
        case .string: return "string"
        default: return kind.description
        }
    }
}
