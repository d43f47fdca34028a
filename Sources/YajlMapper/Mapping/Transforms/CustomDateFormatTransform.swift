import Foundation

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
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = formatString
        super.init(dateFormatter: formatter)
    }
}
