import Foundation

/// `NSNumber` as a raw value, so that enums backed by it (`enum Level: NSNumber`) map by
/// their raw values both ways, as in ObjectMapper, where JSON numbers and booleans arrive as
/// `NSNumber`.
extension NSNumber: JSONRawValue {
    /// The number or Boolean (`null` for a non-finite one, which JSON cannot hold).
    public var jsonValue: JSON { JSON(foundation: self) ?? .null }

    /// Reads a number as its ``JSONNumber/foundationNumber`` (an `NSDecimalNumber` keeps
    /// every digit), or a Boolean as `JSONSerialization` gives it.
    public static func fromJSON(_ json: JSON) throws -> Self {
        let number: NSNumber
        switch json {
        case .number(let n):
            number = self == NSDecimalNumber.self ? NSDecimalNumber(string: n.text) : n.foundationNumber
        case .bool(let b):
            number = NSNumber(value: b)
        default:
            throw JSONConversionError.typeMismatch(expected: String(describing: self), found: json.kind)
        }
        guard let typed = number as? Self else {
            throw JSONConversionError.typeMismatch(expected: String(describing: self), found: json.kind)
        }
        return typed
    }
}
