import Foundation
import Testing

@testable import YajlMapper

// MARK: - Helpers

private func utcFormatter(_ options: ISO8601DateFormatter.Options, offset: Int = 0) -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = options
    formatter.timeZone = TimeZone(secondsFromGMT: offset)!
    return formatter
}

// MARK: - ISO 8601

@Suite("ISO8601DateTransform")
struct ISO8601TransformTests {
    /// 2024-02-29T23:59:59Z.
    static let leapEnd: TimeInterval = 1_709_251_199

    static let valid: [(String, TimeInterval)] = [
        ("1970-01-01T00:00:00Z", 0),
        ("2024-02-29T23:59:59Z", leapEnd),
        ("2024-02-29T23:59:59.5Z", leapEnd + 0.5),
        ("2024-02-29T23:59:59.123Z", leapEnd + 0.123),
        ("2024-02-29T23:59:59.123456Z", leapEnd + 0.123456),
        ("2024-02-29T23:59:59.123456789Z", leapEnd + 0.123456789),
        ("2024-02-29T23:59:59.1234567891234Z", leapEnd + 0.123456789),
        ("2024-02-29T23:59:59.000Z", leapEnd),
        ("2024-02-29T23:59:59,25Z", leapEnd + 0.25),
        ("2024-03-01T01:59:59+02:00", leapEnd),
        ("2024-02-29T18:29:59-0530", leapEnd),
        ("2024-03-01T04:59:59+05", leapEnd),
        ("2024-03-01T04:59:59.75+05", leapEnd + 0.75),
        ("2024-02-29T23:59:59-00:00", leapEnd),
        ("2024-03-01T23:58:59+23:59", leapEnd),
        ("2024-02-29T23:59:59z", leapEnd),
        ("2024-02-29t23:59:59Z", leapEnd),
        ("2024-02-29 23:59:59Z", leapEnd),
        ("2024-02-29T23:59Z", leapEnd - 59),
        ("2024-02-29T23:59:59", leapEnd),
        ("1969-12-31T23:59:59Z", -1),
        ("1969-12-31T23:59:59.5Z", -0.5),
        ("2000-01-01T00:00:00Z", 946_684_800),
        ("2000-02-29T12:00:00Z", 951_825_600),
        ("2001-01-01T00:00:00Z", 978_307_200),
        ("2038-01-19T03:14:08Z", 2_147_483_648),
        ("1900-01-01T00:00:00Z", -2_208_988_800),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("0000-03-01T00:00:00Z", -62_162_035_200),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ]

    static let invalid: [String] = [
        "",
        "2024",
        "2024-02-29",
        "2024-02-30T00:00:00Z", // Feb 30
        "2023-02-29T00:00:00Z", // not a leap year
        "1900-02-29T00:00:00Z", // century, not a leap year
        "2024-04-31T00:00:00Z",
        "2024-13-01T00:00:00Z",
        "2024-00-10T00:00:00Z",
        "2024-01-00T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T23:60:00Z",
        "2024-01-01T23:59:60Z",
        "2024-01-01T00:00:00ZZ",
        "2024-01-01T00:00:00Z ",
        " 2024-01-01T00:00:00Z",
        "2024-01-01T00:00:00Zgarbage",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00.12a",
        "2024-01-01T00:00:00+2",
        "2024-01-01T00:00:00+02:0",
        "2024-01-01T00:00:00+020",
        "2024-01-01T00:00:00+24:00",
        "2024-01-01T00:00:00+02:60",
        "2024-01-01T00:00:00+0200x",
        "2024-01-01T00:00:00 +02:00",
        "2024-1-01T00:00:00Z",
        "24-01-01T00:00:00Z",
        "2024/01/01T00:00:00Z",
        "2024-01-01X00:00:00Z",
        "2024-01-01T0a:00:00Z",
        "2024-01-01T00:00:0Z",
        "2024-01-01T00:00:",
        "2024-01-01T00:00:00.5UTC",
        "+2024-01-01T00:00:00Z",
        "２０２４-01-01T00:00:00Z",
        "2024-01-01T00:00:00\u{0}",
    ]

