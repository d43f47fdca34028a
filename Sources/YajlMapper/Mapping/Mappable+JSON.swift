extension BaseMappable {
    /// The model as a Foundation dictionary (ObjectMapper's `toJSON()`).
    public func toJSON() -> [String: Any] { Mapper<Self>().toJSON(self) }

    /// The model as JSON text.
    public func toJSONString(prettyPrint: Bool = false) -> String? {
        Mapper<Self>().toJSONString(self, prettyPrint: prettyPrint)
    }

    /// The model as a ``JSON`` value.
    public func toJSONValue() -> JSON { Mapper<Self>().toJSONValue(self) }

    /// Maps a JSON string (ObjectMapper's `init?(JSONString:)`; a `StaticMappable` type
    /// gives the instance its `objectForMapping(map:)` picks, when that is of this type).
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
    /// Maps a Foundation value, which must be a dictionary (ObjectMapper's
    /// `init(JSONObject:)`).
    /// - Throws: ``MappingError``.
    public init(JSONObject: Any, context: MapContext? = nil) throws {
        self = try Mapper<Self>(context: context).map(JSONObject: JSONObject)
    }

    /// Maps a JSON string.
    /// - Throws: ``JSONParseError`` or ``MappingError``.
    public init(JSONString: String, context: MapContext? = nil) throws {
        self = try Mapper<Self>(context: context).map(JSONString: JSONString)
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

    /// Maps a JSON array string (ObjectMapper's `[T](JSONString:)`): `nil` when the text is
    /// not JSON or holds neither an array nor one object.
    public init?(JSONString: String, context: MapContext? = nil) {
        guard let models = Mapper<Element>(context: context).mapArray(JSONString: JSONString) else { return nil }
        self = models
    }

    /// Maps Foundation dictionaries (ObjectMapper's `[T](JSONArray:)`); an element its type
    /// refuses is left out.
    public init(JSONArray: [[String: Any]], context: MapContext? = nil) {
        self = Mapper<Element>(context: context).mapArray(JSONArray: JSONArray)
    }
}

extension Set where Element: BaseMappable {
    /// Maps a JSON array string to a set (ObjectMapper's `Set<T>(JSONString:)`).
    public init?(JSONString: String, context: MapContext? = nil) {
        guard let models = Mapper<Element>(context: context).mapSet(JSONString: JSONString) else { return nil }
        self = models
    }

    /// Maps Foundation dictionaries to a set (ObjectMapper's `Set<T>(JSONArray:)`).
    public init?(JSONArray: [[String: Any]], context: MapContext? = nil) {
        self = Mapper<Element>(context: context).mapSet(JSONArray: JSONArray)
    }

    /// The models as Foundation dictionaries, in the set's order.
    public func toJSON() -> [[String: Any]] { Mapper<Element>().toJSONSet(self) }

    /// The models as JSON array text, in the set's order.
    public func toJSONString(prettyPrint: Bool = false) -> String? {
        Mapper<Element>().toJSONString(self, prettyPrint: prettyPrint)
    }
}
