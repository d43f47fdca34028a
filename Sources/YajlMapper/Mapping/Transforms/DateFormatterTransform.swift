import Foundation

/// Converts between `Date` and a string through a `DateFormatter` you configure
/// (ObjectMapper's `DateFormatterTransform`).
///
/// The transform is `Sendable`, so it can be a `static let` shared by every mapping; do not change
/// the formatter's settings after handing it over.
///
/// Each conversion runs the formatter, which is much slower than ``ISO8601DateTransform``; make
/// the transform once and reuse it rather than creating a formatter per property.
///
/// ```swift
/// let formatter = DateFormatter()
/// formatter.locale = Locale(identifier: "en_US_POSIX")
/// formatter.dateFormat = "dd/MM/yyyy"
/// let birthday = DateFormatterTransform(dateFormatter: formatter)
/// born <- (map["born"], birthday)
/// ```
open class DateFormatterTransform: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper); its only state is a DateFormatter,
    // which is Sendable and safe to use from several threads, and which it never changes.
    /// The model's type.
    public typealias Object = Date
    /// The JSON side's type.
    public typealias JSON = String

    /// The formatter used in both directions.
    public let dateFormatter: DateFormatter

    /// Creates a transform that parses and formats with `dateFormatter`.
    /// - Parameter dateFormatter: The formatter; it is used as is, not copied.
    public init(dateFormatter: DateFormatter) { self.dateFormatter = dateFormatter }

    /// Parses a string with the formatter.
    /// - Returns: The date, or `nil` when `value` is not a string the formatter accepts.
    open func transformFromJSON(_ value: Any?) -> Date? { (value as? String).flatMap { dateFormatter.date(from: $0) } }

    /// Formats the date with the formatter.
    /// - Returns: The string, or `nil` for a `nil` date.
    open func transformToJSON(_ value: Date?) -> String? { value.map { dateFormatter.string(from: $0) } }
}

extension DateFormatter {
    /// A formatter with a format and a locale identifier (ObjectMapper's helper):
    /// `DateFormatter(withFormat: "yyyy-MM-dd", locale: "en_US_POSIX")`.
    public convenience init(withFormat format: String, locale: String) {
        self.init()
        self.locale = Locale(identifier: locale)
        dateFormat = format
    }
}

/// Converts between `Date` and a string in a fixed format such as `yyyy-MM-dd`
/// (ObjectMapper's `CustomDateFormatTransform`).
///
/// The formatter uses the `en_US_POSIX` locale and UTC, so results do not depend on the
/// machine's settings. Build the transform once and reuse it: creating a `DateFormatter` is costly.
///
/// ```swift
/// static let day = CustomDateFormatTransform(formatString: "yyyy-MM-dd")
/// released <- (map["released"], Release.day)
/// ```
open class CustomDateFormatTransform: DateFormatterTransform, @unchecked Sendable {
    /// Creates a transform for dates written in `formatString` (Unicode date pattern syntax).
    /// - Parameter formatString: The pattern, e.g. `yyyy-MM-dd'T'HH:mm:ss.SSSZ`.
    public init(formatString: String) {
        let formatter = DateFormatter(withFormat: formatString, locale: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        super.init(dateFormatter: formatter)
    }
}
