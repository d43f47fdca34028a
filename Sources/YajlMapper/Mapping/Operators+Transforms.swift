/// Converts a model value to JSON through a transform (`nil` when the transform gives nothing
/// JSON can hold).
private func transformed<Transform: TransformType>(_ value: Transform.Object?, _ transform: Transform) -> JSON? {
    transform.transformToJSON(value).flatMap { JSON(foundation: $0) }
}

/// Reads or writes a value through a transform: `date <- (map["created_at"], ISO8601DateTransform())`.
/// (Inlinable, as `readTransformed` would be: the caller's module specialises it for its types.)
@inlinable
public func <- <Transform: TransformType>(left: inout Transform.Object, right: (Map, Transform)) {
    let (map, transform) = right
    if map.mappingType == .toJSON { return left >>> right }
    guard let input = map.transformInput(required: true, expected: Transform.Object.self) else { return }
    if let value = transform.transformFromJSON(input.value) {
        left = value
    } else {
        map.reportTransformFailure(expected: Transform.Object.self)
    }
}

/// Reads or writes an optional value through a transform: `nil` when the value is `null` or
/// the transform refuses it (a problem is recorded), as in ObjectMapper.
@inlinable
public func <- <Transform: TransformType>(left: inout Transform.Object?, right: (Map, Transform)) {
    let (map, transform) = right
    if map.mappingType == .toJSON { return left >>> right }
    guard let input = map.transformInput(required: false, expected: Transform.Object.self) else { return }
    if let value = transform.transformFromJSON(input.value) {
        left = value
    } else {
        if !input.isNull { map.reportTransformFailure(expected: Transform.Object.self) }
        left = nil
    }
}

/// Writes a value through a transform.
public func >>> <Transform: TransformType>(left: Transform.Object?, right: (Map, Transform)) {
    let (map, transform) = right
    if map.mappingType == .toJSON { map.write(left == nil ? nil : transformed(left, transform)) }
}

/// The value a transform makes of one element, or an error that names what it refused.
private func transformedElement<Transform: TransformType>(
    _ element: JSON, _ transform: Transform
) throws -> Transform.Object {
    guard let value = transform.transformFromJSON(element == .null ? nil : element.foundationValue) else {
        throw JSONConversionError.typeMismatch(expected: "\(Transform.Object.self)", found: element.kind)
    }
    return value
}

/// Reads the selected value with `shape`, which reads each element it keeps through the
/// transform (the collection operators' one way to read).
private func readEach<Transform: TransformType, Read>(
    _ right: (Map, Transform), required: Bool, _ expected: @autoclosure () -> String,
    _ shape: (Map, JSON, (JSON) throws -> Transform.Object) throws -> Read
) -> Read?? {
    let (map, transform) = right
    return map.read(required: required, expected: expected()) {
        try shape(map, $0) { try transformedElement($0, transform) }
    }
}

/// Reads or writes an array through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout [Transform.Object], right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: true, "[\(Transform.Object.self)]") { try $0.keptElements($1, $2) })
}

/// Reads or writes an optional array through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout [Transform.Object]?, right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: false, "[\(Transform.Object.self)]") { try $0.keptElements($1, $2) })
}

/// Writes an array through a transform applied to each element; an element the
/// transform gives nothing JSON can hold for is left out, as in ObjectMapper.
public func >>> <Transform: TransformType>(left: [Transform.Object]?, right: (Map, Transform)) {
    let (map, transform) = right
    guard map.mappingType == .toJSON else { return }
    map.write(left.map { JSON.array($0.compactMap { transformed($0, transform) }) })
}

/// Reads or writes a dictionary through a transform applied to each value.
public func <- <Transform: TransformType>(left: inout [String: Transform.Object], right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: true, "[String: \(Transform.Object.self)]") { try $0.keptMembers($1, $2) })
}

/// Reads or writes an optional dictionary through a transform applied to each value.
public func <- <Transform: TransformType>(left: inout [String: Transform.Object]?, right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: false, "[String: \(Transform.Object.self)]") { try $0.keptMembers($1, $2) })
}