    @Test(arguments: valid)
    func parsesValidForm(_ text: String, _ expected: TimeInterval) throws {
        let date = try #require(ISO8601DateTransform.date(from: text), "\(text)")
        #expect(abs(date.timeIntervalSince1970 - expected) < 1e-6, "\(text) → \(date.timeIntervalSince1970)")
        let viaTransform = try #require(ISO8601DateTransform().transformFromJSON(text))
        #expect(viaTransform == date)
        if expected == expected.rounded() {
            #expect(date.timeIntervalSince1970 == expected, "whole seconds are exact: \(text)")
        }
    }

    @Test(arguments: invalid)
    func rejectsInvalidForm(_ text: String) {
        #expect(ISO8601DateTransform.date(from: text) == nil, "\(text.debugDescription)")
        #expect(ISO8601DateTransform().transformFromJSON(text) == nil)
    }

    @Test func rejectsNonStrings() {
        let transform = ISO8601DateTransform()
        #expect(transform.transformFromJSON(nil) == nil)
        #expect(transform.transformFromJSON(NSNumber(value: 1_709_251_199)) == nil)
        #expect(transform.transformFromJSON(true) == nil)
        #expect(transform.transformFromJSON(["2024-02-29T23:59:59Z"]) == nil)
        #expect(transform.transformFromJSON(["a": "2024-02-29T23:59:59Z"]) == nil)
    }

    @Test func parsesBytes() {
        let bytes = Array("2024-02-29T23:59:59Z".utf8)
        let date = bytes.withUnsafeBufferPointer { ISO8601DateTransform.date(fromUTF8: $0) }
        #expect(date?.timeIntervalSince1970 == Self.leapEnd)
        let empty = [UInt8]().withUnsafeBufferPointer { ISO8601DateTransform.date(fromUTF8: $0) }
        #expect(empty == nil)
    }

    @Test func parsesBridgedAndSubstringBackedStrings() {
        let text = "xx2024-02-29T23:59:59Zxx".dropFirst(2).dropLast(2)
        #expect(ISO8601DateTransform.date(from: String(text))?.timeIntervalSince1970 == Self.leapEnd)
        let bridged = NSString(string: "2024-02-29T23:59:59Z") as String
        #expect(ISO8601DateTransform.date(from: bridged)?.timeIntervalSince1970 == Self.leapEnd)
    }

