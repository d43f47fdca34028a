/// Text formats the fixtures need, written without Foundation so the output is the
/// same everywhere: ISO-8601 UTC timestamps, base64 node ids, score literals.
enum FixtureFormatting {
    /// `2020-04-16T15:33:40Z` for a count of seconds since 1970-01-01T00:00:00Z.
    static func iso8601(secondsSince1970 seconds: Int) -> String {
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600))"
            + ":\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// Seconds since 1970 at midnight UTC of a calendar date.
    static func secondsSince1970(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return (era * 146_097 + dayOfEra - 719_468) * 86_400
    }

    /// Howard Hinnant's civil_from_days.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// Standard base64 with padding, as GitHub's legacy global node ids use
    /// (`MDEwOlJlcG9zaXRvcnkyNTYyNTY2NTI=` is `010:Repository256256652`).
    static func base64(_ text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let b0 = UInt32(input[index])
            let b1 = index + 1 < input.count ? UInt32(input[index + 1]) : 0
            let b2 = index + 2 < input.count ? UInt32(input[index + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(triple >> 18 & 63)])
            output.append(alphabet[Int(triple >> 12 & 63)])
            output.append(index + 1 < input.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            output.append(index + 2 < input.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A search score literal: `1.0` (every match equal) or a relevance like `93.44427`.
    static func scoreLiteral(hundredThousandths value: Int) -> [UInt8] {
        var fraction = value % 100_000
        var text = "\(value / 100_000)."
        if fraction == 0 {
            text += "0"
        } else {
            var digits = 5
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let raw = "\(fraction)"
            text += String(repeating: "0", count: digits - raw.count) + raw
        }
        return Array(text.utf8)
    }
}
