/// Converts a raw value to an enum case; an unknown raw value is a type mismatch.
@inlinable
func enumCase<T: RawRepresentable>(_ node: JSON) throws -> T where T.RawValue: JSONRawValue {
    guard let value = T(rawValue: try T.RawValue.fromJSON(node)) else {
        throw JSONConversionError.typeMismatch(expected: "\(T.self)", found: node.kind)
    }
    return value
}

/// The enum case for the selected value's raw value; a problem (and `nil`) when the raw
/// value is of the wrong kind or names no case.
@inlinable
func enumCase<T: RawRepresentable>(_ node: JSON, at map: Map) -> T? where T.RawValue: JSONRawValue {
    do {
        return try enumCase(node) as T
    } catch {
        map.reportConversion(error, expected: T.self)
        return nil
    }
}

/// Reads or writes an enum by its raw value. (Inlinable, as the basic values' operators:
/// it specialises in the caller's module, with no run-time type lookups.)
@inlinable
public func <- <T: RawRepresentable>(left: inout T, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { return left >>> right }
    if case .value(let node) = right.fetchValue(required: true, expected: T.self),
        let value: T = enumCase(node, at: right)
    {
        left = value
    }
}

/// Reads or writes an optional enum by its raw value: `nil` for `null` or a raw value that
/// names no case (a problem is recorded), as in ObjectMapper.
@inlinable
public func <- <T: RawRepresentable>(left: inout T?, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { return left >>> right }
    switch right.fetchValue(required: false, expected: T.self) {
    case .value(let node):
        left = enumCase(node, at: right)
    case .null:
        left = nil
    case .absent:
        break
    }
}

/// Writes an enum's raw value.
public func >>> <T: RawRepresentable>(left: T, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { right.write(left.rawValue.jsonValue) }
}

/// Writes an optional enum's raw value.
public func >>> <T: RawRepresentable>(left: T?, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { right.write(left?.rawValue.jsonValue) }
}

/// Reads or writes an array of enums (an unknown raw value is a problem and is left out,
/// as in ObjectMapper; so in the dictionary forms).
public func <- <T: RawRepresentable>(left: inout [T], right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.read(required: true, expected: "[\(T.self)]") { try right.keptElements($0, enumCase) })
}

/// Reads or writes an optional array of enums.
public func <- <T: RawRepresentable>(left: inout [T]?, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.read(required: false, expected: "[\(T.self)]") { try right.keptElements($0, enumCase) })
}

/// Writes an array of enums' raw values.
public func >>> <T: RawRepresentable>(left: [T], right: Map) where T.RawValue: JSONRawValue {
    Optional(left) >>> right
}

/// Writes an optional array of enums' raw values.
public func >>> <T: RawRepresentable>(left: [T]?, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { right.write(left.map { JSON.array($0.map(\.rawValue.jsonValue)) }) }
}

/// Reads or writes a dictionary of enums.
public func <- <T: RawRepresentable>(left: inout [String: T], right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.read(required: true, expected: "[String: \(T.self)]") { try right.keptMembers($0, enumCase) })
}

/// Reads or writes an optional dictionary of enums.
public func <- <T: RawRepresentable>(left: inout [String: T]?, right: Map) where T.RawValue: JSONRawValue {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.read(required: false, expected: "[String: \(T.self)]") { try right.keptMembers($0, enumCase) })
}

/// Writes a dictionary of enums' raw values.
public func >>> <T: RawRepresentable>(left: [String: T], right: Map) where T.RawValue: JSONRawValue {
    Optional(left) >>> right
}

/// Writes an optional dictionary of enums' raw values.
public func >>> <T: RawRepresentable>(left: [String: T]?, right: Map) where T.RawValue: JSONRawValue {
    guard right.mappingType == .toJSON else { return }
    right.write(left.map { d in .object(JSONObject(d.keys.sorted().map { ($0, d[$0]!.rawValue.jsonValue) })) })
}