    @Test func writesUTCWithZ() {
        let transform = ISO8601DateTransform()
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: Self.leapEnd)) == "2024-02-29T23:59:59Z")
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.5Z")
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: Self.leapEnd + 0.5)) == "2024-02-29T23:59:59.5Z")
        #expect(
            transform.transformToJSON(Date(timeIntervalSince1970: Self.leapEnd + 0.123)) == "2024-02-29T23:59:59.123Z")
        #expect(
            transform.transformToJSON(Date(timeIntervalSince1970: Self.leapEnd + 0.123456))
                == "2024-02-29T23:59:59.123456Z")
        // Below a microsecond rounds away; 0.9999999 carries into the next second.
        #expect(
            transform.transformToJSON(Date(timeIntervalSince1970: Self.leapEnd + 0.0000001)) == "2024-02-29T23:59:59Z")
        #expect(
            transform.transformToJSON(Date(timeIntervalSince1970: Self.leapEnd + 0.9999999)) == "2024-03-01T00:00:00Z")
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        #expect(transform.transformToJSON(nil) == nil)
    }

    @Test func writesOutOfRangeYearsWithoutCrashing() {
        let transform = ISO8601DateTransform()
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 253_402_300_800)) == "+10000-01-01T00:00:00Z")
        #expect(
            transform.transformToJSON(Date(timeIntervalSince1970: -62_135_596_801 - 86_400 * 366))
                == "-0001-12-31T23:59:59Z")
        #expect(transform.transformToJSON(Date(timeIntervalSinceReferenceDate: .infinity)) == nil)
        #expect(transform.transformToJSON(Date(timeIntervalSinceReferenceDate: .nan)) == nil)
        #expect(!ISO8601DateTransform.string(from: Date(timeIntervalSinceReferenceDate: .infinity)).isEmpty)
        #expect(!ISO8601DateTransform.string(from: .distantFuture).isEmpty)
        // distantPast is 0001-01-01 in the Julian calendar: 0000-12-30 in the proleptic Gregorian one.
        #expect(ISO8601DateTransform.string(from: .distantPast) == "0000-12-30T00:00:00Z")
    }

    @Test func civilArithmeticIsInverse() {
        // Every day from 0000-03-01 to 9999-12-31, both ways.
        let first = ISO8601DateTransform.days(fromYear: 0, month: 3, day: 1)
        let last = ISO8601DateTransform.days(fromYear: 9999, month: 12, day: 31)
        var expected = (year: 0, month: 3, day: 1)
        for days in first...last {
            let civil = ISO8601DateTransform.civil(fromDays: days)
            if civil != expected {
                Issue.record("day \(days): \(civil) != \(expected)")
                return
            }
            if ISO8601DateTransform.days(fromYear: civil.year, month: civil.month, day: civil.day) != days {
                Issue.record("days(from: \(civil)) != \(days)")
                return
            }
            expected.day += 1
            if expected.day > ISO8601DateTransform.daysIn(month: expected.month, year: expected.year) {
                expected.day = 1
                expected.month += 1
                if expected.month > 12 { expected.month = 1; expected.year += 1 }
            }
        }
    }

    @Test func agreesWithFoundationOnWholeSeconds() throws {
        let formatter = utcFormatter(.withInternetDateTime)
        var random = TestRandom(state: 0x1507_2024)
        for _ in 0..<3000 {
            // 1900-01-01 ... 2100-01-01.
            let seconds = TimeInterval(Int64.random(in: -2_208_988_800...4_102_444_800, using: &random))
            let date = Date(timeIntervalSince1970: seconds)
            let foundationText = formatter.string(from: date)
            let ours = ISO8601DateTransform.string(from: date)
            #expect(ours == foundationText)
            let parsed = try #require(ISO8601DateTransform.date(from: foundationText))
            #expect(parsed == formatter.date(from: foundationText))
            #expect(parsed == date)
        }
    }

    @Test func agreesWithFoundationOnFractionsAndOffsets() throws {
        var random = TestRandom(state: 42)
        for _ in 0..<3000 {
            let offset = Int.random(in: -56...56, using: &random) * 15 * 60 // ±14 hours, quarter hours
            let formatter = utcFormatter([.withInternetDateTime, .withFractionalSeconds], offset: offset)
            let milliseconds = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &random)
            let date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            let foundationText = formatter.string(from: date)
            let reference = try #require(formatter.date(from: foundationText))
            let parsed = try #require(ISO8601DateTransform.date(from: foundationText), "\(foundationText)")
            #expect(abs(parsed.timeIntervalSince1970 - reference.timeIntervalSince1970) < 1e-6, "\(foundationText)")
            // What we write, Foundation reads back to the same instant.
            let ours = ISO8601DateTransform.string(from: date)
            let foundationReadsOurs = utcFormatter(
                ours.contains(".")
                    ? [.withInternetDateTime, .withFractionalSeconds] : .withInternetDateTime
            ).date(from: ours)
            let readBack = try #require(foundationReadsOurs, "\(ours)")
            #expect(abs(readBack.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6, "\(ours)")
        }
    }

    @Test func roundTripsAcrossTheWholeRange() throws {
        var random = TestRandom(state: 7)
        for _ in 0..<5000 {
            // 0001-01-01 ... 9999-12-31, microseconds.
            let micros = Int64.random(in: -62_135_596_800_000_000...253_402_300_799_999_999, using: &random)
            let date = Date(timeIntervalSince1970: TimeInterval(micros) / 1_000_000)
            let text = ISO8601DateTransform.string(from: date)
            let parsed = try #require(ISO8601DateTransform.date(from: text), "\(text)")
            // Double holds about 16 digits: 1e-4 s at year 9999, far better near now.
            #expect(abs(parsed.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-4, "\(text)")
            #expect(ISO8601DateTransform.string(from: parsed) == text)
        }
    }
}

// MARK: - Date transforms

@Suite("Date transforms")
struct DateTransformTests {
    @Test func readsSecondsFromNumbersAndNumericStrings() {
        let transform = DateTransform()
        #expect(transform.transformFromJSON(NSNumber(value: 1_700_000_000))?.timeIntervalSince1970 == 1_700_000_000)
        #expect(transform.transformFromJSON(NSNumber(value: 1.5))?.timeIntervalSince1970 == 1.5)
        #expect(transform.transformFromJSON(1_700_000_000.25)?.timeIntervalSince1970 == 1_700_000_000.25)
        #expect(transform.transformFromJSON(1_700_000_000)?.timeIntervalSince1970 == 1_700_000_000)
        #expect(transform.transformFromJSON(Int64(-5))?.timeIntervalSince1970 == -5)
        #expect(transform.transformFromJSON("1700000000")?.timeIntervalSince1970 == 1_700_000_000)
        #expect(transform.transformFromJSON("-12.5")?.timeIntervalSince1970 == -12.5)
        #expect(transform.transformFromJSON("1.7e9")?.timeIntervalSince1970 == 1_700_000_000)
        #expect(transform.transformFromJSON(NSDecimalNumber(string: "12.5"))?.timeIntervalSince1970 == 12.5)
    }

