import Foundation

/// Entry points that say what went wrong: a ``JSONParseError`` for bad JSON, a
/// ``MappingError`` (strict mode) naming each key path, expected type, kind found, line and
/// column. In lenient mode they throw only for bad JSON or an unusable root.
extension Mapper {
    /// Maps a document in memory (`Data`, `[UInt8]`, ...).
    /// - Throws: ``JSONParseError``, or ``MappingError`` in strict mode or when the root cannot be mapped.
    public func map(data: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions()) throws -> N {
        try required(try data.withUnsafeBytes { try mapResult(bytes: $0, options: options) })
    }

    /// Maps a JSON string.
    /// - Throws: as ``map(data:options:)``.
    public func map(string: String, options: JSONParseOptions = JSONParseOptions()) throws -> N {
        var text = string
        return try required(try text.withUTF8 { try mapResult(bytes: UnsafeRawBufferPointer($0), options: options) })
    }

    /// Maps a file or stdin (read whole: the model holds all of it anyway; stream arrays
    /// with `stream(_:elementsAt:)` instead).
    /// - Throws: ``JSONInputError`` when it cannot be read, else as ``map(data:options:)``.
    public func map(contentsOf input: JSONInput, options: JSONParseOptions = JSONParseOptions()) throws -> N {
        try map(data: try input.readAll(), options: options)
    }

    /// Maps a buffer and returns the model with every problem (lenient mode collects them).
    /// - Throws: ``JSONParseError``; ``MappingError`` in strict mode.
    public func mapResult(bytes: UnsafeRawBufferPointer, options: JSONParseOptions = JSONParseOptions()) throws -> MappingResult<N> {
        let result = try objectRun.run(bytes: bytes, options: options)
        lastProblems = result.problems
        return result
    }

    /// Maps a document whose root is an array of models.
    /// - Throws: as ``map(data:options:)``.
    public func mapArray(data: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions()) throws -> [N] {
        let result = try data.withUnsafeBytes { try arrayRun.run(bytes: $0, options: options) }
        lastProblems = result.problems
        return try required(result)
    }

    /// Maps a document whose root is an object of models.
    /// - Throws: as ``map(data:options:)``.
    public func mapDictionary(data: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions()) throws -> [String: N] {
        let result = try data.withUnsafeBytes { try dictionaryRun.run(bytes: $0, options: options) }
        lastProblems = result.problems
        return try required(result)
    }

    /// Maps an already-parsed ``JSON`` value (replayed through the same engine).
    /// - Throws: ``MappingError`` in strict mode or when the root cannot be mapped.
    public func map(json: YajlMapper.JSON) throws -> N {
        let result = try objectRun.run(replaying: json)
        lastProblems = result.problems
        return try required(result)
    }

    private func required<Value>(_ result: MappingResult<Value>) throws -> Value {
        guard let value = result.value else {
            throw MappingError(problems: result.problems.isEmpty
                ? [MappingProblem(kind: .objectRejected, keyPath: "", expected: "\(N.self)", found: nil)]
                : result.problems)
        }
        return value
    }
}

extension Mapper where N: ImmutableMappable {
    /// Maps a JSON string to an immutable model.
    /// - Throws: ``JSONParseError`` or ``MappingError``.
    public func map(JSONString: String) throws -> N { try map(string: JSONString) }

    /// Maps a Foundation dictionary to an immutable model.
    /// - Throws: ``MappingError``.
    public func map(JSON: [String: Any]) throws -> N {
        guard let value = YajlMapper.JSON(foundation: JSON) else {
            throw MappingError(problems: [MappingProblem(kind: .typeMismatch, keyPath: "", expected: "\(N.self)", found: "a value JSON cannot hold")])
        }
        return try map(json: value)
    }

    /// Maps a Foundation value, which must be a dictionary, to an immutable model.
    /// - Throws: ``MappingError``.
    public func map(JSONObject: Any) throws -> N {
        guard let dictionary = JSONObject as? [String: Any] else { throw Self.notA("an object", JSONObject) }
        return try map(JSON: dictionary)
    }

    // As ObjectMapper's: every element must make a model, or the whole call throws (the
    // error has every problem, the first element's first).

    /// Maps a JSON array string to immutable models.
    /// - Throws: ``JSONParseError``, or ``MappingError`` unless every element makes a model.
    public func mapArray(JSONString: String) throws -> [N] {
        try every(arrayRun, try Self.parsed(JSONString), as: .array)
    }

