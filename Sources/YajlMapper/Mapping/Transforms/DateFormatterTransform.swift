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
    public init(dateFormatter: DateFormatter) {
        self.dateFormatter = dateFormatter
    }

    /// Parses a string with the formatter.
    /// - Returns: The date, or `nil` when `value` is not a string the formatter accepts.
    open func transformFromJSON(_ value: Any?) -> Date? {
        guard let string = value as? String else { return nil }
        return dateFormatter.date(from: string)
    }

    /// Formats the date with the formatter.
    /// - Returns: The string, or `nil` for a `nil` date.
    open func transformToJSON(_ value: Date?) -> String? {
        guard let value else { return nil }
        return dateFormatter.string(from: value)
    }
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