    @Test func readsMilliseconds() {
        let transform = DateTransform(unit: .milliseconds)
        #expect(
            transform.transformFromJSON(NSNumber(value: 1_700_000_000_123 as Int64))?.timeIntervalSince1970
                == 1_700_000_000.123)
        #expect(transform.transformFromJSON("1500")?.timeIntervalSince1970 == 1.5)
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 1.5)) == 1500)
    }

    @Test(
        arguments: [
            nil, "", "abc", "12abc", " 12", "12 ", "1e", "--1", ".", "inf", "nan", "0x10",
            true, false, NSNumber(value: true), NSNumber(value: Double.nan), NSNumber(value: Double.infinity),
            [1], ["a": 1], NSNull(), NSDecimalNumber.notANumber,
        ] as [(any Sendable)?])
    func rejectsMalformed(_ value: (any Sendable)?) {
        #expect(DateTransform().transformFromJSON(value) == nil, "\(String(describing: value))")
    }

    @Test func writesSeconds() {
        let transform = DateTransform()
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 1_709_251_199.5)) == 1_709_251_199.5)
        #expect(transform.transformToJSON(nil) == nil)
        #expect(DateTransform.Unit.milliseconds.rawValue == 1000)
    }

    @Test func customFormatUsesUTCAndPOSIX() throws {
        let transform = CustomDateFormatTransform(formatString: "yyyy-MM-dd")
        #expect(transform.transformFromJSON("2024-02-29")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 1_709_251_199)) == "2024-02-29")
        #expect(transform.dateFormatter.locale.identifier == "en_US_POSIX")
        #expect(transform.dateFormatter.timeZone.secondsFromGMT() == 0)
        let named = CustomDateFormatTransform(formatString: "dd MMM yyyy HH:mm")
        #expect(named.transformFromJSON("29 Feb 2024 23:59")?.timeIntervalSince1970 == 1_709_251_140)
        #expect(named.transformToJSON(Date(timeIntervalSince1970: 1_709_251_140)) == "29 Feb 2024 23:59")
    }

    @Test func customFormatRejectsMalformed() {
        let transform = CustomDateFormatTransform(formatString: "yyyy-MM-dd")
        for value: Any? in [nil, "29/02/2024", "", "garbage", NSNumber(value: 20240229), true, ["2024-02-29"]] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
        #expect(transform.transformToJSON(nil) == nil)
    }

    @Test func dateFormatterTransformUsesTheGivenFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        let transform = DateFormatterTransform(dateFormatter: formatter)
        #expect(transform.dateFormatter === formatter)
        #expect(transform.transformFromJSON("01/03/2024 00:59")?.timeIntervalSince1970 == 1_709_251_140)
        #expect(transform.transformToJSON(Date(timeIntervalSince1970: 1_709_251_140)) == "01/03/2024 00:59")
        #expect(transform.transformFromJSON("2024-03-01") == nil)
        #expect(transform.transformFromJSON(NSNumber(value: 1)) == nil)
        #expect(transform.transformFromJSON(nil) == nil)
        #expect(transform.transformToJSON(nil) == nil)
    }
}

// MARK: - Simple transforms

private enum TransformTestColor: String { case red, green }
private enum TransformTestLevel: Int { case low = 1, high = 2 }
private enum TransformTestRatio: Double { case half = 0.5, whole = 1 }
private struct TransformTestFlag: RawRepresentable, Equatable {
    var rawValue: Bool
    static let on = TransformTestFlag(rawValue: true)
}

@Suite("Simple transforms")
struct SimpleTransformTests {
    @Test func transformOfCastsThenCallsTheClosures() {
        let transform = TransformOf<Int, String>(
            fromJSON: { $0.flatMap { Int($0) } },
            toJSON: { $0.map { String($0) } })
        #expect(transform.transformFromJSON("42") == 42)
        #expect(transform.transformFromJSON("x") == nil)
        #expect(transform.transformFromJSON(NSNumber(value: 42)) == nil) // not a String
        #expect(transform.transformFromJSON(nil) == nil)
        #expect(transform.transformToJSON(7) == "7")
        #expect(transform.transformToJSON(nil) == nil)

        let seesNil = TransformOf<String, String>(fromJSON: { $0 == nil ? "was nil" : $0 }, toJSON: { $0 })
        #expect(seesNil.transformFromJSON([1, 2]) == "was nil")
    }