    /// Maps Foundation dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapArray(JSONArray: [[String: Any]]) throws -> [N] { try mapArray(JSONObject: JSONArray) }

    /// Maps a Foundation array of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapArray(JSONObject: Any) throws -> [N] {
        try every(arrayRun, try Self.converted(JSONObject), as: .array)
    }

    /// Maps a JSON object string of objects to immutable models.
    /// - Throws: ``JSONParseError``, or ``MappingError`` unless every value makes a model.
    public func mapDictionary(JSONString: String) throws -> [String: N] {
        try every(dictionaryRun, try Self.parsed(JSONString), as: .object)
    }

    /// Maps a Foundation dictionary of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every value makes a model.
    public func mapDictionary(JSONObject: Any?) throws -> [String: N] {
        try every(dictionaryRun, try Self.converted(JSONObject as Any), as: .object)
    }

    /// Maps a Foundation dictionary of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every value makes a model.
    public func mapDictionary(JSON: [String: [String: Any]]) throws -> [String: N] { try mapDictionary(JSONObject: JSON) }

    /// Maps a Foundation dictionary of arrays of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapDictionaryOfArrays(JSONObject: Any?) throws -> [String: [N]] {
        try every(dictionaryOfArraysRun, try Self.converted(JSONObject as Any), as: .objectOfArrays) {
            $0.values.reduce(0) { $0 + $1.count }
        }
    }

    /// Maps a Foundation dictionary of arrays of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) throws -> [String: [N]] {
        try mapDictionaryOfArrays(JSONObject: JSON)
    }

    /// Maps a Foundation array of arrays of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapArrayOfArrays(JSONObject: Any?) throws -> [[N]] {
        try every(arrayOfArraysRun, try Self.converted(JSONObject as Any), as: .arrayOfArrays) {
            $0.reduce(0) { $0 + $1.count }
        }
    }

    /// What an all-or-nothing function maps: the input's shape, and how many models it must make.
    private enum Shape: String {
        case array = "an array", object = "an object"
        case arrayOfArrays = "an array of arrays", objectOfArrays = "an object of arrays"

        /// The number of elements `value` holds in this shape.
        /// - Throws: ``MappingError`` when `value` has another shape.
        func elements(of value: YajlMapper.JSON) throws -> Int {
            let outer: [YajlMapper.JSON]
            switch (self, value) {
            case (.array, .array(let items)): return items.count
            case (.object, .object(let object)): return object.count
            case (.arrayOfArrays, .array(let items)): outer = items
            case (.objectOfArrays, .object(let object)): outer = object.values
            default: throw Mapper.notA(rawValue, value.foundationValue)
            }
            return try outer.reduce(0) { sum, inner in
                guard case .array(let members) = inner else { throw Mapper.notA(rawValue, inner.foundationValue) }
                return sum + members.count
            }
        }
    }

    /// Runs `run` on a value and returns its models when there is one for each element
    /// (`count` counts the models).
    private func every<Value: Collection>(_ run: MappingRun<Value>, _ value: YajlMapper.JSON, as shape: Shape,
                                          count: (Value) -> Int = { $0.count }) throws -> Value {
        let elements = try shape.elements(of: value)
        let result = try run.run(replaying: value)
        lastProblems = result.problems
        guard let models = result.value, count(models) == elements else {
            throw MappingError(problems: result.problems.isEmpty
                ? [MappingProblem(kind: .objectRejected, keyPath: "", expected: "\(N.self)", found: nil)]
                : result.problems)
        }
        return models
    }

    /// JSON text as a value; a repeated key keeps its first value, as the engine reads it.
    private static func parsed(_ text: String) throws -> YajlMapper.JSON {
        try YajlMapper.JSON(parsing: text, duplicateKeys: .useFirst)
    }

    /// A Foundation value as a ``JSON`` value.
    private static func converted(_ object: Any) throws -> YajlMapper.JSON {
        guard let value = YajlMapper.JSON(foundation: object) else { throw notA("JSON", object) }
        return value
    }

    fileprivate static func notA(_ shape: String, _ object: Any) -> MappingError {
        MappingError(problems: [MappingProblem(kind: .typeMismatch, keyPath: "", expected: "\(shape) of \(N.self)",
                                               found: String(describing: type(of: object)))])
    }
}

extension JSONInput {
    /// Reads the whole input.
    /// - Throws: ``JSONInputError``.
    public func readAll() throws -> [UInt8] {
        var all: [UInt8] = []
        try read { all.append(contentsOf: $0) }
        return all
    }
}
