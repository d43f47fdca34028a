/// A type that can be mapped to and from JSON with a ``Map`` (ObjectMapper's `BaseMappable`).
public protocol BaseMappable {
    /// Reads (`<-` from JSON) or writes (`<-`, `>>>` to JSON) every mapped property.
    mutating func mapping(map: Map)

    /// Makes the instance a mapping fills, the way the type's protocol says (``Mappable``'s
    /// `init?(map:)`, ``StaticMappable``'s `objectForMapping(map:)`), into uninitialised
    /// memory for one `Self`; `false` when the type declines the object. Implemented by the
    /// protocols' extensions: not something to write yourself, and not ObjectMapper API.
    /// (A requirement, so the engine creates instances without a cast per object; the
    /// instance is written through a pointer so no `Optional<Self>` is made in the engine's
    /// generic code, where each one costs a run-time type lookup.)
    static func _instanceForMapping(_ map: Map, into address: UnsafeMutableRawPointer) -> Bool
}

extension BaseMappable {
    @inlinable
    public static func _instanceForMapping(_ map: Map, into address: UnsafeMutableRawPointer) -> Bool { false }
}

extension Mappable {
    @inlinable
    public static func _instanceForMapping(_ map: Map, into address: UnsafeMutableRawPointer) -> Bool {
        guard let made = Self(map: map) else { return false }
        address.initializeMemory(as: Self.self, to: made)
        return true
    }
}

extension StaticMappable {
    @inlinable
    public static func _instanceForMapping(_ map: Map, into address: UnsafeMutableRawPointer) -> Bool {
        guard let made = objectForMapping(map: map) as? Self else { return false }
        address.initializeMemory(as: Self.self, to: made)
        return true
    }
}

extension Mappable where Self: StaticMappable {
    /// Both protocols: `objectForMapping(map:)` decides, as in ObjectMapper.
    @inlinable
    public static func _instanceForMapping(_ map: Map, into address: UnsafeMutableRawPointer) -> Bool {
        guard let made = objectForMapping(map: map) as? Self else { return false }
        address.initializeMemory(as: Self.self, to: made)
        return true
    }
}

/// A type created empty by `init?(map:)`, then filled by ``BaseMappable/mapping(map:)``.
///
/// ```swift
/// struct Repository: Mappable {
///     var id: Int!
///     var name: String!
///     init?(map: Map) {}
///     mutating func mapping(map: Map) {
///         id <- map["id"]
///         name <- map["name"]
///     }
/// }
/// ```
public protocol Mappable: BaseMappable {
    /// Creates an instance, or `nil` to skip this object (it may look at `map` to decide).
    init?(map: Map)
}

/// A type that chooses the instance (a subclass, a cached object) for each JSON object.
public protocol StaticMappable: BaseMappable {
    /// Returns the instance to fill, or `nil` to skip this object.
    static func objectForMapping(map: Map) -> (any BaseMappable)?
}

/// A type whose properties are `let`s, read in a throwing initialiser with `map.value(_:)`.
///
/// ```swift
/// struct Owner: ImmutableMappable {
///     let login: String
///     let id: Int64
///     init(map: Map) throws {
///         login = try map.value("login")
///         id = try map.value("id")
///     }
///     func mapping(map: Map) {
///         login >>> map["login"]
///         id >>> map["id"]
///     }
/// }
/// ```
public protocol ImmutableMappable: BaseMappable {
    /// Creates an instance from the JSON object in `map`.
    /// - Throws: ``MappingError`` (from `map.value(_:)`) when a value is missing or mistyped.
    init(map: Map) throws
}

extension ImmutableMappable {
    /// Immutable models read in `init(map:)`; writing uses `>>>` in their own `mapping(map:)`.
    public mutating func mapping(map: Map) {}
}

/// Extra information passed to every ``Map`` of one mapping (ObjectMapper's `MapContext`).
public protocol MapContext {}

/// The direction of a mapping.
public enum MappingType: Sendable {
    /// Reading a model from JSON.
    case fromJSON
    /// Writing a model to JSON.
    case toJSON
}
