/// Builds the models of one array of model objects while the document is parsed: each
/// element is mapped when it closes, from its members still on the capture's stack, so it
/// never becomes a `JSON` object (no array of members, no object, nothing to free later).
///
/// Used for an array that is a member of the document's root object (a search page's
/// `items`) when the document is in memory; `Map.readModels` then takes the models. Made
/// per array by the element type's ``TypeInfo``.
class ElementCollector {
    /// Maps the next element from the members of a captured object of its plan's shape
    /// (every listed key, in the plan's order; `keys` are the plan root's names).
    func build(slots: UnsafeBufferPointer<JSON>, keys: UnsafeBufferPointer<String>) {}

    /// Maps the next element from a value: an object of another shape, or not an object
    /// (then a problem, as for any array of models).
    func build(value: JSON) {}
}

final class TypedElementCollector<T: BaseMappable>: ElementCollector {
    private let session: MappingSession
    private let info: TypeInfo
    private let plan: TypePlan
    /// The array's path (`items`); each element's is this and its index.
    private let base: [JSONPath.Component]
    private var buffer: UnsafeMutablePointer<T>
    private var capacity = 16
    /// Models built so far, and elements seen (a failed element is dropped with a problem).
    private var built = 0
    private var seen = 0
    private var spare: Map?
    private var taken: [T]?
    /// Problems found in the elements, kept apart until the array is read: they belong to
    /// that read (an `ImmutableMappable`'s `map.value` throws them), and to no one if the
    /// mapping never reads the array.
    private var problems: [MappingProblem] = []

    init(session: MappingSession, info: TypeInfo, plan: TypePlan, key: String) {
        self.session = session
        self.info = info
        self.plan = plan
        base = [.key(key)]
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deinitialize(count: built)
        buffer.deallocate()
    }

    /// The memory for the next model.
    private func next() -> UnsafeMutablePointer<T> {
        if built == capacity {
            let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: buffer, count: built)
            buffer.deallocate()
            buffer = larger
            capacity *= 2
        }
        return buffer + built
    }

    override func build(slots: UnsafeBufferPointer<JSON>, keys: UnsafeBufferPointer<String>) {
        let leaf = JSONPath.Component.index(seen)
        seen += 1
        let map: Map
        if spare != nil, isKnownUniquelyReferenced(&spare!) {
            map = spare!
        } else {
            map = Map(mappingType: .fromJSON, node: .null, session: session, path: base, leaf: leaf,
                      info: info, plan: plan)
            spare = map
        }
        map.reuse(slots: slots, keys: keys, leaf: leaf)
        let before = session.problems.count
        if ModelBuilder.fill(T.self, map: map, into: next()) { built += 1 }
        keepProblems(from: before)
    }

    private func keepProblems(from start: Int) {
        if session.problems.count > start { problems += session.removeProblems(from: start) }
    }

    override func build(value: JSON) {
        let leaf = JSONPath.Component.index(seen)
        seen += 1
        let before = session.problems.count
        if ModelBuilder.build(T.self, from: value, at: base, leaf: leaf, session: session, whole: false, info: info,
                              plan: plan, into: next(), reusing: &spare) {
            built += 1
        }
        keepProblems(from: before)
    }

    /// Elements that gave no model.
    var failures: Int { seen - built }

    /// The models, in order (the same array each time); the elements' problems are
    /// reported to the session the first time.
    func models() -> [T] {
        if let taken { return taken }
        for problem in problems { session.adopt(problem) }
        problems = []
        let count = built
        let models = [T](unsafeUninitializedCapacity: count) { target, initialized in
            target.baseAddress!.moveInitialize(from: buffer, count: count)
            initialized = count
        }
        built = 0
        seen -= count
        taken = models
        return models
    }
}

extension TypeInfo {
    /// The maker of a type's collectors, with the type opened from its existential.
    static func collectorMaker<T: BaseMappable>(for _: T.Type)
        -> @Sendable (TypeInfo, MappingSession, TypePlan, String) -> ElementCollector
    {
        { info, session, plan, key in TypedElementCollector<T>(session: session, info: info, plan: plan, key: key) }
    }
}
