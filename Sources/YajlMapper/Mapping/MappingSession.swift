/// The state shared by every ``Map`` of one mapping: options, problems found, whether the
/// plan learns, and whether a read fell outside it.
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

    /// Whether the plan learns what is read: the tape holds the unit whole.
    let learning: Bool
    /// A read of a place the plan does not list: the result is unusable, and the unit is
    /// mapped again from a whole tape, learning.
    @exclusivity(unchecked) private(set) var missed = false

    /// Problems, each with its path from the unit's root for locating it later.
    @exclusivity(unchecked) private(set) var problems: [MappingProblem] = []
    /// How many elements of a big array of models other threads mapped.
    var elementsFromThreads = 0
    /// How many threads map the elements of a big array of models (1: this one only).
    var threads = 1
    /// The elements an array needs before they are mapped on several threads.
    var elementsToSplit = 16

    /// A session with the mapping's options; `learning` when the tape is whole.
    init(strict: Bool, context: MapContext?, shouldIncludeNilValues: Bool = false, learning: Bool = false) {
        self.strict = strict
        self.context = context
        hasContext = context != nil
        self.shouldIncludeNilValues = shouldIncludeNilValues
        self.learning = learning
    }

    /// Makes this session, which does not learn, ready for the next unit of a stream, at
    /// `basePath`: what a mapping leaves in it is cleared.
    func reset(basePath: JSONPath) {
        self.basePath = basePath
        missed = false
        unreadable = nil
        problems.removeAll(keepingCapacity: true)
        ownRefusal = nil
    }

    /// A session with `other`'s options (a stretch of its unit mapped on another thread).
    convenience init(like other: MappingSession) {
        self.init(
            strict: other.strict, context: other.context, shouldIncludeNilValues: other.shouldIncludeNilValues,
            learning: other.learning)
        basePath = other.basePath
        threads = 1
    }

    /// Notes a miss.
    func noteMiss() { missed = true }

    /// The first token read whose text has no UTF-8 form (a lone surrogate escape): the
    /// mapping's error, as the parse's would have been.
    @exclusivity(unchecked) private(set) var unreadable: Int?

    /// Notes a read of a text that has no UTF-8 form.
    func noteUnreadable(_ index: Int) { unreadable = min(unreadable ?? index, index) }

    /// Throws the parse error of the first text read that has none, from `document`.
    func throwUnreadable(in document: MappingDocument) throws {
        if let unreadable, let error = document.tape.problems[unreadable] { throw error }
    }

    /// How each model type met so far is made: a mapping uses a handful of types, so a short
    /// list searched by identity.
    @exclusivity(unchecked) private var constructions: [(type: ObjectIdentifier, way: ModelConstruction)] = []

    /// How `type`'s instances are made.
    @inline(__always)
    func construction<T: BaseMappable>(of type: T.Type) -> ModelConstruction {
        let id = ObjectIdentifier(type)
        for entry in constructions where entry.type == id { return entry.way }
        let way = ModelConstruction(type)
        constructions.append((id, way))
        return way
    }

    /// Reports that the value at token `index` of `document` (at `place`) is not `expected`.
    func reportMismatch(
        at index: Int, in document: MappingDocument, place: DecodePlan? = nil, path: [JSONPath.Component],
        expected: String
    ) {
        let value = index < 0 ? JSON.null : document.json(at: index, place: place, session: self)
        report(.typeMismatch, path: path, expected: expected, found: value.foundDescription, value: value)
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
        let found = MappingError.explanation(reason: error.reason, value: error.storedValue)
        report(.objectRejected, path: path + (key ?? []), expected: "\(type)", found: found)
        problems[problems.count - 1].origin = error.callerFields
    }

    /// Removes and returns the problems recorded since `count` (a throwing read hands them
    /// to its caller, who may catch the error).
    func removeProblems(from count: Int) -> [MappingProblem] {
        defer { problems.removeSubrange(count...) }
        return Array(problems[count...])
    }

    /// Gives each problem its position: the start of the value at its path in `document`
    /// (of its object, for a missing key), then sorts them (``sortProblemsByPosition()``).
    func locateProblems(in document: MappingDocument) {
        guard document.input.baseAddress != nil else { return }
        var locator = document.locator()
        for i in problems.indices where problems[i].location == nil {
            let token = document.deepestToken(at: problems[i].unitPath, from: document.root)
            problems[i].location = document.offset(of: token).flatMap { locator.location(of: $0) }
        }
        sortProblemsByPosition()
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