/// Writes a dictionary through a transform applied to each value.
public func >>> <Transform: TransformType>(left: [String: Transform.Object]?, right: (Map, Transform)) {
    let (map, transform) = right
    guard map.mappingType == .toJSON else { return }
    map.write(
        left.map { d in
            .object(JSONObject(d.keys.sorted().compactMap { key in transformed(d[key]!, transform).map { (key, $0) } }))
        })
}

/// Reads or writes a dictionary of arrays through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout [String: [Transform.Object]], right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(
        &left,
        readEach(right, required: true, "[String: [\(Transform.Object.self)]]") { try $0.keptMemberArrays($1, $2) })
}

/// Reads or writes an optional dictionary of arrays through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout [String: [Transform.Object]]?, right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(
        &left,
        readEach(right, required: false, "[String: [\(Transform.Object.self)]]") { try $0.keptMemberArrays($1, $2) })
}

/// Writes a dictionary of arrays through a transform applied to each element.
public func >>> <Transform: TransformType>(left: [String: [Transform.Object]]?, right: (Map, Transform)) {
    let (map, transform) = right
    guard map.mappingType == .toJSON else { return }
    map.write(
        left.map { d in
            .object(
                JSONObject(d.keys.sorted().map { ($0, JSON.array(d[$0]!.compactMap { transformed($0, transform) })) }))
        })
}

/// Writes a set through a transform applied to each element.
public func >>> <Transform: TransformType>(left: Set<Transform.Object>?, right: (Map, Transform))
where Transform.Object: Hashable {
    let (map, transform) = right
    guard map.mappingType == .toJSON else { return }
    map.write(left.map { JSON.array($0.compactMap { transformed($0, transform) }) })
}

/// Reads or writes a set through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout Set<Transform.Object>?, right: (Map, Transform))
where Transform.Object: Hashable {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(
        &left, readEach(right, required: false, "Set<\(Transform.Object.self)>") { Set(try $0.keptElements($1, $2)) })
}

/// Reads or writes a set through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout Set<Transform.Object>, right: (Map, Transform))
where Transform.Object: Hashable {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: true, "Set<\(Transform.Object.self)>") { Set(try $0.keptElements($1, $2)) })
}

/// Reads or writes an array of arrays through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout [[Transform.Object]], right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: true, "[[\(Transform.Object.self)]]") { try $0.keptRows($1, $2) })
}

/// Reads or writes an optional array of arrays through a transform applied to each element.
public func <- <Transform: TransformType>(left: inout [[Transform.Object]]?, right: (Map, Transform)) {
    if right.0.mappingType == .toJSON { return left >>> right }
    assign(&left, readEach(right, required: false, "[[\(Transform.Object.self)]]") { try $0.keptRows($1, $2) })
}

/// Writes an array of arrays through a transform applied to each element.
public func >>> <Transform: TransformType>(left: [[Transform.Object]]?, right: (Map, Transform)) {
    let (map, transform) = right
    guard map.mappingType == .toJSON else { return }
    map.write(left.map { JSON.array($0.map { JSON.array($0.compactMap { transformed($0, transform) }) }) })
}

extension Map {
    /// An array through a transform applied to each element (`ImmutableMappable`).
    /// - Throws: ``MappingError`` when absent, not an array, or an element the transform refuses.
    public func value<Transform: TransformType>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [Transform.Object] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: true, expected: "[\(Transform.Object.self)]") {
                try $0.convertedElements { try transformedElement($0, transform) }
            }
        }!
    }

    /// An array of arrays through a transform applied to each element (`ImmutableMappable`).
    /// - Throws: ``MappingError`` when absent, not an array of arrays, or an element the transform refuses.
    public func value<Transform: TransformType>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [[Transform.Object]] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: true, expected: "[[\(Transform.Object.self)]]") {
                try $0.convertedElements { try $0.convertedElements { try transformedElement($0, transform) } }
            }
        }!
    }

    /// A dictionary through a transform applied to each value (`ImmutableMappable`).
    /// - Throws: ``MappingError`` when absent, not an object, or a value the transform refuses.
    public func value<Transform: TransformType>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [String: Transform.Object] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: true, expected: "[String: \(Transform.Object.self)]") {
                try $0.convertedMembers { try transformedElement($0, transform) }
            }
        }!
    }
}
