/// Converts between a JSON object of objects and a dictionary of models keyed by a
/// string-backed type (ObjectMapper's `DictionaryTransform`).
///
/// Entries whose key names no `Key` or whose value is not an object that maps to a `Value` are
/// skipped, as in ObjectMapper; a JSON value that is not an object reads as `nil`.
///
/// ```swift
/// enum Environment: String { case staging, production }
/// servers <- (map["servers"], DictionaryTransform<Environment, Server>())
/// ```
public struct DictionaryTransform<Key, Value>: TransformType, Sendable
where Key: Hashable, Key: RawRepresentable, Key.RawValue == String, Value: Mappable {
    /// The model's type.
    public typealias Object = [Key: Value]
    /// The JSON side's type.
    public typealias JSON = [String: Any]

    /// Creates the transform.
    public init() {}

    /// Maps each member of a JSON object whose key is a `Key` and whose value maps to a `Value`.
    /// - Returns: The dictionary (possibly empty), or `nil` when `value` is not a JSON object.
    public func transformFromJSON(_ value: Any?) -> [Key: Value]? {
        guard let object = value as? [String: Any] else { return nil }
        let mapper = Mapper<Value>()
        var result: [Key: Value] = [:]
        result.reserveCapacity(object.count)
        for (name, member) in object {
            guard let key = Key(rawValue: name),
                let memberObject = member as? [String: Any],
                let mapped = mapper.map(JSON: memberObject)
            else { continue }
            result[key] = mapped
        }
        return result
    }

    /// Writes each model with its `toJSON()` under its key's raw value.
    /// - Returns: The JSON object, or `nil` for a `nil` dictionary.
    public func transformToJSON(_ value: [Key: Value]?) -> [String: Any]? {
        guard let value else { return nil }
        var result: [String: Any] = [:]
        result.reserveCapacity(value.count)
        for (key, model) in value { result[key.rawValue] = model.toJSON() }
        return result
    }
}
