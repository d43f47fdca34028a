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

/// A transform's input: the selected value as Foundation types (`nil` for `null`).
@usableFromInline
struct SelectedTransformInput {
    @usableFromInline let value: Any?
    @usableFromInline let isNull: Bool

    @usableFromInline
    init(value: Any?, isNull: Bool) {
        self.value = value
        self.isNull = isNull
    }
}

/// The conversions behind every `<-` operator: one place decides what a missing key, a
/// `null` or a mistyped value means, and records it as a problem.
/// The selected value, sorted for assignment.
@usableFromInline
enum Fetched {
    /// The key is absent: leave the property as it is.
    case absent
    /// The value is `null`: `nil` for an optional property.
    case null
    /// A value to convert.
    case value(JSON)
}

extension Map {
    /// A conversion that failed at a position inside the value (an element of an array).
    struct ElementFailure: Error {
        var path: [JSONPath.Component]
        var error: JSONConversionError
        /// The value that failed, when at hand.
        var value: JSON? = nil
        /// The value found, as problems describe it (a number with its text); `nil` to
        /// describe it from `error`.
        var found: String? { value?.found(for: error) }
    }

    /// Reads the selected value with `convert`.
    /// - Parameters:
    ///   - kind: what the capture must have kept for this read.
    ///   - required: the property is not optional: absent or `null` is a problem.
    ///   - expected: the Swift type's name, for problems.
    /// - Returns: `.some(value)` to assign, `.none` to leave the property as it is, or
    ///   `.some(nil)` for an optional property read as `null` or from a value that does not
    ///   convert (a problem is recorded), as ObjectMapper makes it `nil`.
    ///   Inlined: a call from generic code (`[M]` for models `M`) would look up the
    ///   metadata of `T` at run time on every read.
    @inline(__always)
    func read<T>(
        _ kind: ReadKind, required: Bool, expected: @autoclosure () -> String,
        _ convert: (JSON) throws -> T?
    ) -> T?? {
        let node: JSON
        switch fetch(kind, required: required, expected: expected()) {
        case .absent: return .none
        case .null: return required ? .none : .some(nil)
        case .value(let value): node = value
        }
        do {
            guard let value = try convert(node) else { return .none }
            return .some(value)
        } catch let error as JSONConversionError {
            report(error, expected: expected(), node: node)
        } catch let failure as ElementFailure {
            report(failure)
        } catch {
            report(.typeMismatch, expected: expected(), found: node)
        }
        return required ? .none : .some(nil)
    }

    /// The selected value sorted for assignment; a missing or `null` value for a required
    /// property is reported here.
    func fetch(_ kind: ReadKind, required: Bool, expected: @autoclosure () -> String) -> Fetched {
        guard let node = take(kind) else {
            if required && !session.isDryRun { report(.missing, expected: expected(), found: nil) }
            return .absent
        }
        if case .null = node {
            if required { report(.typeMismatch, expected: expected(), found: node) }
            return .null
        }
        return .value(node)
    }

    /// ``fetch(_:required:expected:)`` for a plain value: the basic operators' fast path,
    /// specialised in the caller's module.
    @usableFromInline
    func fetchValue(required: Bool, expected: Any.Type) -> Fetched {
        fetchValue(required: required, expectedName: "\(expected)")
    }

    /// ``fetchValue(required:expected:)`` with the expected type's name as problems give it.
    @usableFromInline
    func fetchValue(required: Bool, expectedName: @autoclosure () -> String) -> Fetched {
        fetch(.value, required: required, expected: expectedName())
    }

    /// Records a failed conversion of the selected value.
    @usableFromInline
    func reportConversion(_ error: any Error, expected: Any.Type) {
        reportConversion(error, expectedName: "\(expected)")
    }

    /// ``reportConversion(_:expected:)`` with the expected type's name as problems give it.
    @usableFromInline
    func reportConversion(_ error: any Error, expectedName: @autoclosure () -> String) {
        if let failure = error as? ElementFailure {
            report(failure)
        } else if let error = error as? JSONConversionError {
            report(error, expected: expectedName(), node: currentNode)
        } else {
            report(.typeMismatch, expected: expectedName(), found: currentNode)
        }
    }

    /// Records a failed conversion of `node`: a mismatched value is described as every
    /// problem describes it (a number with its text), whichever operator read it.
    private func report(_ error: JSONConversionError, expected: String, node: JSON?) {
        if case .typeMismatch = error, let node {
            report(.typeMismatch, expected: expected, found: node)
        } else {
            report(error, expected: expected)
        }
    }

    /// Records a failed conversion inside the selected value, at its element: the path
    /// names the element, and so does the type expected there.
    func report(_ failure: ElementFailure) {
        session.report(
            kindOf(failure.error), path: currentPath + failure.path,
            expected: expectedOf(failure.error), found: failure.found ?? foundOf(failure.error), value: failure.value)
    }

    private func kindOf(_ error: JSONConversionError) -> MappingProblem.Kind {
        switch error {
        case .typeMismatch: return .typeMismatch
        case .numberOutOfRange: return .numberOutOfRange
        case .notAnInteger: return .notAnInteger
        }
    }

    private func expectedOf(_ error: JSONConversionError) -> String {
        switch error {
        case .typeMismatch(let expected, _): return expected
        case .numberOutOfRange(_, let type), .notAnInteger(_, let type): return type
        }
    }

    private func foundOf(_ error: JSONConversionError) -> String {
        switch error {
        case .typeMismatch(_, let found): return found.description
        case .numberOutOfRange(let text, _), .notAnInteger(let text, _): return text
        }
    }

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

    /// The selected value as a transform's input (Foundation types), or `nil` when the key
    /// is absent (a problem for a required property). Not generic, so the inlinable
    /// transform operators specialise in the caller's module without runtime type lookups.
    @usableFromInline
    func transformInput(required: Bool, expected: Any.Type) -> SelectedTransformInput? {
        guard let node = take(.value) else {
            if required && !session.isDryRun { report(.missing, expected: "\(expected)", found: nil) }
            return nil
        }
        return node == .null
            ? SelectedTransformInput(value: nil, isNull: true)
            : SelectedTransformInput(value: node.foundationValue, isNull: false)
    }

    /// Records a value the transform refused.
    @usableFromInline
    func reportTransformFailure(expected: Any.Type) {
        report(.transformFailed, expected: "\(expected)", found: currentNode)
    }

    /// The selected value passed through a transform (as Foundation types). For an absent
    /// key the transform is asked with `nil`, as ObjectMapper's `map.value(_:using:)` does:
    /// a transform that makes a value of nothing (a default) gives it.
    func readTransformed<Transform: TransformType>(_ transform: Transform, required: Bool) -> Transform.Object?? {
        guard let input = transformInput(required: false, expected: Transform.Object.self) else {
            if let made = transform.transformFromJSON(nil) { return .some(made) }
            if required && !session.isDryRun { report(.missing, expected: "\(Transform.Object.self)", found: nil) }
            return .none
        }
        if let value = transform.transformFromJSON(input.value) { return .some(value) }
        if input.isNull && !required { return .some(nil) }
        reportTransformFailure(expected: Transform.Object.self)
        return .none
    }
}
