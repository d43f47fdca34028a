/// What a model read did with the memory it was given.
@usableFromInline
enum ModelRead {
    /// A model was built there.
    case built
    /// The value is `null`: an optional property becomes `nil`.
    case null
    /// Absent, or, for a non-optional property, not a model (a problem was recorded): the
    /// property keeps its value. (An optional one becomes `nil`, as in ObjectMapper.)
    case unchanged
}

/// Nested models read from the selected value: one, an array, a dictionary, or deeper collections.
extension Map {
    /// The type info of a nested model read: the plan's read already holds it (no registry
    /// lookup, which locks, per object).
    func modelInfo<T: BaseMappable>(_: T.Type) -> TypeInfo {
        if let kind = selectedKind {
            switch kind {
            case .model(let info), .models(let info), .modelValues(let info):
                if info.type == ObjectIdentifier(T.self) { return info }
            case .value:
                break
            }
        }
        return PlanRegistry.shared.info(for: T.self, context: session.context)
    }

    /// Builds a nested model from the selected value.
    func readModel<T: BaseMappable>(_: T.Type, required: Bool) -> T?? {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            switch readModel(T.self, required: required, into: buffer.baseAddress!) {
            case .built: return .some(buffer.baseAddress!.move())
            case .null: return .some(nil)
            case .unchanged: return .none
            }
        }
    }

    /// Builds a nested model from the selected value into uninitialised memory (which holds
    /// it when the result is `.built`): the inlinable model operators call this, so no
    /// optional of the model's type is made in generic code.
    @usableFromInline
    func readModel<T: BaseMappable>(_: T.Type, required: Bool, into address: UnsafeMutablePointer<T>) -> ModelRead {
        let info = modelInfo(T.self)
        let node: JSON
        switch fetch(.model(info), required: required, expected: "\(T.self)") {
        case .absent: return .unchanged
        case .null: return required ? .unchanged : .null
        case .value(let value): node = value
        }
        // A plain key under an array element: the nested map shares this map's path.
        let components = currentComponents
        let built: Bool
        if components.count == 1, leaf != nil, leaf2 == nil {
            built = ModelBuilder.build(
                T.self, from: node, at: parentPath, leaf: leaf, leaf2: .key(components[0]),
                session: session, whole: plan == nil, info: info, into: address)
        } else {
            built = ModelBuilder.build(
                T.self, from: node, at: currentPath, session: session, whole: plan == nil,
                info: info, into: address)
        }
        return built ? .built : required ? .unchanged : .null
    }

    /// In a mapping onto an existing object (`toObject`), maps the selected object onto the
    /// property's model in place: its mapping runs on it and keeps what the JSON does not
    /// give, and a class instance stays the same instance, as in ObjectMapper.
    /// - Returns: `false` (nothing done) when the value is absent or not an object.
    @usableFromInline
    func mapSelected<T: BaseMappable>(onto model: inout T) -> Bool {
        guard toObject, let node = take(.model(modelInfo(T.self))), case .object = node else { return false }
        let nested = Map(
            mappingType: .fromJSON, node: node, session: session, path: currentPath, info: nil,
            plan: nil, toObject: true)
        model.mapping(map: nested)
        return true
    }

    /// Mapping onto an existing object (``toObject``): each member of the selected object is
    /// mapped onto the model under its key, as ``mapSelected(onto:)`` does (the same class
    /// instance, fields the JSON does not give kept); a member with no model there is made;
    /// models under other keys are kept. `false` when there is no object to map.
    func mapSelected<T: BaseMappable>(onto models: inout [String: T]) -> Bool {
        let info = modelInfo(T.self)
        guard toObject, let node = take(.modelValues(info)), case .object(let object) = node else { return false }
        let base = currentPath
        for (key, value) in zip(object.keys, object.values) {
            if models[key] != nil, case .object = value {
                let nested = Map(
                    mappingType: .fromJSON, node: value, session: session, path: base + [.key(key)],
                    info: nil, plan: nil, toObject: true)
                models[key]!.mapping(map: nested)
            } else if let model = ModelBuilder.build(
                T.self, from: value, at: base, leaf: .key(key),
                session: session, whole: true, info: info)
            {
                models[key] = model
            }
        }
        return true
    }

    /// Builds an array of models; elements that fail are dropped, each with a problem.
    /// - Parameter allOrNothing: one element that fails fails the whole read (as
    ///   `ImmutableMappable`'s `map.value` does in ObjectMapper), instead of being dropped.
    func readModels<T: BaseMappable>(_: T.Type, required: Bool, allOrNothing: Bool = false) -> [T]?? {
        let info = modelInfo(T.self)
        return read(.models(info), required: required, expected: "[\(T.self)]") { node in
            guard case .array(var elements) = node else {
                throw JSONConversionError.typeMismatch(expected: "[\(T.self)]", found: node.kind)
            }
            if let builder = session.builtArray(standingFor: elements)
                ?? (plan == nil ? session.builtArray(at: currentPath, of: info) : nil)
            {
                if builder.info === info {
                    // Built as the elements closed: take the models and the problems found.
                    session.adopt(builder.problems, under: currentPath)
                    if allOrNothing && builder.failures > 0 { return nil }
                    return unsafeDowncast(builder, to: TypedElementBuilder<T>.self).models
                }
                // Built as models of another type than this read's: read the array whole.
                guard repair(recording: nil), case .array(let whole)? = currentNode else {
                    session.noteMiss()
                    return nil
                }
                elements = whole
            }
            // (The stdlib's uninitialised-capacity initialiser writes a count into the shared
            // empty-array storage for no elements: a data race that ThreadSanitizer reports.)
            if elements.isEmpty { return [] }
            // (Made here, past the empty case: the path costs an allocation.)
            let base = currentPath
            let whole = plan == nil
            let elementPlan = whole ? nil : session.plan(for: info)
            // Built in place: appending one by one would look up `[T]`'s metadata per element
            // in this generic code.
            // An element shaped like the plan (the usual case) is read from its values in
            // place, as the capture's elements are: no copy of the element per model.
            let names = elementPlan?.root.names.withUnsafeBufferPointer { $0 }
            let models = elements.withUnsafeBufferPointer { source in
                [T](unsafeUninitializedCapacity: source.count) { buffer, built in
                    var spare: Map?
                    for i in source.indices {
                        let done: Bool
                        if let elementPlan, let values = source[i].objectValues(keyedBy: names) {
                            done = ModelBuilder.build(
                                T.self, members: values, collapsed: 0, at: base, leaf: .index(i), session: session,
                                info: info, plan: elementPlan, into: buffer.baseAddress! + built, reusing: &spare)
                            // A map the mapping kept must not view the element after this read.
                            if spare != nil, !isKnownUniquelyReferenced(&spare!) {
                                spare!.detach()
                                spare = nil
                            }
                        } else {
                            done = ModelBuilder.build(
                                T.self, from: source[i], at: base, leaf: .index(i), session: session,
                                whole: whole, info: info, plan: elementPlan,
                                into: buffer.baseAddress! + built, reusing: &spare)
                        }
                        if done { built += 1 }
                    }
                }
            }
            if allOrNothing && models.count < elements.count { return nil }
            return models
        }
    }

    /// Builds a dictionary of models; members that fail are dropped, each with a problem.
    /// - Parameter allOrNothing: one member that fails fails the whole read.
    func readModelDictionary<T: BaseMappable>(_: T.Type, required: Bool, allOrNothing: Bool = false) -> [String: T]?? {
        let info = modelInfo(T.self)
        return read(.modelValues(info), required: required, expected: "[String: \(T.self)]") { node in
            guard case .object(let object) = node else {
                throw JSONConversionError.typeMismatch(expected: "[String: \(T.self)]", found: node.kind)
            }
            let base = currentPath
            let whole = plan == nil
            let memberPlan = whole ? nil : session.plan(for: info)
            var models: [String: T] = [:]
            var failed = false
            for (key, value) in zip(object.keys, object.values) {
                let model = ModelBuilder.build(
                    T.self, from: value, at: base, leaf: .key(key),
                    session: session, whole: whole, info: info, plan: memberPlan)
                models[key] = model
                if model == nil { failed = true }
            }
            if allOrNothing && failed { return nil }
            return models
        }
    }

    /// Builds an array of arrays of models, all or nothing (`ImmutableMappable`): `.none`
    /// when an element cannot be mapped (its problem is recorded).
    func readModelGrid<T: BaseMappable>(_: T.Type, required: Bool) -> [[T]]?? {
        read(.value, required: required, expected: "[[\(T.self)]]") { node -> [[T]]? in
            guard case .array(let outer) = node else {
                throw JSONConversionError.typeMismatch(expected: "[[\(T.self)]]", found: node.kind)
            }
            var grid: [[T]] = []
            for (i, inner) in outer.enumerated() {
                guard case .array(let elements) = inner else {
                    throw ElementFailure(
                        path: [.index(i)], error: .typeMismatch(expected: "[\(T.self)]", found: inner.kind),
                        value: inner)
                }
                var row: [T] = []
                for (j, element) in elements.enumerated() {
                    guard
                        let model = ModelBuilder.build(
                            T.self, from: element, at: currentPath + [.index(i), .index(j)],
                            session: session, whole: true)
                    else { return nil }
                    row.append(model)
                }
                grid.append(row)
            }
            return grid
        }
    }

    /// Builds nested collections of models from a value kept whole.
    func readModelCollection<T: BaseMappable, Result>(
        _: T.Type, required: Bool, expected: String,
        _ shape: (JSON, (JSON, [JSONPath.Component]) -> T?) throws -> Result
    ) -> Result?? {
        read(.value, required: required, expected: expected) { node in
            try shape(node) { element, relative in
                ModelBuilder.build(T.self, from: element, at: currentPath + relative, session: session, whole: true)
            }
        }
    }
}