    @Test func enumTransformReadsRawValues() {
        #expect(EnumTransform<TransformTestColor>().transformFromJSON("red") == .red)
        #expect(EnumTransform<TransformTestLevel>().transformFromJSON(NSNumber(value: 2)) == .high)
        #expect(EnumTransform<TransformTestLevel>().transformFromJSON(2) == .high)
        #expect(EnumTransform<TransformTestRatio>().transformFromJSON(NSNumber(value: 0.5)) == .half)
        #expect(EnumTransform<TransformTestRatio>().transformFromJSON(NSNumber(value: 1)) == .whole)
        #expect(EnumTransform<TransformTestFlag>().transformFromJSON(true) == .on)
        #expect(EnumTransform<TransformTestColor>().transformToJSON(.green) == "green")
        #expect(EnumTransform<TransformTestLevel>().transformToJSON(.low) == 1)
        #expect(EnumTransform<TransformTestLevel>().transformToJSON(nil) == nil)
    }

    @Test func enumTransformRejectsMalformed() {
        let color = EnumTransform<TransformTestColor>()
        for value: Any? in [nil, "blue", "RED", "", NSNumber(value: 1), true, ["red"]] {
            #expect(color.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
        let level = EnumTransform<TransformTestLevel>()
        for value: Any? in [nil, "1", NSNumber(value: 3), NSNumber(value: 1.5), true, NSNumber(value: true), NSNull()] {
            #expect(level.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
    }

    @Test func dataTransformIsBase64() {
        let transform = DataTransform()
        #expect(transform.transformFromJSON("aGk=") == Data("hi".utf8))
        #expect(transform.transformFromJSON("") == Data())
        #expect(transform.transformToJSON(Data("hi".utf8)) == "aGk=")
        #expect(transform.transformToJSON(Data([0xFF, 0x00, 0x10])) == "/wAQ")
        #expect(transform.transformToJSON(nil) == nil)
        for value: Any? in [nil, "!!!", "aGk", "a", NSNumber(value: 5), true, ["aGk="]] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
    }

    @Test func urlTransformReadsAndWrites() throws {
        let transform = URLTransform()
        let url = try #require(transform.transformFromJSON("https://github.com/apple/swift?tab=readme#top"))
        #expect(url.host == "github.com")
        #expect(transform.transformToJSON(url) == "https://github.com/apple/swift?tab=readme#top")
        #expect(transform.transformToJSON(nil) == nil)
        for value: Any? in [nil, "", NSNumber(value: 1), true, ["https://github.com"]] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
    }

    @Test func urlTransformEncodesWhenAsked() throws {
        let encoding = URLTransform(shouldEncodeURLString: true)
        let url = try #require(encoding.transformFromJSON("https://example.com/a b?q=ü"))
        #expect(url.absoluteString == "https://example.com/a%20b?q=%C3%BC")
        let pathOnly = URLTransform(shouldEncodeURLString: true, allowedCharacterSet: .urlPathAllowed)
        #expect(pathOnly.transformFromJSON("/a b?c")?.absoluteString == "/a%20b%3Fc")
    }
}

// MARK: - Decimal transforms

@Suite("Decimal transforms")
struct DecimalTransformTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test func decimalKeepsAllDigitsOfStrings() {
        let transform = DecimalTransform()
        #expect(transform.transformFromJSON("19.99") == Self.decimal("19.99"))
        let long = "123456789012345678901234567890.12345678"
        #expect(transform.transformFromJSON(long)?.description == long)
        #expect(transform.transformFromJSON("-0.000001") == Self.decimal("-0.000001"))
        #expect(transform.transformFromJSON("1.5e3") == 1500)
        #expect(transform.transformFromJSON("+7") == 7)
    }

    @Test func decimalReadsNumbers() {
        let transform = DecimalTransform()
        #expect(transform.transformFromJSON(NSNumber(value: 0.1)) == Self.decimal("0.1"))
        #expect(transform.transformFromJSON(NSNumber(value: Int64.max))?.description == "9223372036854775807")
        #expect(transform.transformFromJSON(NSNumber(value: UInt64.max))?.description == "18446744073709551615")
        #expect(
            transform.transformFromJSON(NSDecimalNumber(string: "1.000000000000000000001"))?.description
                == "1.000000000000000000001")
        #expect(transform.transformFromJSON(Self.decimal("2.5")) == Self.decimal("2.5"))
        #expect(transform.transformFromJSON(2.25) == Self.decimal("2.25"))
        #expect(transform.transformFromJSON(-3) == -3)
    }

