/// Converts between a `RawRepresentable` type (usually an enum) and its raw value
/// (ObjectMapper's `EnumTransform`).
///
/// A JSON value of another type than `T.RawValue`, or one that names no case, reads as `nil`.
/// JSON numbers arrive as `NSNumber` and convert to `Int`, `Double` and other number raw types
/// only when exact; JSON booleans never match a number raw type.
///
/// ```swift
/// enum Visibility: String { case `public`, `private` }
/// visibility <- (map["visibility"], EnumTransform<Visibility>())
/// ```
open class EnumTransform<T: RawRepresentable>: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper) and has no stored state.
    /// The model's type.
    public typealias Object = T
    /// The JSON side's type.
    public typealias JSON = T.RawValue

    /// Creates the transform.
    public init() {}

    /// Reads a raw value and makes the matching case.
    /// - Returns: The case, or `nil` when `value` is not a `T.RawValue` or names no case.
    open func transformFromJSON(_ value: Any?) -> T? {
        guard let value else { return nil }
        // A JSON boolean is only a raw value for Bool-backed types (NSNumber casts to numbers).
        if TransformInput.isBoolean(value), T.RawValue.self != Bool.self { return nil }
        guard let raw = value as? T.RawValue else { return nil }
        return T(rawValue: raw)
    }

    /// Writes the value's raw value.
    /// - Returns: The raw value, or `nil` for a `nil` value.
    open func transformToJSON(_ value: T?) -> T.RawValue? { value?.rawValue }
}
