import Foundation

/// Converts between `Date` and a Unix timestamp (ObjectMapper's `DateTransform`).
///
/// Reads a JSON number, or a string holding only a number (`"1700000000"`, `"1.7e9"`), in the
/// chosen unit; writes a `Double` in that unit. Booleans, other strings (`"abc"`, `"12abc"`,
/// `" 12"`), non-finite values and other types read as `nil` (ObjectMapper's `atof` would read
/// garbage as 0, the epoch).
///
/// ```swift
/// updated <- (map["updated_at"], DateTransform())                       // seconds
/// created <- (map["created_ms"], DateTransform(unit: .milliseconds))
/// ```
open class DateTransform: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper) and its only state is an immutable enum.

    /// The model's type.
    public typealias Object = Date
    /// The JSON side's type.
    public typealias JSON = Double

    /// The unit of the timestamp in JSON.
    public enum Unit: TimeInterval, Sendable {
        /// Seconds since 1970-01-01T00:00:00Z.
        case seconds = 1
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case milliseconds = 1_000
    }

    private let unit: Unit

    /// Creates a transform for timestamps in `unit`.
    /// - Parameter unit: The JSON timestamp's unit; seconds by default.
    public init(unit: Unit = .seconds) { self.unit = unit }

    /// Reads a timestamp from a number or a numeric string.
    /// - Returns: The date, or `nil` for anything that is not a finite number.
    open func transformFromJSON(_ value: Any?) -> Date? {
        TransformInput.finiteDouble(value).map { Date(timeIntervalSince1970: $0 / unit.rawValue) }
    }

    /// Writes the date as a timestamp in the transform's unit.
    /// - Returns: The timestamp, or `nil` for a `nil` date.
    open func transformToJSON(_ value: Date?) -> Double? { value.map { $0.timeIntervalSince1970 * unit.rawValue } }
}
