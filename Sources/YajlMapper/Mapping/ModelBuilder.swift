/// Creates models from the objects of a tape: picks the protocol's way to create the
/// instance, then runs its `mapping(map:)` on a ``Map`` over the object.
enum ModelBuilder {
    /// Builds a model from the value at token `index` of `document`, at `place` in the plan,
    /// or `nil` (with a problem recorded) when the value is not an object or the type refuses it.
    /// - Parameters:
    ///   - path: the object's path from the unit's root, without `leaf`.
    ///   - leaf: the object's own last step (an array index, or a key), or `nil`.
    ///   (The builder into memory also takes `leaf2`, a step after `leaf`.)
    static func build<T: BaseMappable>(
        _ type: T.Type, at index: Int, place: DecodePlan?, in document: MappingDocument,
        path: [JSONPath.Component], leaf: JSONPath.Component? = nil, session: MappingSession
    ) -> T? {
        var spare: Map?
        return build(
            T.self, at: index, place: place, in: document, path: path, leaf: leaf, session: session, reusing: &spare)
    }

    /// ``build(_:at:place:in:path:leaf:session:)`` for one of several values, `spare`
    /// holding the previous one's map, reused when nothing else kept it.
    static func build<T: BaseMappable>(
        _ type: T.Type, at index: Int, place: DecodePlan?, in document: MappingDocument,
        path: [JSONPath.Component], leaf: JSONPath.Component? = nil, session: MappingSession,
        reusing spare: inout Map?
    ) -> T? {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            let address = buffer.baseAddress!
            guard
                build(
                    T.self, at: index, place: place, in: document, path: path, leaf: leaf, session: session,
                    into: address, reusing: &spare)
            else { return nil }
            return address.move()
        }
    }

    /// Builds a model from a value made already (a member of a collection read whole).
    static func build<T: BaseMappable>(
        _ type: T.Type, from value: JSON, path: [JSONPath.Component], leaf: JSONPath.Component? = nil,
        session: MappingSession
    ) -> T? {
        let document = MappingDocument(value: value)
        return build(T.self, at: document.root, place: nil, in: document, path: path, leaf: leaf, session: session)
    }

    /// ``build(_:at:place:in:path:leaf:session:)`` into uninitialised memory, which holds the
    /// model when this returns `true` (no optional of the model's type is made on the way: in
    /// generic code each costs a run-time type lookup). `spare` holds the previous element's
    /// map of the same array, reused when nothing else kept it.
    static func build<T: BaseMappable>(
        _ type: T.Type, at index: Int, place: DecodePlan?, in document: MappingDocument,
        path: [JSONPath.Component], leaf: JSONPath.Component? = nil, leaf2: JSONPath.Component? = nil,
        session: MappingSession, into address: UnsafeMutablePointer<T>, reusing spare: inout Map?
    ) -> Bool {
        guard document.kind(at: index) == .object else {
            session.reportMismatch(
                at: index, in: document, place: place, path: path + [leaf, leaf2].compactMap { $0 },
                expected: "\(T.self) (an object)")
            return false
        }
        if spare != nil, isKnownUniquelyReferenced(&spare!), spare!.document === document, spare!.session === session {
            spare!.reuse(for: index, place: place, path: path, leaf: leaf, leaf2: leaf2)
        } else {
            spare = Map(
                mappingType: .fromJSON, document: document, object: index, place: place, session: session,
                path: path, leaf: leaf, leaf2: leaf2)
        }
        let built = run(T.self, map: spare.unsafelyUnwrapped, session: session, into: address)
        // A map the model kept reads the unit after the run: the unit must keep its input.
        if !isKnownUniquelyReferenced(&spare!) {
            document.hasKeptMap.store(true, ordering: .relaxed)
            spare = nil
        }
        return built
    }

    /// The models of the elements of the array at token `index` (at `place`, the plan's
    /// place of its elements), in order, and how many elements made none (each with a
    /// problem). Elements are named by their index under `path`.
    static func buildElements<T: BaseMappable>(
        _ type: T.Type, ofArrayAt index: Int, place: DecodePlan?, in document: MappingDocument,
        path: [JSONPath.Component], session: MappingSession
    ) -> (models: [T], failures: Int) {
        let count = Int(document.view.pointee.tokens[index].length)
        // (The stdlib's uninitialised-capacity initialiser writes a count into the shared
        // empty-array storage for no elements: a data race that ThreadSanitizer reports.)
        if count == 0 { return ([], 0) }
        if let parallel = ParallelModels(count: count, session: session) {
            return parallel.build(T.self, ofArrayAt: index, place: place, in: document, path: path)
        }
        var failures = 0
        // Built in place: appending one by one would look up `[T]`'s metadata per element.
        let models = [T](unsafeUninitializedCapacity: count) { buffer, built in
            var spare: Map?
            var k = index + 1
            for i in 0..<count {
                if build(
                    T.self, at: k, place: place, in: document, path: path, leaf: .index(i), session: session,
                    into: buffer.baseAddress! + built, reusing: &spare)
                {
                    built += 1
                } else {
                    failures += 1
                }
                k = document.end(ofValueAt: k)
            }
        }
        return (models, failures)
    }

    /// The models of the members of the object at token `index` (at `place`), by key, and
    /// whether any member made none (each with a problem, named by its key under `path`).
    static func buildMembers<T: BaseMappable>(
        _ type: T.Type, ofObjectAt index: Int, place: DecodePlan?, in document: MappingDocument,
        path: [JSONPath.Component], session: MappingSession
    ) -> (models: [String: T], failed: Bool) {
        var models: [String: T] = [:]
        var failed = false
        var spare: Map?
        document.forEachMember(ofObjectAt: index, place: place, session: session) { key, value, member in
            let model = build(
                T.self, at: value, place: member, in: document, path: path, leaf: .key(key), session: session,
                reusing: &spare)
            models[key] = model
            if model == nil { failed = true }
        }
        return (models, failed)
    }

    /// Runs the mapping of one object on its map.
    private static func run<T: BaseMappable>(
        _ type: T.Type, map: Map, session: MappingSession, into address: UnsafeMutablePointer<T>
    ) -> Bool {
        let before = session.problems.count
        guard instantiate(T.self, map: map, into: address) else {
            // Unless the refusal is recorded already: at the model, or (by this model's
            // `init(map:)`, just now) at the key of an error it made, which names the model.
            let last = session.problems.last
            let madeHere = (session.ownRefusal ?? -1) >= before
            if !madeHere
                && (last?.kind != .objectRejected
                    || last?.keyPath != JSONPath(session.basePath.components + map.path).description)
            {
                session.report(.objectRejected, path: map.path, expected: "\(T.self)", found: nil)
            }
            return false
        }
        return true
    }

    /// Creates and fills an instance, as ObjectMapper does for each protocol, in
    /// uninitialised memory, which holds the model when this returns `true`.
    static func instantiate<T: BaseMappable>(_ type: T.Type, map: Map, into address: UnsafeMutablePointer<T>) -> Bool {
        switch map.session.construction(of: T.self) {
        case .instance:
            guard T._instanceForMapping(map, into: UnsafeMutableRawPointer(address)) else {
                map.session.ownRefusal = nil
                return false
            }
            address.pointee.mapping(map: map)
            return true
        case .immutable(let immutable):
            return instantiate(T.self, immutable: immutable, map: map, into: address)
        case .none:
            map.session.ownRefusal = nil
            return false
        }
    }

    /// The ``ImmutableMappable`` case, apart: its cast needs `Optional<T>`, whose run-time
    /// lookup generic code would otherwise pay on entry for every model.
    @inline(never)
    private static func instantiate<T: BaseMappable>(
        _ type: T.Type, immutable: any ImmutableMappable.Type, map: Map,
        into address: UnsafeMutablePointer<T>
    ) -> Bool {
        // Every failure says whether the refusal is recorded by an error this init made.
        map.session.ownRefusal = nil
        do {
            guard var object = try immutable.init(map: map) as? T else {
                map.session.ownRefusal = nil
                return false
            }
            object.mapping(map: map)
            address.initialize(to: object)
            return true
        } catch let error as MappingError where error.madeByCaller {
            map.session.adopt(
                callerError: error, of: T.self, at: map.path, literalKey: error.key.map(map.hasLiteralKey) ?? false)
            map.session.ownRefusal = map.session.problems.count - 1
            return false
        } catch let error as MappingError {
            map.session.ownRefusal = nil
            var problems = error.problems
            // Fields changed before it was thrown again reach the caller as changed.
            if error.edited { problems[0].origin = error.callerFields }
            for problem in problems { map.session.adopt(problem) }
            return false
        } catch {
            map.session.ownRefusal = nil
            map.session.report(
                .objectRejected, path: map.path, expected: "\(T.self)", found: "\(error)",
                callerError: CallerError(error))
            return false
        }
    }

    /// Writes a model to a JSON object with its `mapping(map:)` in the write direction.
    static func write<T: BaseMappable>(_ model: T, session: MappingSession) -> JSON {
        let map = Map(writingIn: session)
        var copy = model
        copy.mapping(map: map)
        return map.output
    }
}

/// How instances of a model type are made, found once per type and session instead of by
/// a cast per object.
enum ModelConstruction {
    /// By the type's `_instanceForMapping` (``Mappable`` or ``StaticMappable``).
    case instance
    /// By ``ImmutableMappable``'s throwing `init(map:)`.
    case immutable(any ImmutableMappable.Type)
    /// Not at all (a ``BaseMappable`` only): its objects are refused.
    case none

    /// How `type`'s instances are made.
    init(_ type: any BaseMappable.Type) {
        if type is any Mappable.Type || type is any StaticMappable.Type {
            self = .instance
        } else if let immutable = type as? any ImmutableMappable.Type {
            self = .immutable(immutable)
        } else {
            self = .none
        }
    }
}
