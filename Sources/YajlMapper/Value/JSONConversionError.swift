/// Why a JSON value could not be read as the Swift type asked for.
public enum JSONConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value is of another kind, e.g. a string where a number was expected.
    case typeMismatch(expected: String, found: JSON.Kind)
    /// The number does not fit the type (never wrapped, never truncated).
    case numberOutOfRange(String, type: String)
    /// The number has a fractional part and the type is an integer.
    case notAnInteger(String, type: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .typeMismatch(let expected, let found):
            return "expected \(expected), found \(found)"
        case .numberOutOfRange(let text, let type):
            return "number \(text) does not fit in \(type)"
        case .notAnInteger(let text, let type):
            return "number \(text) is not an integer (expected \(type))"
        }
    }
}
