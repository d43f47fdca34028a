import Foundation
import Testing

@testable import YajlMapper

/// `YajlDecoder`'s strategies against `JSONDecoder`'s, and its numbers against Swift's own
/// correctly rounded conversions.
@Suite("YajlDecoder: strategies and numbers")
struct DecoderStrategyTests {
    @Test func snakeCaseKeys() {
        var comparison = DecoderComparison()
        comparison.configure = { keys, _, _, _ in keys = .convertFromSnakeCase }
        comparison.expectSame(
            SnakeRepository.self,
            #"{"full_name": "a/b", "stargazers_count": 3, "html_url": "u", "owner_info": {"a_b": 1}}"#)
        comparison.expectSame(SnakeRepository.self, #"{"full_name": "a/b", "fullName": "c", "stargazers_count": 3}"#)
        comparison.expectSame(SnakeRepository.self, #"{"fullName": "c", "full_name": "a/b", "stargazers_count": 3}"#)
        comparison.expectSame(
            SnakeRepository.self, #"{"full_name": "a", "stargazers_count": 3, "__private": true, "_private": false}"#)
        comparison.expectSame(SnakeRepository.self, #"{"full_name": "a"}"#)
        comparison.expectSame([String: Int].self, #"{"a_b": 1, "c_d_e": 2}"#)
    }

    @Test func snakeCaseKeysByPlansLearnedFromOtherDocuments() {
        // The comparison's reused decoder learns its plan from the first document and
        // records the later ones by it: every spelling that converts to a key the type reads
        // must still be found, first one first, and no other spelling must shadow it.
        var comparison = DecoderComparison()
        comparison.configure = { keys, _, _, _ in keys = .convertFromSnakeCase }
        let documents = [
            #"{"full_name": "a/b", "stargazers_count": 3, "html_url": "u", "owner_info": {"a_b": 1}, "_private": true, "extra_key": [1, {"full_name": "x"}]}"#,
            #"{"FULL_NAME": "A", "stargazers_count": 4}"#,
            #"{"fullName": "x", "full_name": "y", "stargazers_count": 1}"#,
            #"{"full_name": "y", "fullName": "x", "stargazers_count": 1}"#,
            #"{"full__name": "z", "stargazers_count": 1}"#,
            #"{"full\u005fname": "escaped", "stargazers_count": 2}"#,
            #"{"fullname": "other key", "full_name": "this key", "stargazers_count": 2}"#,
            #"{"stargazers_count": 5}"#,
            #"{"full_name": "a", "stargazers_count": 1, "html_URL": "not htmlURL"}"#,
            #"{"full_name": "a", "stargazers_count": 1, "_private": "not a Bool"}"#,
            #"{"full_name": "a", "stargazers_count": 1, "owner_info": {"x_y": 2, "x_y": 3, "xY": 4}}"#,
            #"{"full_name": "a", "stargazers_count": 1, "fullNamé": "q", "stargazers_cöunt": 9}"#,
            #"{"full_name": 5, "stargazers_count": 1}"#,
            #"{"_full_name_": "t", "stargazers_count": 1}"#,
            #"{"stargazers_count": 1, "unread": {"full_name": "deep"}, "full_name": "late", "full_name": "later"}"#,
        ]
        for document in documents {
            comparison.expectSame(SnakeRepository.self, document)
            comparison.expectSame([SnakeRepository].self, "[\(document), \(document)]")
        }
        // Keys beyond ASCII are always recorded, and matched after their conversion.
        for document in [
            #"{"naïve_count": 1, "full_name": "a", "état_civil": "x"}"#,
            #"{"NAÏVE_COUNT": 2, "naïveCount": 3, "naïve_count": 4}"#, #"{"naive_count": 5, "Ét_at_civil": "y"}"#,
            #"{"naïve__count": 6, "_naïve_count": 7, "full_name": "b", "ÉtatCivil": "z"}"#,
        ] {
            comparison.expectSame(SnakeUnicode.self, document)
        }
    }

    @Test func snakeCaseConversionMatchesFoundationOnManyKeys() {
        // Each key decoded as a dictionary's only key, through a type whose key is the
        // conversion's result: both decoders must find (or miss) it alike.
        var random = TestRandom(state: 11)
        let pieces = ["_", "__", "a", "B", "url", "URL", "x1", "9", "é", "Ab", "", "snake", "Ω"]
        for _ in 0..<400 {
            let key = (0..<(1 + random.below(5))).map { _ in random.pick(pieces) }.joined()
            let converted = TapeDecoder.camelCase(fromSnakeCase: key)
            let probe = ProbeKey(name: converted)
            let json = "{\"\(key)\": 1}"
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            foundation.userInfo = [ProbeKey.nameKey: converted]
            let yajl = YajlDecoder()
            yajl.keyDecodingStrategy = .convertFromSnakeCase
            yajl.userInfo = [ProbeKey.nameKey: converted]
            let expected = try? foundation.decode(ProbeKey.self, from: Data(json.utf8))
            let actual = try? yajl.decode(ProbeKey.self, from: Data(json.utf8))
            #expect(expected == actual, "\(key) -> \(converted) (\(probe))")
        }
    }

    @Test func customKeys() {
        var comparison = DecoderComparison()
        comparison.configure = { keys, _, _, _ in
            keys = .custom { path in
                YajlCodingKey(
                    stringValue: path.last!.stringValue.uppercased() == "LOGIN"
                        ? "login" : path.last!.stringValue.lowercased())
            }
        }
        comparison.expectSame(Owner.self, #"{"LOGIN": "a", "ID": 2}"#)
        comparison.expectSame([String: Owner].self, #"{"X": {"Login": "a", "Id": 2}}"#)
    }

    @Test func dateStrategies() {
        let cases: [(JSONDecoder.DateDecodingStrategy, [String])] = [
            (.deferredToDate, ["0", "-1.5", "\"x\"", "1e300"]),
            (.secondsSince1970, ["1700000000", "1.5", "null", "\"1\""]),
            (.millisecondsSince1970, ["1700000000123", "-5"]),
            (
                .iso8601,
                [
                    "\"2024-02-29T23:59:59Z\"", "\"2024-02-30T00:00:00Z\"", "\"2016-06-06T13:17:40+02:00\"",
                    "\"2016-06-06T13:17:40.5Z\"", "\"2016-06-06\"", "\"2016-06-06T13:17:40\"", "\"x\"", "12",
                    "\"1970-01-01T00:00:00-00:30\"", "\"2016-06-06t13:17:40z\"",
                ]
            ),
            (
                .custom({ decoder in
                    let text = try decoder.singleValueContainer().decode(String.self)
                    guard let seconds = Double(text) else {
                        throw DecodingError.dataCorrupted(
                            .init(codingPath: decoder.codingPath, debugDescription: "bad"))
                    }
                    return Date(timeIntervalSince1970: seconds)
                }), ["\"12\"", "\"x\"", "12"]
            ),
        ]
        for (strategy, literals) in cases {
            var comparison = DecoderComparison()
            comparison.configure = { _, dates, _, _ in dates = strategy }
            for literal in literals {
                comparison.expectSame(Dated.self, "{\"at\": \(literal)}")
                comparison.expectSame([Date].self, "[\(literal)]")
            }
        }
    }

    @Test func formattedDates() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        var comparison = DecoderComparison()
        comparison.configure = { _, dates, _, _ in dates = .formatted(formatter) }
        comparison.expectSame(Dated.self, #"{"at": "2024/02/29"}"#)
        comparison.expectSame(Dated.self, #"{"at": "2024-02-29"}"#)
    }

    @Test func dataStrategies() {
        let strategies: [JSONDecoder.DataDecodingStrategy] = [
            .base64, .deferredToData,
            .custom({ decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }),
        ]
        for strategy in strategies {
            var comparison = DecoderComparison()
            comparison.configure = { _, dates, data, _ in
                dates = .secondsSince1970
                data = strategy
            }
            for blob in ["\"aGVsbG8=\"", "\"not base64!\"", "[104, 105]", "[300]", "null", "7"] {
                comparison.expectSame(Dated.self, "{\"at\": 0, \"blob\": \(blob)}")
            }
        }
    }

    @Test func nonConformingFloats() {
        var comparison = DecoderComparison()
        comparison.configure = { _, _, _, floats in
            floats = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        for literal in ["\"+inf\"", "\"-inf\"", "\"inf\"", "1.5"] {
            comparison.expectSame(NumberFields.self, "{\"d\": \(literal), \"f\": \(literal)}")
        }
        let nan = comparison.yajl([Double].self, "[\"nan\"]").0
        if case .value(let values) = nan {
            #expect(values.count == 1 && values[0].isNaN)
        } else {
            Issue.record("\(nan)")
        }
        DecoderComparison().expectSame([Double].self, "[\"+inf\"]")
    }

    @Test func integersAtTheirLimits() {
        let fields = ["i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "i", "u"]
        let literals = [
            "0", "-0", "127", "128", "-128", "-129", "255", "256", "-1", "32767", "32768", "65535", "65536",
            "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
            "18446744073709551616", "1e2", "1.0", "1.5", "1E+2", "100e-2", "123456789012345678901234567890", "-1e400",
        ]
        for field in fields {
            for literal in literals {
                DecoderComparison().expectSame(NumberFields.self, "{\"\(field)\": \(literal)}")
            }
        }
    }

    @Test func doublesAndFloatsAreCorrectlyRounded() throws {
        var random = TestRandom(state: 5)
        var literals = [
            "2.2250738585072014e-308", "4.9e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
            "9007199254740993", "9007199254740991", "0.1", "-59.861945999999989", "1.00000005960464477539062499",
            "3.4028235e38", "1.17549435e-38", "1e-45", "7.006492321624085e-46",
        ]
        for _ in 0..<3000 {
            let digits = 1 + random.below(20)
            var text = random.percent(30) ? "-" : ""
            text += String(1 + random.below(9)) + (1..<digits).map { _ in String(random.below(10)) }.joined()
            if random.percent(50) { text.insert(".", at: text.index(text.endIndex, offsetBy: -random.below(digits))) }
            if text.hasSuffix(".") || text.hasPrefix(".") || text.hasPrefix("-.") { text += "5" }
            if random.percent(60) { text += "e\(random.below(640) - 330)" }
            literals.append(text)
        }
        // In an array, in a keyed model and at the top: every path gives Swift's value.
        let doubles = literals.filter { Double($0).map { $0.isFinite && $0 != 0 } ?? false }
        let decodedDoubles = try YajlDecoder().decode(
            [Double].self, from: Data("[\(doubles.joined(separator: ","))]".utf8))
        #expect(decodedDoubles == doubles.map { Double($0)! })
        let floats = literals.filter { Float($0).map { $0.isFinite && $0 != 0 } ?? false }
        let decodedFloats = try YajlDecoder().decode(
            [Float].self, from: Data("[\(floats.joined(separator: ","))]".utf8))
        #expect(decodedFloats == floats.map { Float($0)! })
        for literal in doubles.prefix(300) {
            let fields = try YajlDecoder().decode(NumberFields.self, from: Data("{\"d\": \(literal)}".utf8))
            #expect(fields.d == Double(literal), "\(literal)")
            #expect(try YajlDecoder().decode(Double.self, from: Data(literal.utf8)) == Double(literal))
        }
    }
}

/// Decodes `{"<the name in userInfo>": 1}`: whether a converted key reaches the type.
struct ProbeKey: Decodable, Equatable {
    var name: String
    var found: Bool
    static let nameKey = CodingUserInfoKey(rawValue: "probe")!

    init(name: String) {
        self.name = name
        found = false
    }

    init(from decoder: any Decoder) throws {
        name = decoder.userInfo[Self.nameKey] as! String
        let container = try decoder.container(keyedBy: YajlCodingKey.self)
        found = container.contains(YajlCodingKey(stringValue: name))
    }
}
