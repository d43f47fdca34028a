import Foundation

/// ObjectMapper's `map["username"].or["nickname"]`: another key, read when the one
/// selected before is absent or `null`. Writing (`toJSON`) uses the first key.
public struct MapOr {
    let map: Map

    /// Selects `key` unless the key selected before has a value.
    public subscript(key: String, nested nested: Bool? = nil, delimiter delimiter: String = ".",
        ignoreNil ignoreNil: Bool = false
    ) -> Map {
        if map.mappingType == .toJSON { return map }
        if map.isKeyPresent, let node = map.currentNode, node != .null { return map }
        return map[key, nested: nested, delimiter: delimiter, ignoreNil: ignoreNil]
    }
}

extension Map {
    /// Another key to read when the selected one is absent or `null`: `map["a"].or["b"]`.
    public var or: MapOr { MapOr(map: self) }
}

/// `ImmutableMappable`'s reads with a default, as ObjectMapper's `map.value(_:default:)`:
/// the default when the key is absent or `null`. A value that is present but cannot be
/// read is still an error here (ObjectMapper's `try?` would give the default for it too):
/// a default stands for a missing value, not for a wrong one.
extension Map {
    /// Any value Foundation can hold, by casting, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not of type `T`.
    public func value<T>(
        _ key: String, default defaultValue: T, nested: Bool? = nil, delimiter: String = "."
    ) throws -> T {
        try require(key, nested, delimiter, optional: true) { $0.readCast(T.self, required: false) } ?? defaultValue
    }

    /// An optional array of basic values: `nil` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not an array of `T`.
    public func value<T: JSONScalar>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [T]? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: false, expected: "[\(T.self)]") { try $0.convertedElements(T.fromJSON) }
        }
    }

    /// A set of basic values (from an array; repeats count once).
    /// - Throws: ``MappingError`` when absent, `null`, or not an array of `T`.
    public func value<T: JSONScalar & Hashable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function,
        line: UInt = #line
    ) throws -> Set<T> { Set(try value(key, nested: nested, delimiter: delimiter) as [T]) }

    /// An optional set of basic values: `nil` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not an array of `T`.
    public func value<T: JSONScalar & Hashable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function,
        line: UInt = #line
    ) throws -> Set<T>? { (try value(key, nested: nested, delimiter: delimiter) as [T]?).map { Set($0) } }

    /// An array of basic values, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not an array of `T`.
    public func value<T: JSONScalar>(
        _ key: String, default defaultValue: [T], nested: Bool? = nil, delimiter: String = "."
    ) throws -> [T] { try value(key, nested: nested, delimiter: delimiter) as [T]? ?? defaultValue }

    /// An array of enums, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and an element names no case.
    public func value<T: RawRepresentable>(
        _ key: String, default defaultValue: [T], nested: Bool? = nil, delimiter: String = "."
    ) throws -> [T] where T.RawValue: JSONRawValue {
        try value(key, nested: nested, delimiter: delimiter) as [T]? ?? defaultValue
    }

    /// A dictionary of models, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and a member cannot be mapped.
    public func value<T: BaseMappable>(
        _ key: String, default defaultValue: [String: T], nested: Bool? = nil, delimiter: String = "."
    ) throws -> [String: T] { try value(key, nested: nested, delimiter: delimiter) as [String: T]? ?? defaultValue }

    /// An enum by its raw value, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not a known raw value.
    public func value<T: RawRepresentable>(
        _ key: String, default defaultValue: T, nested: Bool? = nil, delimiter: String = "."
    ) throws -> T where T.RawValue: JSONRawValue {
        try value(key, nested: nested, delimiter: delimiter) as T? ?? defaultValue
    }

    /// A value through a transform, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and the transform refuses it.
    public func value<Transform: TransformType>(
        _ key: String, default defaultValue: Transform.Object, nested: Bool? = nil,
        delimiter: String = ".", using transform: Transform
    ) throws -> Transform.Object {
        try value(key, nested: nested, delimiter: delimiter, using: transform) as Transform.Object? ?? defaultValue
    }

    /// A nested model, or `default` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not mappable.
    public func value<T: BaseMappable>(
        _ key: String, default defaultValue: T, nested: Bool? = nil, delimiter: String = "."
    ) throws -> T { try value(key, nested: nested, delimiter: delimiter) as T? ?? defaultValue }

    /// An array of models, or `default` when absent or `null`; as in ObjectMapper this does
    /// not throw: an array that cannot be read gives `default` too, and its problems are
    /// the mapping's (collected in lenient mode, thrown in strict mode).
    public func value<T: BaseMappable>(
        _ key: String, default defaultValue: [T], nested: Bool? = nil, delimiter: String = "."
    ) -> [T] {
        do {
            return try value(key, nested: nested, delimiter: delimiter) as [T]? ?? defaultValue
        } catch {
            for problem in (error as? MappingError)?.problems ?? [] { session.adopt(problem) }
            return defaultValue
        }
    }
}

extension CGFloat: JSONScalar {
    /// The number, or `null` for infinity and NaN.
    public var jsonValue: JSON { Double(self).jsonValue }

    /// Reads a number in `Double` range.
    public static func fromJSON(_ json: JSON) throws -> CGFloat { CGFloat(try Double.fromJSON(json)) }
}
