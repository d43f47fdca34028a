/// Creates models from captured JSON objects: picks the protocol's way to create the
/// instance, then runs its `mapping(map:)`.
enum ModelBuilder {
    /// Builds a model from an object, or `nil` (with a problem recorded) when the value is
    /// not an object or the type refuses it.
    /// - Parameters:
    ///   - path: the object's path from the unit's root, without `leaf` and `leaf2`.
    ///   - leaf: the object's own last step (an array index, or a key), or `nil`.
    ///   - leaf2: the step after `leaf` (a nested model's key inside an array element), or `nil`.
    ///   - whole: the object was captured whole (no plan checks needed below it).
    static func build<T: BaseMappable>(
        _ type: T.Type, from node: JSON, at path: [JSONPath.Component],
        leaf: JSONPath.Component? = nil, leaf2: JSONPath.Component? = nil,
        session: MappingSession, whole: Bool, info known: TypeInfo? = nil,
        plan knownPlan: TypePlan?? = nil
    ) -> T? {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            let address = buffer.baseAddress!
            guard
                build(
                    T.self, from: node, at: path, leaf: leaf, leaf2: leaf2, session: session, whole: whole,
                    info: known, plan: knownPlan, into: address)
            else { return nil }
            return address.move()
        }
    }

    /// ``build(_:from:at:leaf:leaf2:session:whole:info:plan:)`` into uninitialised memory,
    /// which holds the model when this returns `true`. No optional of the model's type is
    /// made on the way: in generic code each costs a run-time type lookup.
    /// - Parameter leaf2: the step after `leaf` (a nested model's key inside an array element), or `nil`.
    static func build<T: BaseMappable>(
        _ type: T.Type, from node: JSON, at path: [JSONPath.Component],
        leaf: JSONPath.Component? = nil, leaf2: JSONPath.Component? = nil,
        session: MappingSession, whole: Bool, info known: TypeInfo? = nil,
        plan knownPlan: TypePlan?? = nil, into address: UnsafeMutablePointer<T>
    ) -> Bool {
        var spare: Map?
        return build(
            T.self, from: node, at: path, leaf: leaf, leaf2: leaf2, session: session, whole: whole,
            info: known, plan: knownPlan, into: address, reusing: &spare)
    }

    /// ``build(_:from:at:leaf:leaf2:session:whole:info:plan:into:)`` for the elements of one
    /// array: `spare` holds the previous element's map, reused when nothing else kept it.
    /// - Parameter leaf2: the step after `leaf` (a nested model's key inside an array element), or `nil`.
    static func build<T: BaseMappable>(
        _ type: T.Type, from node: JSON, at path: [JSONPath.Component],
        leaf: JSONPath.Component? = nil, leaf2: JSONPath.Component? = nil,
        session: MappingSession, whole: Bool, info known: TypeInfo? = nil,
        plan knownPlan: TypePlan?? = nil, into address: UnsafeMutablePointer<T>,
        reusing spare: inout Map?
    ) -> Bool {
        guard case .object = node else {
            session.report(
                .typeMismatch, path: path + [leaf, leaf2].compactMap { $0 }, expected: "\(T.self) (an object)",
                found: node.foundDescription, value: node)
            return false
        }
        let info = known ?? PlanRegistry.shared.info(for: T.self, context: session.context)
        let plan = whole ? nil : knownPlan ?? session.plan(for: info)
        let map: Map
        if leaf2 == nil, spare != nil, isKnownUniquelyReferenced(&spare!), spare!.repairedFrom == nil {
            map = spare!
            map.reuse(for: node, leaf: leaf)
        } else {
            map = Map(
                mappingType: .fromJSON, node: node, session: session, path: path, leaf: leaf, leaf2: leaf2,
                info: info, plan: plan)
            spare = map
        }
        return run(T.self, map: map, info: info, plan: plan, session: session, into: address)
    }

    /// ``build(_:from:at:leaf:leaf2:session:whole:info:plan:into:reusing:)`` for an array
    /// element given as its members' values in the order of `plan`'s root names, as a
    /// capture holds them when the element closes, or as a captured object shaped like the
    /// plan holds them (see `Map.attach(members:collapsed:)`); `path` leads to the array.
    static func build<T: BaseMappable>(
        _ type: T.Type, members: UnsafeBufferPointer<JSON>, collapsed: UInt64,
        at path: [JSONPath.Component] = [], leaf: JSONPath.Component, session: MappingSession, info: TypeInfo,
        plan: TypePlan, into address: UnsafeMutablePointer<T>, reusing spare: inout Map?
    ) -> Bool {
        let map: Map
        if spare != nil, isKnownUniquelyReferenced(&spare!), spare!.repairedFrom == nil {
            map = spare!
            map.reuse(forMembers: members, collapsed: collapsed, leaf: leaf)
        } else {
            map = Map(
                mappingType: .fromJSON, node: .null, session: session, path: path, leaf: leaf, info: info, plan: plan)
            map.attach(members: members, collapsed: collapsed)
            spare = map
        }
        return run(T.self, map: map, info: info, plan: plan, session: session, into: address)
    }

    /// Runs the mapping of one object on its map.
    private static func run<T: BaseMappable>(
        _ type: T.Type, map: Map, info: TypeInfo, plan: TypePlan?,
        session: MappingSession, into address: UnsafeMutablePointer<T>
    ) -> Bool {
        // A type still without a plan learns it from this object.
        let learning = plan == nil && info.plan == nil && !session.recording
        if learning { session.recording = true }
        defer {
            if learning {
                session.recording = false
                session.learnRecordedReads()
            }
        }
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

    /// Creates and fills an instance, as ObjectMapper does for each protocol.
    static func instantiate<T: BaseMappable>(_ type: T.Type, map: Map) -> T? {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            instantiate(T.self, map: map, into: buffer.baseAddress!) ? buffer.baseAddress!.move() : nil
        }
    }

    /// ``instantiate(_:map:)`` into uninitialised memory, which holds the model when this
    /// returns `true`.
    static func instantiate<T: BaseMappable>(_ type: T.Type, map: Map, into address: UnsafeMutablePointer<T>) -> Bool {
        let construction =
            map.info?.construction ?? PlanRegistry.shared.info(for: T.self, context: map.session.context).construction
        switch construction {
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
        let map = Map(mappingType: .toJSON, node: .null, session: session, path: [], info: nil, plan: nil)
        var copy = model
        copy.mapping(map: map)
        return map.output
    }
}
