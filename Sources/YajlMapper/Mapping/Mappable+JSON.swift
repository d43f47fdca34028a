extension BaseMappable {
    /// The model as a Foundation dictionary (ObjectMapper's `toJSON()`).
    public func toJSON() -> [String: Any] { Mapper<Self>().toJSON(self) }

    /// The model as JSON text.
    public func toJSONString(prettyPrint: Bool = false) -> String? {
        Mapper<Self>().toJSONString(self, prettyPrint: prettyPrint)
    }

    /// The model as a ``JSON`` value.
    public func toJSONValue() -> JSON { Mapper<Self>().toJSONValue(self) }
}

extension Mappable {
    /// Maps a JSON string (ObjectMapper's `init?(JSONString:)`).
    public init?(JSONString: String, context: MapContext? = nil) {
        guard let value = Mapper<Self>(context: context).map(JSONString: JSONString) else { return nil }
        self = value
    }

    /// Maps a Foundation dictionary.
    public init?(JSON: [String: Any], context: MapContext? = nil) {
        guard let value = Mapper<Self>(context: context).map(JSON: JSON) else { return nil }
        self = value
    }
}

extension ImmutableMappable {
    /// Maps a JSON string.
    /// - Throws: ``JSONParseError`` or ``MappingError``.
    public init(JSONString: String, context: MapContext? = nil) throws {
        self = try Mapper<Self>(context: context).map(string: JSONString)
    }

    /// Maps a Foundation dictionary.
    /// - Throws: ``MappingError``.
    public init(JSON: [String: Any], context: MapContext? = nil) throws {
        self = try Mapper<Self>(context: context).map(JSON: JSON)
    }
}

extension Array where Element: BaseMappable {
    /// The models as Foundation dictionaries.
    public func toJSON() -> [[String: Any]] { Mapper<Element>().toJSONArray(self) }

    /// The models as JSON array text.
    public func toJSONString(prettyPrint: Bool = false) -> String? {
        Mapper<Element>().toJSONString(self, prettyPrint: prettyPrint)
    }
}
