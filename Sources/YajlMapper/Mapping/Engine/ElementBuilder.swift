/// Builds the models of one array of models as each element closes in the capture.
///
/// The capture would otherwise make a JSON object per element, keep them in an array
/// until the document ends, and only then hand them to the mapping that reads the array
/// (which builds the models from them and drops the tree). Building each model while its
/// values are the last thing written saves making, walking and freeing those objects, and
/// reads the values while they are still in cache.
///
/// What the mapping reads later is the same: the array's read (`items <- map["items"]`)
/// finds this builder through the placeholder the capture put in its place (see
/// ``MappingSession/register(_:)``) and takes its models. Problems found here have paths
/// relative to the array; the read adopts them under its own path, as it would have
/// reported them. Used only where the order of mappings cannot show: a document held in
/// memory, mapped without a context (see `MappingRun`).
class ElementBuilder {
    /// The elements' model type.
    let info: TypeInfo
    /// The plan the elements were captured with.
    let plan: TypePlan
    /// The session owns its builders (it registers them): not retained.
    unowned(unsafe) let session: MappingSession
    /// The elements seen, built or not.
    fileprivate(set) var count = 0
    /// The elements that could not be built (each has a problem).
    fileprivate(set) var failures = 0
    /// The problems found, with paths relative to the array.
    fileprivate(set) var problems: [MappingProblem] = []
    /// The array's path from the document's root.
    var path: [JSONPath.Component] = []

    /// A builder of `info`'s models captured with `plan`, in `session`.
    init(info: TypeInfo, plan: TypePlan, session: MappingSession) {
        self.info = info
        self.plan = plan
        self.session = session
    }

    /// The builder for `info`'s type.
    static func make(info: TypeInfo, plan: TypePlan, session: MappingSession) -> ElementBuilder {
        func make<T: BaseMappable>(_: T.Type) -> ElementBuilder {
            TypedElementBuilder<T>(info: info, plan: plan, session: session)
        }
        return make(info.metatype)
    }

    /// Builds the next element from a value (an object of another shape than the plan's,
    /// or not an object: the problem is then the element's).
    func add(_ value: JSON) {}

    /// Builds the next element from its members' values, in the order of the plan root's
    /// names; they are valid only during the call. `collapsed`: see
    /// `Map.attach(members:collapsed:)`.
    func add(members: UnsafeBufferPointer<JSON>, collapsed: UInt64) {}

    /// The array has closed.
    func finish() {}

    /// Takes over, as its next elements, the elements another builder of the same type built
    /// (a stretch of this array mapped on another thread), with their problems.
    func append(contentsOf other: ElementBuilder) {}

    /// Adds `other`'s counts and its problems, their element indexes moved past this
    /// builder's elements.
    fileprivate func appendCounts(of other: ElementBuilder) {
        let first = count
        for var problem in other.problems {
            if case .index(let i)? = problem.unitPath.first { problem.unitPath[0] = .index(first + i) }
            problems.append(problem)
        }
        count += other.count
        failures += other.failures
    }

    /// Moves the problems found since `start` out of the session into ``problems``.
    fileprivate func keepProblems(from start: Int) {
        if session.problems.count > start { problems += session.removeProblems(from: start) }
    }
}

/// ``ElementBuilder`` for models of type `T`, built in place in a buffer that becomes the
/// array at the end (appending to `[T]` here, in code not specialised for `T`, would look
/// the array's type up per element).
final class TypedElementBuilder<T: BaseMappable>: ElementBuilder {
    /// The models built since the last stretch taken over (`nil` before the first).
    private var base: UnsafeMutablePointer<T>?
    /// How many models ``base`` has room for.
    private var capacity = 0
    /// How many models ``base`` holds.
    private var built = 0
    /// The models before ``base``'s, in order: this builder's earlier buffers and the
    /// stretches taken over, each kept where it was built until the array is made.
    private var segments: [(base: UnsafeMutablePointer<T>, count: Int)] = []
    /// The previous element's map, reused for the next when nothing else kept it.
    @exclusivity(unchecked) private var spare: Map?
    /// The models, made an array when first read (the array has closed by then).
    var models: [T] {
        if base != nil || !segments.isEmpty { moveIntoArray() }
        return array
    }
    /// The models once moved out of ``base``.
    private var array: [T] = []

