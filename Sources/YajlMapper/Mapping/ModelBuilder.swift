/// Creates models from captured JSON objects: picks the protocol's way to create the
/// instance, then runs its `mapping(map:)`.
enum ModelBuilder {
    /// Builds a model from an object, or `nil` (with a problem recorded) when the value is
    /// not an object or the type refuses it.
    /// - Parameters:
    ///   - whole: the object was captured whole (no plan checks needed below it).
    static func build<T: BaseMappable>(_ type: T.Type, from node: JSON, at path: [JSONPath.Component],
                                      leaf: JSONPath.Component? = nil, leaf2: JSONPath.Component? = nil,
                                      session: MappingSession, whole: Bool, info known: TypeInfo? = nil,
                                      plan knownPlan: TypePlan?? = nil) -> T? {
        guard case .object = node else {
            session.report(.typeMismatch, path: path + [leaf, leaf2].compactMap { $0 }, expected: "\(T.self) (an object)",
                           found: node.foundDescription)
            return nil
        }
        let info = known ?? PlanRegistry.shared.info(for: T.self)
        let plan = whole ? nil : knownPlan ?? session.plan(for: info)
        let map = Map(mappingType: .fromJSON, node: node, session: session, path: path, leaf: leaf, leaf2: leaf2,
                      info: info, plan: plan)
        // A type still without a plan learns it from this object.
        let learning = plan == nil && info.plan == nil && !session.recording
        if learning { session.recording = true }
        defer {
            if learning {
                session.recording = false
                session.learnRecordedReads()
            }
        }
        guard let model = instantiate(T.self, map: map) else {
            if session.problems.last?.keyPath != JSONPath(session.basePath.components + map.path).description
                || session.problems.last?.kind != .objectRejected {
                session.report(.objectRejected, path: map.path, expected: "\(T.self)", found: nil)
            }
            return nil
        }
        return model
    }

    /// Creates and fills an instance, as ObjectMapper does for each protocol.
    static func instantiate<T: BaseMappable>(_ type: T.Type, map: Map) -> T? {
        let construction = map.info?.construction ?? PlanRegistry.shared.info(for: T.self).construction
        switch construction {
        case .mappable, .staticMappable:
            guard var object = T._instanceForMapping(map) else { return nil }
            object.mapping(map: map)
            return object
        case .immutable(let immutable):
            do {
                guard var object = try immutable.init(map: map) as? T else { return nil }
                object.mapping(map: map)
                return object
            } catch let error as MappingError {
                for problem in error.problems { map.session.adopt(problem) }
                return nil
            } catch {
                map.session.report(.objectRejected, path: map.path, expected: "\(T.self)", found: "\(error)")
                return nil
            }
        case .none:
            return nil
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

/// Learns a type's reads by mapping an empty object: reads are recorded, nothing is assigned.
enum DryRun {
    static func reads(of type: any BaseMappable.Type, info: TypeInfo) -> [PlanRead]? {
        let session = MappingSession(strict: false, context: nil, capturedWhole: true, recording: true)
        session.isDryRun = true
        let map = Map(mappingType: .fromJSON, node: .object(JSONObject()), session: session, path: [],
                      info: info, plan: nil)
        func run<T: BaseMappable>(_: T.Type) -> Bool { ModelBuilder.instantiate(T.self, map: map) != nil }
        guard run(type) else { return nil }
        return session.recorded[ObjectIdentifier(info)]?.1 ?? []
    }
}
