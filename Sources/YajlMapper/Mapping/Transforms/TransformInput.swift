import Foundation

/// Helpers shared by the transforms for reading the loosely typed values they receive.
///
/// Transforms get `String`, `NSNumber` (every number), `Bool`, `[Any]`, `[String: Any]` or `nil`.
/// On Linux an `NSNumber` casts to `Bool` and a Swift `Bool` casts to `NSNumber`, so booleans
/// have to be told apart from numbers explicitly.
enum TransformInput {
    /// The POSIX locale, for locale-independent number and date parsing.
    static let posixLocale = Locale(identifier: "en_US_POSIX")

    /// Whether `value` is a JSON boolean (a Swift `Bool`, or an `NSNumber` made from one).
    @inline(__always)
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        if let number = value as? NSNumber, !(number is NSDecimalNumber) {
            let code = UInt8(bitPattern: number.objCType.pointee)
            return code == UInt8(ascii: "c") || code == UInt8(ascii: "B")
        }
        return false
    }

    /// A number that is not a boolean: an `NSNumber`, or a Swift integer or floating-point value.
    static func number(_ value: Any?) -> NSNumber? {
        guard let value, !isBoolean(value) else { return nil }
        switch value {
        case let number as NSNumber: return number
        case let double as Double: return NSNumber(value: double)
        case let int as Int: return NSNumber(value: int)
        case let int as Int64: return NSNumber(value: int)
        case let float as Float: return NSNumber(value: float)
        default: return nil
        }
    }

    /// A finite `Double` from a number or from a string holding only a number (no spaces, no
    /// trailing characters); `nil` for anything else.
    static func finiteDouble(_ value: Any?) -> Double? {
        let result: Double?
        if let string = value as? String {
            result = JSONNumber.isValid(string, lenient: true) ? Double(string) : nil
        } else if let decimal = value as? NSDecimalNumber {
            // Through its exact text: `doubleValue` is not correctly rounded on Linux.
            result = decimal == NSDecimalNumber.notANumber ? nil : Double(decimal.description(withLocale: posixLocale))
        } else {
            result = number(value)?.doubleValue
        }
        guard let result, result.isFinite else { return nil }
        return result
    }
}