    /// Frees the models built and not taken.
    deinit {
        sealBuffer()
        for segment in segments {
            segment.base.deinitialize(count: segment.count)
            segment.base.deallocate()
        }
    }

    /// Room for one more model.
    private func next() -> UnsafeMutablePointer<T> {
        if built == capacity { reserve(built + 1) }
        return base.unsafelyUnwrapped + built
    }

    /// Room for `total` models in ``base``, at least doubling it when it grows.
    private func reserve(_ total: Int) {
        guard total > capacity else { return }
        let grown = max(capacity * 2, total, 16)
        let larger = UnsafeMutablePointer<T>.allocate(capacity: grown)
        if let base {
            larger.moveInitialize(from: base, count: built)
            base.deallocate()
        }
        base = larger
        capacity = grown
    }

    /// Builds the next model from a value (the problem is the element's when it is not one).
    override func add(_ value: JSON) {
        let start = session.problems.count
        settle(
            ModelBuilder.build(
                T.self, from: value, at: [], leaf: .index(count), session: session, whole: false,
                info: info, plan: plan, into: next(), reusing: &spare), problemsFrom: start)
    }

    /// Builds the next model from its members' values, in the plan's order.
    override func add(members: UnsafeBufferPointer<JSON>, collapsed: UInt64) {
        let start = session.problems.count
        let done = ModelBuilder.build(
            T.self, members: members, collapsed: collapsed, leaf: .index(count),
            session: session, info: info, plan: plan, into: next(), reusing: &spare)
        // A map the mapping kept must not view the members once the capture reuses them.
        if spare != nil, !isKnownUniquelyReferenced(&spare!) {
            spare!.detach()
            spare = nil
        }
        settle(done, problemsFrom: start)
    }

    /// Counts the element just built (`done`) or not, and keeps its problems.
    private func settle(_ done: Bool, problemsFrom start: Int) {
        if done { built += 1 } else { failures += 1 }
        count += 1
        keepProblems(from: start)
    }

    /// Moves `other`'s models after this builder's (`other` is a `TypedElementBuilder<T>`).
    /// The models stay in `other`'s buffers, which this builder now owns: they are moved
    /// once, into the array.
    override func append(contentsOf other: ElementBuilder) {
        let other = unsafeDowncast(other, to: TypedElementBuilder<T>.self)
        appendCounts(of: other)
        other.sealBuffer()
        sealBuffer()
        segments += other.segments
        other.segments = []
    }

    /// Ends ``base`` as a segment (or frees it when it is empty); the next model starts a new one.
    private func sealBuffer() {
        guard let base else { return }
        if built > 0 { segments.append((base, built)) } else { base.deallocate() }
        self.base = nil
        (built, capacity) = (0, 0)
    }

    /// Drops the map kept for the next element. The models stay where they are, so that a
    /// stretch's builder hands them to the array's builder without a copy.
    override func finish() { spare = nil }

    /// Moves the models built into ``array``.
    private func moveIntoArray() {
        sealBuffer()
        let count = segments.reduce(0) { $0 + $1.count }
        // No models (every element refused): `[]`, not the initialiser that would write into
        // the shared empty-array storage (see `Map.readModels`).
        if count > 0 {
            array = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                for segment in segments {
                    (buffer.baseAddress! + initialized).moveInitialize(from: segment.base, count: segment.count)
                    initialized += segment.count
                }
            }
        }
        for segment in segments { segment.base.deallocate() }
        segments = []
    }
}
