/// Writes a model with the map's options.
private func json<T: BaseMappable>(_ model: T, _ map: Map) -> JSON {
    ModelBuilder.write(model, session: map.session)
}

/// Reads or writes a nested model. (Inlinable: the model is built into the caller's memory,
/// so no optional of its type is made in generic code, which costs a run-time type lookup.)
/// Mapped onto an existing object, an object value is mapped onto the model there.
@inlinable
public func <- <T: BaseMappable>(left: inout T, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    if right.toObject, right.mapSelected(onto: &left) { return }
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        if case .built = right.readModel(T.self, required: true, into: buffer.baseAddress!) {
            left = buffer.baseAddress!.move()
        }
    }
}

/// Reads or writes an optional nested model.
@inlinable
public func <- <T: BaseMappable>(left: inout T?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    if right.toObject, left != nil, right.mapSelected(onto: &left!) { return }
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
        switch right.readModel(T.self, required: false, into: buffer.baseAddress!) {
        case .built: left = buffer.baseAddress!.move()
        case .null: left = nil
        case .unchanged: break
        }
    }
}

/// Writes a nested model.
public func >>> <T: BaseMappable>(left: T, right: Map) {
    Optional(left) >>> right
}

/// Writes an optional nested model.
public func >>> <T: BaseMappable>(left: T?, right: Map) {
    if right.mappingType == .toJSON { right.write(left.map { json($0, right) }) }
}

/// Reads or writes an array of models.
public func <- <T: BaseMappable>(left: inout [T], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readModels(T.self, required: true))
}

/// Reads or writes an optional array of models.
public func <- <T: BaseMappable>(left: inout [T]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readModels(T.self, required: false))
}

/// Writes an array of models.
public func >>> <T: BaseMappable>(left: [T], right: Map) {
    Optional(left) >>> right
}

/// Writes an optional array of models.
public func >>> <T: BaseMappable>(left: [T]?, right: Map) {
    if right.mappingType == .toJSON { right.write(left.map { JSON.array($0.map { json($0, right) }) }) }
}

/// Reads or writes a set of models.
public func <- <T: BaseMappable & Hashable>(left: inout Set<T>, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readModels(T.self, required: true).map { $0.map { Set($0) } })
}

/// Reads or writes an optional set of models.
public func <- <T: BaseMappable & Hashable>(left: inout Set<T>?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readModels(T.self, required: false).map { $0.map { Set($0) } })
}

/// Writes a set of models.
public func >>> <T: BaseMappable & Hashable>(left: Set<T>, right: Map) {
    Optional(left) >>> right
}

/// Writes an optional set of models.
public func >>> <T: BaseMappable & Hashable>(left: Set<T>?, right: Map) {
    if right.mappingType == .toJSON { right.write(left.map { JSON.array($0.map { json($0, right) }) }) }
}

/// Reads or writes a dictionary of models. Mapped onto an existing object, each member is
/// mapped onto the model under its key, and models under other keys are kept.
public func <- <T: BaseMappable>(left: inout [String: T], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    if right.toObject, right.mapSelected(onto: &left) { return }
    assign(&left, right.readModelDictionary(T.self, required: true))
}

/// Reads or writes an optional dictionary of models (merged onto an existing one, as above).
public func <- <T: BaseMappable>(left: inout [String: T]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    if right.toObject, left != nil, right.mapSelected(onto: &left!) { return }
    assign(&left, right.readModelDictionary(T.self, required: false))
}

/// Writes a dictionary of models (keys sorted).
public func >>> <T: BaseMappable>(left: [String: T], right: Map) {
    Optional(left) >>> right
}

/// Writes an optional dictionary of models (keys sorted).
public func >>> <T: BaseMappable>(left: [String: T]?, right: Map) {
    guard right.mappingType == .toJSON else { return }
    right.write(left.map { d in .object(JSONObject(d.keys.sorted().map { ($0, json(d[$0]!, right)) })) })
}

/// The models of an array at `step` of a value kept whole (else a failure there), each built
/// at its own index; an element `build` refuses is left out.
private func rowOfModels<T: BaseMappable>(
    _ value: JSON, at step: JSONPath.Component, _ build: (JSON, [JSONPath.Component]) -> T?
) throws -> [T] {
    guard case .array(let elements) = value else {
        throw Map.ElementFailure(
            path: [step], error: .typeMismatch(expected: "[\(T.self)]", found: value.kind), value: value)
    }
    return elements.enumerated().compactMap { j, element in build(element, [step, .index(j)]) }
}

/// Array of arrays of models, from a value kept whole.
private func arraysOfModels<T: BaseMappable>(_ node: JSON, _ build: (JSON, [JSONPath.Component]) -> T?) throws -> [[T]]
{
    guard case .array(let outer) = node else {
        throw JSONConversionError.typeMismatch(expected: "[[\(T.self)]]", found: node.kind)
    }
    return try outer.enumerated().map { i, inner in try rowOfModels(inner, at: .index(i), build) }
}

/// Dictionary of arrays of models, from a value kept whole.
private func dictionaryOfModelArrays<T: BaseMappable>(
    _ node: JSON, _ build: (JSON, [JSONPath.Component]) -> T?
) throws -> [String: [T]] {
    guard case .object(let object) = node else {
        throw JSONConversionError.typeMismatch(expected: "[String: [\(T.self)]]", found: node.kind)
    }
    var result: [String: [T]] = [:]
    for (key, value) in zip(object.keys, object.values) { result[key] = try rowOfModels(value, at: .key(key), build) }
    return result
}

/// Reads or writes an array of arrays of models.
public func <- <T: BaseMappable>(left: inout [[T]], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readModelCollection(T.self, required: true, expected: "[[\(T.self)]]", arraysOfModels))
}

/// Reads or writes an optional array of arrays of models.
public func <- <T: BaseMappable>(left: inout [[T]]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readModelCollection(T.self, required: false, expected: "[[\(T.self)]]", arraysOfModels))
}

/// Writes an array of arrays of models.
public func >>> <T: BaseMappable>(left: [[T]], right: Map) {
    Optional(left) >>> right
}

/// Writes an optional array of arrays of models.
public func >>> <T: BaseMappable>(left: [[T]]?, right: Map) {
    if right.mappingType == .toJSON {
        right.write(left.map { JSON.array($0.map { JSON.array($0.map { json($0, right) }) }) })
    }
}

/// Reads or writes a dictionary of arrays of models.
public func <- <T: BaseMappable>(left: inout [String: [T]], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(
        &left,
        right.readModelCollection(T.self, required: true, expected: "[String: [\(T.self)]]", dictionaryOfModelArrays))
}

/// Reads or writes an optional dictionary of arrays of models.
public func <- <T: BaseMappable>(left: inout [String: [T]]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(
        &left,
        right.readModelCollection(T.self, required: false, expected: "[String: [\(T.self)]]", dictionaryOfModelArrays))
}

/// Writes a dictionary of arrays of models.
public func >>> <T: BaseMappable>(left: [String: [T]], right: Map) {
    Optional(left) >>> right
}

/// Writes an optional dictionary of arrays of models.
public func >>> <T: BaseMappable>(left: [String: [T]]?, right: Map) {
    guard right.mappingType == .toJSON else { return }
    right.write(
        left.map { d in .object(JSONObject(d.keys.sorted().map { k in (k, JSON.array(d[k]!.map { json($0, right) })) }))
        })
}
