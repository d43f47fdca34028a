import Foundation

/// ObjectMapper's helpers around Foundation values: mapping into existing instances and
/// dictionaries, writing sets and dictionaries of arrays, and its static parse and write
/// functions (by this package's parser and writer, except `toJSONData`).
extension Mapper {
    /// Maps a Foundation dictionary into an existing instance (ObjectMapper's
    /// `map(JSONObject:toObject:)`); anything else leaves it as it is.
    public func map(JSONObject: Any?, toObject object: N) -> N {
        guard let dictionary = JSONObject as? [String: Any] else { return object }
        return map(JSON: dictionary, toObject: object)
    }

    /// Maps a Foundation dictionary of dictionaries onto existing models: a key already in
    /// `dictionary` is mapped into its model, a new key makes a new one (one its type
    /// refuses is left out).
    public func mapDictionary(JSON: [String: [String: Any]], toDictionary dictionary: [String: N]) -> [String: N] {
        var result = dictionary
        for (key, value) in JSON {
            result[key] = dictionary[key].map { self.map(JSON: value, toObject: $0) } ?? self.map(JSON: value)
        }
        return result
    }

    /// ``mapDictionary(JSON:toDictionary:)`` for a Foundation value; anything but a
    /// dictionary of dictionaries leaves `dictionary` as it is.
    public func mapDictionary(JSONObject: Any?, toDictionary dictionary: [String: N]) -> [String: N] {
        guard let objects = JSONObject as? [String: [String: Any]] else { return dictionary }
        return mapDictionary(JSON: objects, toDictionary: dictionary)
    }

    /// Maps a Foundation dictionary of arrays of dictionaries; `nil` for anything else.
    public func mapDictionaryOfArrays(JSONObject: Any?) -> [String: [N]]? {
        guard let arrays = JSONObject as? [String: [[String: Any]]] else { return nil }
        return mapDictionaryOfArrays(JSON: arrays)
    }

    /// The models as Foundation dictionaries, by key.
    public func toJSONDictionaryOfArrays(_ dictionary: [String: [N]]) -> [String: [[String: Any]]] {
        dictionary.mapValues(toJSONArray)
    }

    /// Parses JSON text into a Foundation dictionary: `nil` when it is not JSON or not an object.
    public static func parseJSONStringIntoDictionary(JSONString: String) -> [String: Any]? {
        parseJSONString(JSONString: JSONString) as? [String: Any]
    }

    /// Parses JSON text into Foundation values (`NSNull` for `null`): `nil` when it is not JSON.
    public static func parseJSONString(JSONString: String) -> Any? {
        (try? YajlMapper.JSON(parsing: JSONString))?.foundationValue
    }

    /// Foundation values as JSON text: `nil` when they are not JSON.
    public static func toJSONString(_ JSONObject: Any, prettyPrint: Bool) -> String? {
        guard let value = YajlMapper.JSON(foundation: JSONObject) else { return nil }
        return try? value.serialized(prettyPrint ? .pretty : .compact)
    }

    /// Foundation values as JSON bytes, written by `JSONSerialization` with its options
    /// (as ObjectMapper does): `nil` when they are not JSON.
    public static func toJSONData(_ JSONObject: Any, options: JSONSerialization.WritingOptions) -> Data? {
        guard JSONSerialization.isValidJSONObject(JSONObject) else { return nil }
        return try? JSONSerialization.data(withJSONObject: JSONObject, options: options)
    }
}

extension Mapper where N: Hashable {
    /// The models as Foundation dictionaries, in the set's order.
    public func toJSONSet(_ set: Set<N>) -> [[String: Any]] { set.map(toJSON) }
}