    @Test func decimalRejectsMalformed() {
        let transform = DecimalTransform()
        for value: Any? in [
            nil, "", "abc", "12abc", " 12", "1e", ".", "NaN", "1e500", "1,5",
            true, NSNumber(value: false), NSNumber(value: Double.nan), NSNumber(value: 1e300),
            NSDecimalNumber.notANumber, Decimal.nan, [1], ["a": 1],
        ] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
    }

    @Test func decimalWritesDecimals() {
        let transform = DecimalTransform()
        #expect(transform.transformToJSON(Self.decimal("19.99")) == Self.decimal("19.99"))
        #expect(transform.transformToJSON(nil) == nil)
        #expect(transform.transformToJSON(Decimal.nan) == nil)
        // The writer turns the Decimal into a JSON number with every digit.
        let long = Self.decimal("123456789012345678901234567890.5")
        #expect(
            JSON(foundation: transform.transformToJSON(long)!)
                == .number(JSONNumber("123456789012345678901234567890.5")!))
    }

    @Test func nsDecimalNumberReadsAndWrites() {
        let transform = NSDecimalNumberTransform()
        #expect(transform.transformFromJSON("19.99") == NSDecimalNumber(string: "19.99"))
        #expect(
            transform.transformFromJSON("123456789012345678901234567890.5")?.description
                == "123456789012345678901234567890.5")
        #expect(transform.transformFromJSON(NSNumber(value: 0.1)) == NSDecimalNumber(string: "0.1"))
        #expect(transform.transformFromJSON(NSNumber(value: 42)) == 42)
        let exact = NSDecimalNumber(string: "0.30000000000000000001")
        #expect(transform.transformFromJSON(exact) === exact)
        #expect(transform.transformToJSON(NSDecimalNumber(string: "19.99")) == "19.99")
        #expect(transform.transformToJSON(NSDecimalNumber(value: -3)) == "-3")
        #expect(transform.transformToJSON(nil) == nil)
        #expect(transform.transformToJSON(.notANumber) == nil)
    }

    @Test func nsDecimalNumberRejectsMalformed() {
        let transform = NSDecimalNumberTransform()
        for value: Any? in [
            nil, "", "abc", "12abc", "1e500", true, NSNumber(value: Double.infinity),
            NSDecimalNumber.notANumber, [1],
        ] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
    }
}

// MARK: - Model transforms

private struct TransformTestServer: Mappable, Equatable {
    var host: String?
    var port: Int?
    init?(map: Map) {
        if map["host"].currentValue == nil { return nil }
    }
    init(host: String, port: Int) { self.host = host; self.port = port }
    mutating func mapping(map: Map) {
        host <- map["host"]
        port <- map["port"]
    }
}

private enum TransformTestEnvironment: String { case staging, production }

private struct TransformTestLicense: Codable, Equatable {
    var key: String
    var name: String
    var spdx: String?
}

