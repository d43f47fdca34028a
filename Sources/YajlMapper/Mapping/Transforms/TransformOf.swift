/// A transform built from two closures, for one-off conversions (ObjectMapper's `TransformOf`).
///
/// The JSON value is cast to `JSONType` first; a value of another type reaches `fromJSON` as `nil`.
///
/// ```swift
/// let cents = TransformOf<Int, String>(
///     fromJSON: { $0.flatMap { Double($0) }.map { Int(($0 * 100).rounded()) } },
///     toJSON: { $0.map { String(Double($0) / 100) } })
/// price <- (map["price"], cents)
/// ```
///
/// Like ObjectMapper's, the closures need not be `@Sendable`, so a `TransformOf` is not
/// `Sendable`: to share one, use a computed `static var` (or create it inside `mapping(map:)`)
/// rather than a `static let`.
open class TransformOf<ObjectType, JSONType>: TransformType {
    /// The model's type.
    public typealias Object = ObjectType
    /// The JSON side's type.
    public typealias JSON = JSONType

    private let fromJSON: (JSONType?) -> ObjectType?
    private let toJSON: (ObjectType?) -> JSONType?

    /// Creates a transform from its two directions.
    /// - Parameters:
    ///   - fromJSON: Converts the JSON value (`nil` when absent, null or not a `JSONType`).
    ///   - toJSON: Converts a model value for writing; `nil` writes nothing.
    public init(fromJSON: @escaping (JSONType?) -> ObjectType?, toJSON: @escaping (ObjectType?) -> JSONType?) {
        self.fromJSON = fromJSON
        self.toJSON = toJSON
    }

    /// Casts `value` to `JSONType` (or `nil`) and passes it to the `fromJSON` closure.
    /// - Returns: What the closure returns.
    open func transformFromJSON(_ value: Any?) -> ObjectType? { fromJSON(value as? JSONType) }

    /// Passes `value` to the `toJSON` closure.
    /// - Returns: What the closure returns.
    open func transformToJSON(_ value: ObjectType?) -> JSONType? { toJSON(value) }
}
