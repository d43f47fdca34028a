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

/// The selected value sorted for a read of models, found on the tape without making it a
/// ``YajlMapper/JSON`` value.
enum FetchedToken {
    /// The key is absent: leave the property as it is.
    case absent
    /// The value is `null`: `nil` for an optional property.
    case null
    /// The value's token and place.
    case token(Int, DecodePlan?)
}

/// Nested models read from the selected value: one, an array, a dictionary, or deeper collections.
extension Map {
    /// ``fetch(required:expected:)`` for a read of models; with `container`, a value of
    /// another kind is a mismatch (reported), read as `null` is.
    func fetchToken(
        required: Bool, expected: @autoclosure () -> String, container: DecodingTape.Kind? = nil
    ) -> FetchedToken {
        guard selectedToken >= 0 else {
            if required { report(.missing, expected: expected(), found: nil) }
            return .absent
        }
        let kind = document.kind(at: selectedToken)
        if kind == .null {
            if required { report(.typeMismatch, expected: expected(), found: .null) }
            return .null
        }
        if let container, kind != container {
            report(.typeMismatch, expected: expected(), found: currentNode)
            return .null
        }
        return .token(selectedToken, selectedPlace)
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
        switch fetchToken(required: required, expected: "\(T.self)") {
        case .absent: return .unchanged
        case .null: return required ? .unchanged : .null
        case .token(let index, let place):
            // A key of an array's element: the nested map shares this map's path.
            let key = keyIsNested || leaf == nil || leaf2 != nil ? nil : currentKey
            // The spare map of the selection being read (see ``nestedSpares``).
            let slot = min(max(selections &- 1, 0), Self.nestedSpareLimit - 1)
            if slot >= nestedSpares.count { nestedSpares += repeatElement(nil, count: slot + 1 - nestedSpares.count) }
            let built = ModelBuilder.build(
                T.self, at: index, place: place, in: document, path: key == nil ? currentPath : parentPath,
                leaf: key == nil ? nil : leaf, leaf2: key.map { .key($0) }, session: session, into: address,
                reusing: &nestedSpares[slot])
            return built ? .built : required ? .unchanged : .null
        }
    }

    /// In a mapping onto an existing object (`toObject`), maps the selected object onto the
    /// property's model in place: its mapping runs on it and keeps what the JSON does not
    /// give, and a class instance stays the same instance, as in ObjectMapper.
    /// - Returns: `false` (nothing done) when the value is absent or not an object.
    @usableFromInline
    func mapSelected<T: BaseMappable>(onto model: inout T) -> Bool {
        guard toObject, selectedToken >= 0, document.kind(at: selectedToken) == .object else { return false }
        let nested = Map(
            mappingType: .fromJSON, document: document, object: selectedToken, place: selectedPlace,
            session: session, path: currentPath, toObject: true)
        model.mapping(map: nested)
        return true
    }

    /// Mapping onto an existing object (``toObject``): each member of the selected object is
    /// mapped onto the model under its key, as ``mapSelected(onto:)`` does (the same class
    /// instance, fields the JSON does not give kept); a member with no model there is made;
    /// models under other keys are kept. `false` when there is no object to map.
    func mapSelected<T: BaseMappable>(onto models: inout [String: T]) -> Bool {
        guard toObject, selectedToken >= 0, document.kind(at: selectedToken) == .object else { return false }
        let base = currentPath
        document.forEachMember(ofObjectAt: selectedToken, place: selectedPlace, session: session) { key, value, place in
            if models[key] != nil, document.kind(at: value) == .object {
                let nested = Map(
                    mappingType: .fromJSON, document: document, object: value, place: place, session: session,
                    path: base + [.key(key)], toObject: true)
                models[key]!.mapping(map: nested)
            } else if let model = ModelBuilder.build(
                T.self, at: value, place: place, in: document, path: base, leaf: .key(key), session: session)
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
        switch fetchToken(required: required, expected: "[\(T.self)]", container: .array) {
        case .absent: return .none
        case .null: return required ? .none : .some(nil)
        case .token(let index, let place):
            let (models, failures) = ModelBuilder.buildElements(
                T.self, ofArrayAt: index, place: place?.elementPlace(learning: session.learning), in: document,
                path: currentPath, session: session)
            return allOrNothing && failures > 0 ? .none : .some(models)
        }
    }

    /// Builds a dictionary of models; members that fail are dropped, each with a problem.
    /// - Parameter allOrNothing: one member that fails fails the whole read.
    func readModelDictionary<T: BaseMappable>(_: T.Type, required: Bool, allOrNothing: Bool = false) -> [String: T]?? {
        switch fetchToken(required: required, expected: "[String: \(T.self)]", container: .object) {
        case .absent: return .none
        case .null: return required ? .none : .some(nil)
        case .token(let index, let place):
            let (models, failed) = ModelBuilder.buildMembers(
                T.self, ofObjectAt: index, place: place, in: document, path: currentPath, session: session)
            return allOrNothing && failed ? .none : .some(models)
        }
    }

    /// Builds an array of arrays of models, all or nothing (`ImmutableMappable`): `.none`
    /// when an element cannot be mapped (its problem is recorded).
    func readModelGrid<T: BaseMappable>(_: T.Type, required: Bool) -> [[T]]?? {
        read(required: required, expected: "[[\(T.self)]]") { node -> [[T]]? in
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
                            T.self, from: element, path: currentPath + [.index(i), .index(j)], session: session)
                    else { return nil }
                    row.append(model)
                }
                grid.append(row)
            }
            return grid
        }
    }

    /// Builds nested collections of models from a value read whole.
    func readModelCollection<T: BaseMappable, Result>(
        _: T.Type, required: Bool, expected: String,
        _ shape: (JSON, (JSON, [JSONPath.Component]) -> T?) throws -> Result
    ) -> Result?? {
        read(required: required, expected: expected) { node in
            try shape(node) { element, relative in
                ModelBuilder.build(T.self, from: element, path: currentPath + relative, session: session)
            }
        }
    }
}
