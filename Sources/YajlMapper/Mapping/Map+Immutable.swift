import Foundation

/// `ImmutableMappable`'s reads: `try map.value("key")` returns the value or throws a
/// ``MappingError`` naming the key path, what was expected and what was found.
extension Map {
    /// Selects `key` and turns a read into a value or a thrown error.
    func require<T>(
        _ key: String, _ nested: Bool?, _ delimiter: String, optional: Bool, at site: CallSite? = nil,
        _ read: (Map) -> T??
    ) throws -> T? {
        _ = self[key, nested: nested, delimiter: delimiter, ignoreNil: false]
        let before = session.problems.count
        let result = read(self)
        // An optional read gives `nil` for a value that does not convert too: the problem
        // recorded makes it an error here.
        if case .some(let value) = result, value != nil || optional && session.problems.count == before { return value }
        let problems = session.removeProblems(from: before)
        if optional && problems.isEmpty { return nil }
        var thrown = problems
        if thrown.isEmpty {
            let path = JSONPath(session.basePath.components + currentPath).description
            thrown = [MappingProblem(kind: .missing, keyPath: path, expected: "\(T.self)", found: nil)]
        }
        // The error names the `map.value` call that threw it, as ObjectMapper's does.
        thrown[0].callSite = thrown[0].callSite ?? site
        throw MappingError(problems: thrown)
    }

    // MARK: Basic values

    /// A basic value, converted exactly (no wrapping, no truncation).
    /// - Throws: ``MappingError`` when absent, `null`, mistyped or out of range.
    public func value<T: JSONScalar>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: true, expected: "\(T.self)") { try T.fromJSON($0) }
        }!
    }

    /// An optional basic value: `nil` when absent or `null`.
    /// - Throws: ``MappingError`` when mistyped or out of range.
    public func value<T: JSONScalar>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: false, expected: "\(T.self)") { try T.fromJSON($0) }
        }
    }

    /// A basic value, or `default` when absent or `null` (a mistyped value still throws).
    /// - Throws: ``MappingError`` when mistyped or out of range.
    public func value<T: JSONScalar>(
        _ key: String, default defaultValue: T, nested: Bool? = nil, delimiter: String = "."
    ) throws -> T {
        try value(key, nested: nested, delimiter: delimiter) as T? ?? defaultValue
    }

    /// An array of basic values.
    /// - Throws: ``MappingError``.
    public func value<T: JSONScalar>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [T] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: true, expected: "[\(T.self)]") { try $0.convertedElements(T.fromJSON) }
        }!
    }

    /// Any value Foundation can hold, by casting (ObjectMapper's generic `value`). For an
    /// optional `T` (`let tags: [String]? = try map.value("tags")`), absent or `null` is `nil`.
    /// - Throws: ``MappingError``.
    public func value<T>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T {
        // ObjectMapper casts the missing value to `T`, which only an optional type accepts.
        let none = (Optional<Any>.none as Any) as? T
        let site = CallSite(file: file, function: function, line: line)
        let value = try require(key, nested, delimiter, optional: none != nil, at: site) {
            $0.readCast(T.self, required: none == nil)
        }
        return value ?? none!
    }

    /// The selected value cast to `T` (as Foundation gives it).
    func readCast<T>(_: T.Type, required: Bool) -> T?? {
        read(required: required, expected: expectedName(T.self)) { node in
            guard let value = node.foundationValue as? T else {
                throw JSONConversionError.typeMismatch(expected: expectedName(T.self), found: node.kind)
            }
            return value
        }
    }

    /// A value through a transform.
    /// - Throws: ``MappingError`` when absent or the transform gives `nil`.
    public func value<Transform: TransformType>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> Transform.Object {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.readTransformed(transform, required: true)
        }!
    }

    /// An optional value through a transform: `nil` when absent or `null`.
    /// - Throws: ``MappingError`` when present and the transform gives `nil`.
    public func value<Transform: TransformType>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> Transform.Object? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.readTransformed(transform, required: false)
        }
    }

    // MARK: Enums

    /// An enum by its raw value.
    /// - Throws: ``MappingError`` when absent or not a known raw value.
    public func value<T: RawRepresentable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T where T.RawValue: JSONRawValue {
        try value(key, nested: nested, delimiter: delimiter, using: EnumTransform<T>())
    }

    /// An optional enum by its raw value.
    /// - Throws: ``MappingError`` when present and not a known raw value.
    public func value<T: RawRepresentable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T? where T.RawValue: JSONRawValue {
        try value(key, nested: nested, delimiter: delimiter, using: EnumTransform<T>())
    }

    /// An array of enums by their raw values.
    /// - Throws: ``MappingError`` when absent, not an array, or an element names no case.
    public func value<T: RawRepresentable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [T] where T.RawValue: JSONRawValue {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: true, expected: "[\(T.self)]") {
                try $0.convertedElements { try enumCase($0) as T }
            }
        }!
    }

    /// An optional array of enums by their raw values: `nil` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not an array, or an element names no case.
    public func value<T: RawRepresentable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [T]? where T.RawValue: JSONRawValue {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.read(required: false, expected: "[\(T.self)]") {
                try $0.convertedElements { try enumCase($0) as T }
            }
        }
    }

    // MARK: Models

    /// A nested model.
    /// - Throws: ``MappingError``.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.readModel(T.self, required: true)
        }!
    }

    /// An optional nested model: `nil` when absent or `null`.
    /// - Throws: ``MappingError`` when present and not mappable.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> T? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.readModel(T.self, required: false)
        }
    }

    /// An array of models (one element that cannot be mapped fails the whole read).
    /// - Throws: ``MappingError``.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [T] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.readModels(T.self, required: true, allOrNothing: true)
        }!
    }

    /// An optional array of models.
    /// - Throws: ``MappingError`` when present and not an array.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [T]? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.readModels(T.self, required: false, allOrNothing: true)
        }
    }

    /// A dictionary of models (one member that cannot be mapped fails the whole read).
    /// - Throws: ``MappingError``.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [String: T] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.readModelDictionary(T.self, required: true, allOrNothing: true)
        }!
    }

    /// An optional dictionary of models.
    /// - Throws: ``MappingError`` when present and not an object, or a member cannot be mapped.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [String: T]? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.readModelDictionary(T.self, required: false, allOrNothing: true)
        }
    }

    /// An array of arrays of models (one element that cannot be mapped fails the whole read).
    /// - Throws: ``MappingError``.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [[T]] {
        try require(key, nested, delimiter, optional: false, at: CallSite(file: file, function: function, line: line)) {
            $0.readModelGrid(T.self, required: true)
        }!
    }

    /// An optional array of arrays of models.
    /// - Throws: ``MappingError`` when present and not an array of arrays, or an element cannot be mapped.
    public func value<T: BaseMappable>(
        _ key: String, nested: Bool? = nil, delimiter: String = ".",
        file: StaticString = #file, function: StaticString = #function, line: UInt = #line
    ) throws -> [[T]]? {
        try require(key, nested, delimiter, optional: true, at: CallSite(file: file, function: function, line: line)) {
            $0.readModelGrid(T.self, required: false)
        }
    }
}
