import Foundation

/// Converts between `NSDecimalNumber` and a string (ObjectMapper's `NSDecimalNumberTransform`).
///
/// Reads a numeric string (every digit `NSDecimalNumber` can hold, 38 significant digits) or a
/// JSON number; a JSON number that is not a 64-bit integer was already rounded to a `Double`
/// before the transform saw it (see ``DecimalTransform``). Garbage strings, `NaN`, booleans and
/// values out of range read as `nil` (ObjectMapper would give `NSDecimalNumber.notANumber`).
/// Writes the number's `description`, e.g. `"19.99"`.
///
/// ```swift
/// balance <- (map["balance"], NSDecimalNumberTransform())
/// ```
open class NSDecimalNumberTransform: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper) and has no stored state.

    /// The model's type.
    public typealias Object = NSDecimalNumber
    /// The JSON side's type.
    public typealias JSON = String

    /// Creates the transform.
    public init() {}

    /// Reads a numeric string or a number.
    /// - Returns: The number, or `nil` when `value` is not a number `NSDecimalNumber` can hold.
    open func transformFromJSON(_ value: Any?) -> NSDecimalNumber? {
        if let decimal = value as? NSDecimalNumber { return decimal == NSDecimalNumber.notANumber ? nil : decimal }
        return TransformInput.decimal(value).map { NSDecimalNumber(decimal: $0) }
    }

    /// Writes the number as a string.
    /// - Returns: The number's `description`, or `nil` for `nil` or `NaN`.
    open func transformToJSON(_ value: NSDecimalNumber?) -> String? {
        value?.decimalValue.isNaN == false ? value?.description : nil
    }
}
