/// Arrays and string-keyed dictionaries of readable values are readable themselves, to any
/// depth: `[[[Double]]]` (GeoJSON's coordinates), `[String: [Int]]`, `[[String: [String]]]`.
/// Each level is read from the JSON value the parse kept, with no Foundation value in
/// between, so numbers convert from their text; the first element that does not convert
/// fails the whole value, and its problem names the element's path (`coordinates[0][3][1]`).
extension Array: JSONReadable where Element: JSONReadable {
    /// Reads an array whose every element reads as `Element`.
    public static func fromJSON(_ json: JSON) throws -> [Element] {
        guard case .array(let elements) = json else {
            throw JSONConversionError.typeMismatch(expected: "array", found: json.kind)
        }
        return try Element.fromJSONElements(elements)
    }

    /// The elements as a JSON array.
    public var jsonValue: JSON { .array(map(\.jsonValue)) }
}

extension Dictionary: JSONReadable where Key == String, Value: JSONReadable {
    /// Reads an object whose every member reads as `Value`.
    public static func fromJSON(_ json: JSON) throws -> [String: Value] {
        try json.convertedMembers(Value.fromJSON)
    }

    /// The members as a JSON object, keys sorted so output is stable.
    public var jsonValue: JSON { .object(JSONObject(keys.sorted().map { ($0, self[$0]!.jsonValue) })) }
}
