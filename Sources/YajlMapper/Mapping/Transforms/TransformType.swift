/// Converts between a model's type and the JSON value stored for it (ObjectMapper's `TransformType`).
///
/// `transformFromJSON` receives the JSON value as Foundation would give it: `String`,
/// `NSNumber` (for every number), `Bool`, `[Any]`, `[String: Any]`, or `nil` for null and
/// absent values. Use a transform with `<-` as `date <- (map["created_at"], ISO8601DateTransform())`.
public protocol TransformType {
    /// The model's type.
    associatedtype Object
    /// The JSON side's type (`String`, `Double`, `[String: Any]`, ...).
    associatedtype JSON

    /// Converts a JSON value; `nil` when it cannot.
    func transformFromJSON(_ value: Any?) -> Object?
    /// Converts a model value for writing; `nil` writes nothing (or `null`).
    func transformToJSON(_ value: Object?) -> JSON?
}
