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
        try map(data: try input.readAll(jobs: jobs), options: options)
    }

    /// Maps a buffer and returns the model with every problem (lenient mode collects them).
    /// - Throws: ``JSONParseError``; ``MappingError`` in strict mode.
    public func mapResult(
        bytes: UnsafeRawBufferPointer, options: JSONParseOptions = JSONParseOptions()
    ) throws -> MappingResult<N> {
        let result = try objectRun.run(bytes: bytes, options: options)
        lastProblems = result.problems
        return result
    }

    /// Maps a document whose root is an array of models.
    /// - Throws: as ``map(data:options:)``.
    public func mapArray(data: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions()) throws -> [N] {
        try required(try data.withUnsafeBytes { try arrayRun().run(bytes: $0, options: options) })
    }

    /// Maps a document whose root is an object of models.
    /// - Throws: as ``map(data:options:)``.
    public func mapDictionary(
        data: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions()
    ) throws -> [String: N] {
        try required(try data.withUnsafeBytes { try dictionaryRun().run(bytes: $0, options: options) })
    }

    /// Maps an already-parsed ``JSON`` value (replayed through the same engine).
    /// - Throws: ``MappingError`` in strict mode or when the root cannot be mapped.
    public func map(json: YajlMapper.JSON) throws -> N {
        try required(try objectRun.run(replaying: json))
    }

    /// The value the run made, its problems kept as the last ones; else an error with every
    /// problem (the root's rejection when there is none).
    private func required<Value>(_ result: MappingResult<Value>) throws -> Value {
        lastProblems = result.problems
        guard let value = result.value else {
            throw MappingError(
                problems: result.problems.isEmpty
                    ? [MappingProblem(kind: .objectRejected, keyPath: "", expected: "\(N.self)", found: nil)]
                    : result.problems)
        }
        return value
    }

    /// The error for a root that is not JSON of the model: `expected`, and what was `found`.
    private func rootMismatch(expected: String, found: String) -> MappingError {
        MappingError(problems: [MappingProblem(kind: .typeMismatch, keyPath: "", expected: expected, found: found)])
    }
}

extension Mapper where N: ImmutableMappable {
    /// Maps a JSON string to an immutable model.
    /// - Throws: ``JSONParseError`` or ``MappingError``.
    public func map(JSONString: String) throws -> N { try passingCallerErrors { try map(string: JSONString) } }

    /// Maps a Foundation dictionary to an immutable model.
    /// - Throws: ``MappingError``.
    public func map(JSON: [String: Any]) throws -> N {
        guard let value = YajlMapper.JSON(foundation: JSON) else {
            throw rootMismatch(expected: "\(N.self)", found: "a value JSON cannot hold")
        }
        return try passingCallerErrors { try map(json: value) }
    }

    /// Maps a Foundation value, which must be a dictionary, to an immutable model.
    /// - Throws: ``MappingError``.
    public func map(JSONObject: Any) throws -> N {
        guard let dictionary = JSONObject as? [String: Any] else {
            throw rootMismatch(expected: "an object of \(N.self)", found: String(describing: type(of: JSONObject)))
        }
        return try map(JSON: dictionary)
    }

    // As ObjectMapper's: every element must make a model, or the whole call throws (the
    // error has every problem, in document order; from text, each with its line and column).

    /// Maps a JSON array string to immutable models.
    /// - Throws: ``JSONParseError``, or ``MappingError`` unless every element makes a model.
    public func mapArray(JSONString: String) throws -> [N] { try every(arrayRun(.every), text: JSONString) }

    /// Maps Foundation dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapArray(JSONArray: [[String: Any]]) throws -> [N] { try mapArray(JSONObject: JSONArray) }

    /// Maps a Foundation array of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapArray(JSONObject: Any) throws -> [N] { try every(arrayRun(.every), foundation: JSONObject) }

    /// Maps a JSON object string of objects to immutable models.
    /// - Throws: ``JSONParseError``, or ``MappingError`` unless every value makes a model.
    public func mapDictionary(JSONString: String) throws -> [String: N] {
        try every(dictionaryRun(.every), text: JSONString)
    }

    /// Maps a Foundation dictionary of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every value makes a model.
    public func mapDictionary(JSONObject: Any?) throws -> [String: N] {
        try every(dictionaryRun(.every), foundation: JSONObject as Any)
    }

    /// Maps a Foundation dictionary of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every value makes a model.
    public func mapDictionary(JSON: [String: [String: Any]]) throws -> [String: N] {
        try mapDictionary(JSONObject: JSON)
    }

    /// Maps a Foundation dictionary of arrays of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapDictionaryOfArrays(JSONObject: Any?) throws -> [String: [N]] {
        try every(dictionaryOfArraysRun(.every), foundation: JSONObject as Any)
    }

    /// Maps a Foundation dictionary of arrays of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) throws -> [String: [N]] {
        try mapDictionaryOfArrays(JSONObject: JSON)
    }

    /// Maps a Foundation array of arrays of dictionaries to immutable models.
    /// - Throws: ``MappingError`` unless every element makes a model.
    public func mapArrayOfArrays(JSONObject: Any?) throws -> [[N]] {
        try every(arrayOfArraysRun(.every), foundation: JSONObject as Any)
    }

    /// Runs an all-or-nothing mapping of JSON text: the models, when every element made one;
    /// else the error with every problem.
    private func every<Value>(_ run: MappingRun<Value>, text: String) throws -> Value {
        try passingCallerErrors { try required(try run.run(text: text)) }
    }

    /// Runs an all-or-nothing mapping of a Foundation value.
    private func every<Value>(_ run: MappingRun<Value>, foundation object: Any) throws -> Value {
        guard let value = YajlMapper.JSON(foundation: object) else {
            throw rootMismatch(expected: "JSON of \(N.self)", found: String(describing: type(of: object)))
        }
        return try passingCallerErrors { try required(try run.run(replaying: value)) }
    }
}
