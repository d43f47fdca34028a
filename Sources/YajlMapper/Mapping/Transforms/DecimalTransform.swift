import Foundation

/// Converts between `Decimal` and a JSON number or numeric string (ObjectMapper's `DecimalTransform`).
///
/// Strings and numbers keep every digit `Decimal` can hold (38 significant digits). A JSON number
/// arrives as an `NSNumber`: integers that fit 64 bits are exact, numbers of up to 15 significant
/// digits come as a `Double` whose shortest text is used (so `0.1` reads as exactly `0.1`), and
/// longer ones come as an exact `NSDecimalNumber`.
///
/// Strings must hold only a number (`-1.5e3`; no spaces, no trailing text); values outside
/// `Decimal`'s range (about ±1e165, or below 1e-128), `NaN`, booleans and other types read as `nil`.
/// Writing gives a `Decimal`, which the writer puts out as a JSON number with all its digits.
///
/// ```swift
/// price <- (map["price"], DecimalTransform())
/// ```
open class DecimalTransform: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper) and has no stored state.

    /// The model's type.
    public typealias Object = Decimal
    /// The JSON side's type.
    public typealias JSON = Decimal

    /// Creates the transform.
    public init() {}

    /// Reads a number or a numeric string.
    /// - Returns: The decimal, or `nil` when `value` is not a number `Decimal` can hold.
    open func transformFromJSON(_ value: Any?) -> Decimal? { TransformInput.decimal(value) }

    /// Writes the decimal unchanged (a JSON number).
    /// - Returns: The value, or `nil` for `nil` or `NaN`.
    open func transformToJSON(_ value: Decimal?) -> Decimal? { value?.isNaN == false ? value : nil }
}

extension TransformInput {
    /// A `Decimal` from a numeric string (all digits kept), an `NSDecimalNumber` (as is) or another
    /// number (from its shortest text); `nil` for anything else, `NaN` or out of range.
    static func decimal(_ value: Any?) -> Decimal? {
        let result: Decimal?
        if let string = value as? String {
            result = JSONNumber.isValid(string, lenient: true) ? Decimal(string: string, locale: posixLocale) : nil
        } else if let decimal = value as? Decimal, type(of: value!) == Decimal.self {
            result = decimal
        } else if let decimal = value as? NSDecimalNumber {
            result = decimal.decimalValue
        } else if let number = number(value) {
            // Integers print exactly; doubles print their shortest round-tripping text.
            result = Decimal(string: number.description, locale: posixLocale)
        } else {
            result = nil
        }
        return result?.isNaN == false ? result : nil
    }
}
