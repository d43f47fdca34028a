import Foundation

/// Converts between `Date` and ISO 8601 / RFC 3339 date-time strings such as GitHub's
/// `2024-02-29T23:59:59Z` (ObjectMapper's `ISO8601DateTransform`).
///
/// Parsing is hand-written over the UTF-8 bytes (no `DateFormatter`, no allocation), so creating
/// the transform per property and reading millions of dates stays cheap.
///
/// Accepted input: `YYYY-MM-DD`, then `T` (or `t`, or a space as RFC 3339 allows), then `HH:MM`,
/// optional `:SS`, an optional fraction of any number of digits after `.` or `,` (digits past
/// nanoseconds are checked but ignored), then an optional offset: `Z`/`z`, `±HH`, `±HHMM` or
/// `±HH:MM`. A string without an offset is read as UTC (ObjectMapper would use the device's
/// time zone). The year has exactly four digits; month, day (leap years included), hour 00–23,
/// minute and second 00–59 and offset (hours 00–23, minutes 00–59) are range-checked; a leap
/// second `60` is rejected. Anything else, including surrounding spaces or trailing characters,
/// reads as `nil`.
///
/// Output is UTC with `Z`: whole seconds are written as `2024-02-29T23:59:59Z`; a non-zero
/// fraction is kept, rounded to microseconds, with trailing zeros dropped
/// (`2024-02-29T23:59:59.5Z`), so what this transform writes it reads back.
///
/// ```swift
/// createdAt <- (map["created_at"], ISO8601DateTransform())
/// let date = ISO8601DateTransform.date(from: "2024-02-29T23:59:59+02:00")
/// ```
///
/// As in ObjectMapper, it is a ``DateFormatterTransform`` (code that stores it as one keeps
/// working); its `dateFormatter`, shared by every instance and never changed, formats
/// `yyyy-MM-dd'T'HH:mm:ssXXXXX` in UTC, but neither direction uses it.
open class ISO8601DateTransform: DateFormatterTransform, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper); its only state is its superclass's
    // shared formatter, which nothing changes.

    /// The formatter every instance hands its superclass (ObjectMapper's format).
    private static let sharedFormatter: DateFormatter = {
        let formatter = DateFormatter(withFormat: "yyyy-MM-dd'T'HH:mm:ssXXXXX", locale: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter
    }()

    /// Creates the transform (it shares one formatter; creating one per property costs
    /// one small allocation).
    public init() { super.init(dateFormatter: Self.sharedFormatter) }

    /// Reads an ISO 8601 date-time string.
    /// - Returns: The date, or `nil` when `value` is not a well-formed date-time string.
    override open func transformFromJSON(_ value: Any?) -> Date? {
        guard let string = value as? String else { return nil }
        return ISO8601DateTransform.date(from: string)
    }

    /// Writes the date in UTC with `Z`.
    /// - Returns: The string, or `nil` for a `nil` date or one whose time interval is not finite.
    override open func transformToJSON(_ value: Date?) -> String? {
        guard let value, value.timeIntervalSinceReferenceDate.isFinite else { return nil }
        return ISO8601DateTransform.string(from: value)
    }

    /// Parses an ISO 8601 date-time string (see ``ISO8601DateTransform`` for the accepted forms).
    ///
    /// ```swift
    /// ISO8601DateTransform.date(from: "1970-01-01T00:00:00.5Z")?.timeIntervalSince1970 // 0.5
    /// ```
    /// - Parameter string: The text, e.g. `2024-02-29T23:59:59Z`.
    /// - Returns: The date, or `nil` when the text is malformed or out of range.
    public static func date(from string: String) -> Date? {
        if let date = string.utf8.withContiguousStorageIfAvailable({ parse($0) }) { return date }
        var copy = string
        return copy.withUTF8 { parse($0) }
    }

    /// Parses an ISO 8601 date-time from UTF-8 bytes, e.g. straight from the parser's buffer.
    /// - Parameter bytes: The text's UTF-8 bytes, without quotes.
    /// - Returns: The date, or `nil` when the text is malformed or out of range.
    public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? { parse(bytes) }

    /// Formats a date in UTC as `YYYY-MM-DDTHH:MM:SSZ`, with a fraction only when it is non-zero
    /// at microsecond precision.
    ///
    /// Years outside 0000–9999 are written with a sign and as many digits as needed (ISO 8601's
    /// expanded form), which ``date(from:)`` does not read back. A non-finite date (which `Date`
    /// does not normally hold) is clamped to about ±3 million years.
    /// - Parameter date: The date.
    /// - Returns: The string, e.g. `2024-02-29T23:59:59Z`.
    public static func string(from date: Date) -> String { string(from: date, keepsFraction: true) }

    /// ``string(from:)``, or without `keepsFraction` whole seconds rounded down (as
    /// `JSONEncoder`'s `.iso8601` writes them).
    static func string(from date: Date, keepsFraction: Bool) -> String {
        var interval = date.timeIntervalSinceReferenceDate
        if interval.isNaN { interval = 0 }
        interval = min(max(interval, -1e14), 1e14)
        var whole = interval.rounded(.down)
        var micros = keepsFraction ? Int(((interval - whole) * 1_000_000).rounded()) : 0
        if micros >= 1_000_000 { whole += 1; micros -= 1_000_000 }
        let seconds = Int(whole) + secondsFrom1970ToReferenceDate
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return String(unsafeUninitializedCapacity: 48) { buffer in
            var i = 0
            @inline(__always) func put(_ byte: UInt8) { buffer[i] = byte; i += 1 }
            @inline(__always) func put2(_ value: Int) {
                put(UInt8(truncatingIfNeeded: 48 + value / 10)); put(UInt8(truncatingIfNeeded: 48 + value % 10))
            }
            if (0...9999).contains(year) {
                put2(year / 100); put2(year % 100)
            } else {
                put(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                var digits = Array(String(abs(year)).utf8)
                while digits.count < 4 { digits.insert(UInt8(ascii: "0"), at: 0) }
                for digit in digits { put(digit) }
            }
            put(UInt8(ascii: "-")); put2(month); put(UInt8(ascii: "-")); put2(day)
            put(UInt8(ascii: "T")); put2(secondOfDay / 3600)
            put(UInt8(ascii: ":")); put2(secondOfDay / 60 % 60)
            put(UInt8(ascii: ":")); put2(secondOfDay % 60)
            if micros > 0 {
                put(UInt8(ascii: "."))
                var scale = 100_000
                var rest = micros
                while rest > 0 {
                    put(UInt8(truncatingIfNeeded: 48 + rest / scale))
                    rest %= scale
                    scale /= 10
                }
            }
            put(UInt8(ascii: "Z"))
            return i
        }
    }

    /// Seconds from 1970-01-01 to 2001-01-01 (Foundation's reference date).
    static let secondsFrom1970ToReferenceDate = 978_307_200

    /// The value of `count` ASCII digits at `offset`, or `nil` when one is not a digit.
    @inline(__always)
    static func digits(_ p: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for index in offset..<(offset + count) {
            let digit = p[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// The parser behind ``date(from:)``.
    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Date? {
        let n = p.count
        // YYYY-MM-DDTHH:MM is the shortest accepted form.
        guard n >= 16,
            let year = digits(p, 0, 4), p[4] == UInt8(ascii: "-"),
            let month = digits(p, 5, 2), p[7] == UInt8(ascii: "-"),
            let day = digits(p, 8, 2),
            p[10] == UInt8(ascii: "T") || p[10] == UInt8(ascii: "t") || p[10] == UInt8(ascii: " "),
            let hour = digits(p, 11, 2), p[13] == UInt8(ascii: ":"),
            let minute = digits(p, 14, 2)
        else { return nil }
        var i = 16
        var second = 0
        if i < n, p[i] == UInt8(ascii: ":") {
            guard i + 3 <= n, let value = digits(p, i + 1, 2) else { return nil }
            second = value
            i += 3
        }
        var nanoseconds = 0
        if i < n, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") {
            i += 1
            let start = i
            var scale = 100_000_000
            while i < n {
                let digit = p[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                nanoseconds += Int(digit) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if i < n {
            let sign = p[i]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                i += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                guard i + 3 <= n, let offsetHours = digits(p, i + 1, 2) else { return nil }
                i += 3
                var offsetMinutes = 0
                if i < n {
                    if p[i] == UInt8(ascii: ":") { i += 1 }
                    guard i + 2 <= n, let value = digits(p, i, 2) else { return nil }
                    offsetMinutes = value
                    i += 2
                }
                guard offsetHours <= 23, offsetMinutes <= 59 else { return nil }
                offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard i == n,
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let seconds =
            days(fromYear: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offset
        let sinceReference = Double(seconds - secondsFrom1970ToReferenceDate)
        return Date(timeIntervalSinceReferenceDate: sinceReference + Double(nanoseconds) / 1_000_000_000)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    @inline(__always)
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's `days_from_civil`).
    @inline(__always)
    static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Division rounding towards negative infinity.
    @inline(__always)
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