@Suite("Model transforms")
struct ModelTransformTests {
    @Test func dictionaryTransformMapsKnownKeysAndObjects() {
        let transform = DictionaryTransform<TransformTestEnvironment, TransformTestServer>()
        let json: [String: Any] = [
            "staging": ["host": "staging.example.com", "port": NSNumber(value: 8080)],
            "production": ["host": "example.com", "port": NSNumber(value: 443)],
            "unknown": ["host": "x", "port": NSNumber(value: 1)],
        ]
        let result = transform.transformFromJSON(json)
        #expect(
            result == [
                .staging: TransformTestServer(host: "staging.example.com", port: 8080),
                .production: TransformTestServer(host: "example.com", port: 443),
            ])
        let skipped: [String: Any] = ["staging": "not an object", "production": ["port": NSNumber(value: 1)]]
        #expect(transform.transformFromJSON(skipped) == [:])
        for value: Any? in [nil, "x", NSNumber(value: 1), [json]] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
    }

    @Test func dictionaryTransformWritesModels() throws {
        let transform = DictionaryTransform<TransformTestEnvironment, TransformTestServer>()
        let written = try #require(
            transform.transformToJSON([.production: TransformTestServer(host: "example.com", port: 443)]))
        let production = try #require(written["production"] as? [String: Any])
        #expect(production["host"] as? String == "example.com")
        #expect(production["port"] as? Int == 443)
        #expect(written.count == 1)
        #expect(transform.transformToJSON(nil) == nil)
        #expect(transform.transformToJSON([:])?.isEmpty == true)
    }

    @Test func codableTransformDecodesObjects() {
        let transform = CodableTransform<TransformTestLicense>()
        let json: [String: Any] = ["key": "mit", "name": "MIT License", "spdx": NSNull(), "extra": [1, 2]]
        #expect(transform.transformFromJSON(json) == TransformTestLicense(key: "mit", name: "MIT License", spdx: nil))
        let arrays = CodableTransform<[TransformTestLicense]>()
        #expect(
            arrays.transformFromJSON([["key": "a", "name": "A"]] as [Any]) == [
                TransformTestLicense(key: "a", name: "A")
            ])
        #expect(CodableTransform<String>().transformFromJSON("plain") == "plain")
        #expect(CodableTransform<Int>().transformFromJSON(NSNumber(value: 42)) == 42)
        #expect(CodableTransform<Bool>().transformFromJSON(true) == true)
    }

    @Test func codableTransformRejectsMalformed() {
        let transform = CodableTransform<TransformTestLicense>()
        for value: Any? in [
            nil, "mit", NSNumber(value: 1), true, [1, 2], ["key": "mit"], ["key": 1, "name": "x"],
            ["key": "mit", "name": "x", "spdx": NSNumber(value: Double.nan)], ["key": Date(), "name": "x"],
        ] {
            #expect(transform.transformFromJSON(value) == nil, "\(String(describing: value))")
        }
        #expect(CodableTransform<Int>().transformFromJSON("42") == nil)
    }

    @Test func codableTransformEncodes() throws {
        let transform = CodableTransform<TransformTestLicense>()
        let written = try #require(
            transform.transformToJSON(TransformTestLicense(key: "mit", name: "MIT License", spdx: "MIT"))
                as? [String: Any])
        #expect(written["key"] as? String == "mit")
        #expect(written["spdx"] as? String == "MIT")
        #expect(transform.transformToJSON(nil) == nil)
        #expect(CodableTransform<Int>().transformToJSON(5) as? Int == 5)
        #expect(CodableTransform<Double>().transformToJSON(.nan) == nil) // the encoder refuses NaN
    }
}

// MARK: - Transforms with `<-`

private struct TransformTestRepository: Mappable {
    var createdAt: Date?
    var pushedAt: Date!
    var updatedAt: Date?
    var homepage: URL?
    var color: TransformTestColor?
    var price: Decimal?
    var balance: NSDecimalNumber?
    var content: Data?
    var license: TransformTestLicense?
    var servers: [TransformTestEnvironment: TransformTestServer]?
    var stamps: [Date]?
    var stars: Int?
    var day: Date?

    static let day = CustomDateFormatTransform(formatString: "yyyy-MM-dd")
    // TransformOf is not Sendable (its closures need not be): a computed property, not a `static let`.
    static var stars: TransformOf<Int, String> {
        TransformOf(fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map { String($0) } })
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        createdAt <- (map["created_at"], ISO8601DateTransform())
        pushedAt <- (map["pushed_at"], ISO8601DateTransform())
        updatedAt <- (map["updated_at"], DateTransform())
        homepage <- (map["homepage"], URLTransform())
        color <- (map["color"], EnumTransform<TransformTestColor>())
        price <- (map["price"], DecimalTransform())
        balance <- (map["balance"], NSDecimalNumberTransform())
        content <- (map["content"], DataTransform())
        license <- (map["license"], CodableTransform<TransformTestLicense>())
        servers <- (map["servers"], DictionaryTransform<TransformTestEnvironment, TransformTestServer>())
        stamps <- (map["stamps"], ISO8601DateTransform())
        stars <- (map["stars"], Self.stars)
        day <- (map["day"], Self.day)
    }
}

