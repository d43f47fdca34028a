import Foundation

/// Converts between `Data` and a base64 string (ObjectMapper's `DataTransform`).
///
/// ```swift
/// content <- (map["content"], DataTransform())   // "aGk=" ↔ Data("hi".utf8)
/// ```
open class DataTransform: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper) and has no stored state.

    /// The model's type.
    public typealias Object = Data
    /// The JSON side's type.
    public typealias JSON = String

    /// Creates the transform.
    public init() {}

    /// Decodes a base64 string (standard alphabet, padded; line breaks are not accepted).
    /// - Returns: The bytes, or `nil` when `value` is not a string of valid base64.
    open func transformFromJSON(_ value: Any?) -> Data? { (value as? String).flatMap { Data(base64Encoded: $0) } }

    /// Encodes the bytes as base64 without line breaks.
    /// - Returns: The string, or `nil` for `nil` data.
    open func transformToJSON(_ value: Data?) -> String? { value?.base64EncodedString() }
}
