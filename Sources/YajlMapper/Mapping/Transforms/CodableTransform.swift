import Foundation

/// Converts between a `Codable` type and its JSON value (ObjectMapper's `CodableTransform`), for
/// embedding `Codable` types in `Mappable` models.
///
/// The JSON value (`[String: Any]`, `[Any]`, or a string, number or boolean) goes through
/// `JSONSerialization` and the decoder; writing goes through the encoder and `JSONSerialization`.
/// Values that are not valid JSON (non-finite numbers, dates) or that do not decode read as `nil`.
///
/// ```swift
/// struct License: Codable { let key: String; let name: String }
/// license <- (map["license"], CodableTransform<License>())
/// ```
open class CodableTransform<T: Codable>: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper); its state is a JSONDecoder and a
    // JSONEncoder, both Sendable, which it never changes.
    /// The model's type.
    public typealias Object = T
    /// The JSON side's type: usually `[String: Any]`, whatever `T` encodes to.
    public typealias JSON = Any

    private let decoder: JSONDecoder
    private let encoder: JSONEncoder

    /// Creates a transform using the given coders (configure dates, keys and so on on them).
    /// - Parameters:
    ///   - decoder: Decodes `T` when reading.
    ///   - encoder: Encodes `T` when writing.
    public init(decoder: JSONDecoder = .init(), encoder: JSONEncoder = .init()) {
        self.decoder = decoder
        self.encoder = encoder
    }

    /// Decodes a `T` from the JSON value.
    /// - Returns: The value, or `nil` when `value` is `nil`, not valid JSON, or does not decode.
    open func transformFromJSON(_ value: Any?) -> T? {
        // Wrapping in an array makes any JSON value, scalars included, a valid top-level value
        // for JSONSerialization (whose invalid input would otherwise raise, not throw, on Darwin).
        guard let value else { return nil }
        let wrapped: [Any] = [value]
        guard JSONSerialization.isValidJSONObject(wrapped),
            let data = try? JSONSerialization.data(withJSONObject: wrapped),
            let decoded = try? decoder.decode([T].self, from: data)
        else { return nil }
        return decoded.first
    }

    /// Encodes the value to its Foundation JSON form (usually `[String: Any]`).
    /// - Returns: The JSON value, or `nil` for `nil` or when encoding fails.
    open func transformToJSON(_ value: T?) -> Any? {
        guard let value,
            let data = try? encoder.encode([value]),
            let array = try? JSONSerialization.jsonObject(with: data) as? [Any]
        else { return nil }
        return array.first
    }
}