@Suite("Transforms in models")
struct TransformOperatorTests {
    static let text = """
        {
          "created_at": "2024-02-29T23:59:59Z",
          "pushed_at": "2024-03-01T01:59:59.5+02:00",
          "updated_at": 1709251199,
          "homepage": "https://example.com/docs",
          "color": "green",
          "price": "123456789012345678901234567890.5",
          "balance": 0.1,
          "content": "aGk=",
          "license": {"key": "mit", "name": "MIT License", "spdx": "MIT"},
          "servers": {"production": {"host": "example.com", "port": 443}, "elsewhere": {"host": "x"}},
          "stamps": ["1970-01-01T00:00:00Z", "2000-01-01T00:00:00Z"],
          "stars": "12",
          "day": "2024-02-29"
        }
        """

    @Test func readsThroughTransforms() throws {
        let model = try #require(Mapper<TransformTestRepository>().map(JSONString: Self.text))
        #expect(model.createdAt?.timeIntervalSince1970 == 1_709_251_199)
        #expect(model.pushedAt?.timeIntervalSince1970 == 1_709_251_199.5)
        #expect(model.updatedAt?.timeIntervalSince1970 == 1_709_251_199)
        #expect(model.homepage?.absoluteString == "https://example.com/docs")
        #expect(model.color == .green)
        #expect(model.price?.description == "123456789012345678901234567890.5")
        #expect(model.balance == NSDecimalNumber(string: "0.1"))
        #expect(model.content == Data("hi".utf8))
        #expect(model.license == TransformTestLicense(key: "mit", name: "MIT License", spdx: "MIT"))
        #expect(model.servers == [.production: TransformTestServer(host: "example.com", port: 443)])
        #expect(model.stamps?.map(\.timeIntervalSince1970) == [0, 946_684_800])
        #expect(model.stars == 12)
        #expect(model.day?.timeIntervalSince1970 == 1_709_164_800)
    }

    @Test func malformedValuesLeavePropertiesUnset() throws {
        let text = """
            {"created_at": "2024-02-30T00:00:00Z", "updated_at": "soon", "homepage": 5, "color": "blue",
             "price": "12abc", "content": "!!", "license": {"key": 1}, "servers": [], "stars": 12, "day": "29/02/2024"}
            """
        let model = try #require(Mapper<TransformTestRepository>().map(JSONString: text))
        #expect(model.createdAt == nil)
        #expect(model.pushedAt == nil)
        #expect(model.updatedAt == nil)
        #expect(model.homepage == nil)
        #expect(model.color == nil)
        #expect(model.price == nil)
        #expect(model.content == nil)
        #expect(model.license == nil)
        #expect(model.servers == nil)
        #expect(model.stars == nil)
        #expect(model.day == nil)
    }

    @Test func writesThroughTransforms() throws {
        let model = try #require(Mapper<TransformTestRepository>().map(JSONString: Self.text))
        let json = model.toJSON()
        #expect(json["created_at"] as? String == "2024-02-29T23:59:59Z")
        #expect(json["pushed_at"] as? String == "2024-02-29T23:59:59.5Z")
        #expect((json["updated_at"] as? NSNumber)?.doubleValue == 1_709_251_199)
        #expect(json["homepage"] as? String == "https://example.com/docs")
        #expect(json["color"] as? String == "green")
        #expect(json["balance"] as? String == "0.1")
        #expect(json["content"] as? String == "aGk=")
        #expect((json["license"] as? [String: Any])?["spdx"] as? String == "MIT")
        #expect(
            ((json["servers"] as? [String: Any])?["production"] as? [String: Any])?["host"] as? String == "example.com")
        #expect(json["stamps"] as? [String] == ["1970-01-01T00:00:00Z", "2000-01-01T00:00:00Z"])
        #expect(json["stars"] as? String == "12")
        #expect(json["day"] as? String == "2024-02-29")
        // The Decimal is written as a JSON number with every digit.
        let written = try #require(model.toJSONString())
        #expect(written.contains("\"price\":123456789012345678901234567890.5"))
        // And the written text maps back to the same values.
        let again = try #require(Mapper<TransformTestRepository>().map(JSONString: written))
        #expect(again.pushedAt == model.pushedAt)
        // A number with more than 15 significant digits reaches transforms as an exact
        // NSDecimalNumber, so the round trip keeps every digit.
        #expect(again.price?.description == "123456789012345678901234567890.5")
        #expect(again.servers == model.servers)
        #expect(again.license == model.license)
    }
}
