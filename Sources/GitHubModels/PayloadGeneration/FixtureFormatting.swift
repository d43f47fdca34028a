import Foundation
import YajlMapper

/// Text formats the fixtures need, the same on every machine: ISO-8601 UTC timestamps,
/// base64 node ids, score literals.
enum FixtureFormatting {
    /// `2020-04-16T15:33:40Z` for a count of seconds since 1970-01-01T00:00:00Z (the same
    /// calendar arithmetic the mapping's ISO-8601 transform reads back).
    static func iso8601(secondsSince1970 seconds: Int) -> String {
        ISO8601DateTransform.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Seconds since 1970 at midnight UTC of a calendar date.
    static func secondsSince1970(year: Int, month: Int, day: Int) -> Int {
        let text = "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)T00:00:00Z"
        return Int(ISO8601DateTransform.date(from: text)!.timeIntervalSince1970)
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
