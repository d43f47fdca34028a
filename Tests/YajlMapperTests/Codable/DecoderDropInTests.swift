import Foundation
import SearchSeedModel
import Testing

@testable import YajlMapper

/// What code written for `JSONDecoder` relies on beyond the strategies: the type passed in
/// (a subclass as its superclass), the strategy types spelled through the decoder, 128-bit
/// integers, UTF-16 and UTF-32 text, trailing commas, JSON5, configurations. Each against
/// `JSONDecoder` itself where it runs here.
@Suite("YajlDecoder: a drop-in for JSONDecoder")
struct DecoderDropInTests {
    /// Both decoders' outcomes for `data`, each decoder set up by `setup`.
    static func outcomes<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, setup: (YajlDecoder, JSONDecoder) -> Void = { _, _ in }
    ) -> (foundation: DecodeOutcome<T>, yajl: DecodeOutcome<T>) {
        let (yajl, foundation) = (YajlDecoder(), JSONDecoder())
        setup(yajl, foundation)
        func outcome(_ decode: () throws -> T) -> DecodeOutcome<T> {
            do { return .value(try decode()) } catch { return .failure(error) }
        }
        return (outcome { try foundation.decode(T.self, from: data) }, outcome { try yajl.decode(T.self, from: data) })
    }

    /// Expects the same value from both, or both to fail.
    static func expectSame<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, setup: (YajlDecoder, JSONDecoder) -> Void = { _, _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (foundation, yajl) = outcomes(T.self, data, setup: setup)
        switch (foundation, yajl) {
        case (.failure, .failure): break
        default:
            #expect(yajl == foundation, "\(T.self) from \(Array(data))", sourceLocation: sourceLocation)
        }
    }

    @Test func theTypePassedInIsDecodedNotTheStaticOne() throws {
        let json = Data(#"{"name": "Ada", "employeeID": 7}"#.utf8)
        let type: Person.Type = Employee.self
        let decoded = try YajlDecoder().decode(type, from: json)
        let employee = try #require(decoded as? Employee)
        #expect(employee.name == "Ada" && employee.employeeID == 7)
        #expect(Swift.type(of: try JSONDecoder().decode(type, from: json)) == Swift.type(of: decoded))
        // The same decoder, asked for the superclass itself, learns a plan of its own.
        let decoder = YajlDecoder()
        for _ in 0..<2 {
            #expect(Swift.type(of: try decoder.decode(Person.self, from: json)) == Person.self)
            #expect((try decoder.decode(type, from: json) as? Employee)?.employeeID == 7)
        }
    }

    @Test func strategyTypesAreSpelledThroughTheDecoder() throws {
        let dates: YajlDecoder.DateDecodingStrategy = .secondsSince1970
        let keys: YajlDecoder.KeyDecodingStrategy = .convertFromSnakeCase
        let data: YajlDecoder.DataDecodingStrategy = .base64
        let floats: YajlDecoder.NonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = YajlDecoder()
        (decoder.dateDecodingStrategy, decoder.keyDecodingStrategy) = (dates, keys)
        (decoder.dataDecodingStrategy, decoder.nonConformingFloatDecodingStrategy) = (data, floats)
        let json = #"{"created_at": 86400, "ratio": "inf", "blob": "AQI="}"#
        let decoded = try decoder.decode(Stamped.self, from: Data(json.utf8))
        #expect(
            decoded == Stamped(createdAt: Date(timeIntervalSince1970: 86400), ratio: .infinity, blob: Data([1, 2])))
    }

    @Test func int128AndUInt128InEveryContainer() throws {
        let values: [String] = [
            "0", "-1", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
            "170141183460469231731687303715884105727", "-170141183460469231731687303715884105728",
            "340282366920938463463374607431768211455", "170141183460469231731687303715884105728",
            "340282366920938463463374607431768211456", "1e3", "1.5", "\"12\"", "null",
        ]
        for text in values {
            let document = Data(#"{"signed": \#(text), "unsigned": \#(text), "list": [\#(text)]}"#.utf8)
            Self.expectSame(Wide.self, document)
            Self.expectSame(Int128.self, Data(text.utf8))
            Self.expectSame(UInt128.self, Data(text.utf8))
            Self.expectSame([Int128?].self, Data("[\(text), null]".utf8))
            Self.expectSame(OptionalWide.self, Data(#"{"signed": \#(text)}"#.utf8))
        }
        // Exact where the value fits, whatever the spelling: never wrapped, never rounded.
        #expect(
            try YajlDecoder().decode(Int128.self, from: Data("1.7014118346046923173168730371588410572e38".utf8))
                == Int128("170141183460469231731687303715884105720"))
        #expect(throws: DecodingError.self) {
            try YajlDecoder().decode(UInt128.self, from: Data("340282366920938463463374607431768211456".utf8))
        }
    }

    @Test func utf16AndUtf32WithAndWithoutAByteOrderMark() {
        let documents = [#"{"name": "Zoë 👍🏻", "stars": [1, 2]}"#, "7", #""\u00e9 é""#, " [true] "]
        let encodings: [(String.Encoding, mark: [UInt8])] = [
            (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [0xFF, 0xFE]),
            (.utf32BigEndian, [0, 0, 0xFE, 0xFF]), (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
        ]
        for document in documents {
            for (encoding, mark) in encodings {
                let text = document.data(using: encoding)!
                Self.expectSame(JSON.self, text)
                // JSONDecoder takes `FF FE 00 00` for UTF-16's mark: it reads no UTF-32LE with one.
                if encoding != .utf32LittleEndian { Self.expectSame(JSON.self, Data(mark) + text) }
                #expect(
                    (try? YajlDecoder().decode(JSON.self, from: Data(mark) + text))
                        == (try? YajlDecoder().decode(JSON.self, from: Data(document.utf8))), "\(encoding)")
            }
        }
        // What JSONDecoder takes for UTF-32's little-endian mark.
        Self.expectSame(String.self, Data([0xFE, 0xFF, 0, 0]) + "\"x\"".data(using: .utf32LittleEndian)!)
        // Text not valid in its encoding: a lone surrogate, a code unit cut short, a mark
        // that does not match.
        let invalid: [[UInt8]] = [
            [0xFE, 0xFF, 0x00, 0x22, 0xD8, 0x00, 0x00, 0x22], [0x22, 0x00, 0x61, 0x00, 0x22],
            [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x22, 0x00, 0x11, 0x00, 0x00, 0, 0, 0, 0x22],
        ]
        for bytes in invalid {
            #expect(throws: DecodingError.self, "\(bytes)") { try YajlDecoder().decode(String.self, from: Data(bytes)) }
            #expect(throws: (any Error).self, "\(bytes)") { try JSONDecoder().decode(String.self, from: Data(bytes)) }
        }
    }

    @Test func trailingCommasAsJSONDecoderReadsThem() throws {
        let documents = [
            #"{"key": [true,],}"#, "[1,]", "[1 ,\n ]", #"{"a": 1 , }"#, "[[1,],[2,],]", #"["a,]", "b",]"#,
            #"[",]"]"#, "[,]", "{,}", "[1,,]", #"{"a": 1,,}"#, #"{"a",}"#, "[1,]]", ",", "[1]", "[]", "{}",
        ]
        for document in documents {
            Self.expectSame(JSON.self, Data(document.utf8))
            Self.expectSame([Bool].self, Data(document.utf8))
            Self.expectSame([String: [Bool]].self, Data(document.utf8))
        }
        #expect(
            try YajlDecoder().decode([String: [Bool]].self, from: Data(#"{"key": [true,],}"#.utf8)) == ["key": [true]])
        // A comma before each closing bracket in turn, and before all of them.
        let page = #"{"a": [1, [2, {}], {"b": "],}", "c": [[]]}], "d": {"e": null, "f": [true]}}"#
        let closers = page.indices.filter { "]}".contains(page[$0]) }
        var read = 0
        for closer in closers {
            var withComma = page
            withComma.insert(",", at: closer)
            Self.expectSame(JSON.self, Data(withComma.utf8))
            if case .value = Self.outcomes(JSON.self, Data(withComma.utf8)).yajl { read += 1 }
        }
        // All but the ones after `[` or `{`, which both refuse.
        #expect(read == closers.count - 2)
        let quoted = page.range(of: #""],}""#)!
        let afterValues = closers.filter { !"[{".contains(page[page.index(before: $0)]) && !quoted.contains($0) }
        let everywhere = afterValues.reversed().reduce(into: page) { $0.insert(",", at: $1) }
        Self.expectSame(JSON.self, Data(everywhere.utf8))
        #expect(try YajlDecoder().decode(JSON.self, from: Data(everywhere.utf8)) == JSON(parsing: page))
        // A mistake after a trailing comma keeps its place: the comma becomes a space.
        let error = try #require(throws: DecodingError.self) {
            try YajlDecoder().decode([Int].self, from: Data("[1,\n 2,\n ]x".utf8))
        }
        #expect("\(error)".contains("line 3, column 3"), "\(error)")
        // A quote in a comment does not turn strings inside out: `",]"` stays as it is.
        let commented = YajlDecoder()
        commented.parseOptions.allowComments = true
        #expect(try commented.decode([String].self, from: Data(#"/* " */ ["x,]", "y",]"#.utf8)) == ["x,]", "y"])
        #expect(try commented.decode([String].self, from: Data("// \"\n[\"x,]\",]".utf8)) == ["x,]"])
        // The parser, the mapper and the value reader stay strict.
        #expect(throws: JSONParseError.self) { try JSON(parsing: "[1,]") }
        #expect(Mapper<SeedRepository>().map(JSONString: #"{"id": 1, "full_name": "a/b",}"#) == nil)
    }

    @Test(
        "JSONTestSuite: what JSONDecoder accepts, and only that",
        .enabled(if: Corpus.isAvailable, "JSONTestSuite corpus not found next to the package"))
    func acceptsWhatJSONDecoderAccepts() throws {
        // Where they differ: JSONDecoder reads `123e-10000000` and `123.456e-789` as the
        // integer 0 (through a Double); this package keeps them out of every integer type.
        let differences: Set = ["i_number_double_huge_neg_exp.json", "i_number_real_underflow.json"]
        var compared = 0
        for name in Corpus.files("y_") + Corpus.files("n_") + Corpus.files("i_") {
            let data = Data(try Corpus.bytes(name))
            let foundation = (try? JSONDecoder().decode(JSON.self, from: data)) != nil
            let yajl = (try? YajlDecoder().decode(JSON.self, from: data)) != nil
            #expect(
                (foundation == yajl) != differences.contains(name), "\(name): JSONDecoder \(foundation), yajl \(yajl)")
            compared += 1
        }
        #expect(compared > 300)
    }

    @Test func json5IsReadAsJSONDecoderReadsIt() {
        let documents = [
            "{a: 1, 'b': 0x1F, /* note */ c: [+1, .5, 2.,], d: Infinity}", "// c\n{\"a\": 1}", "{\"a\": 1}",
            "{a: 1", "[1, 2]", "{'a': 'x\\\ny'}",
        ]
        for document in documents {
            Self.expectSame([String: Double].self, Data(document.utf8)) { yajl, foundation in
                yajl.allowsJSON5 = true
                foundation.allowsJSON5 = true
            }
            Self.expectSame([String: JSON].self, Data(document.utf8)) { yajl, foundation in
                yajl.allowsJSON5 = true
                foundation.allowsJSON5 = true
            }
        }
        // JSON itself is still read by yajl: its errors carry a line and column.
        let decoder = YajlDecoder()
        decoder.allowsJSON5 = true
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: Data(#"{"a": "x"}"#.utf8)) }
        let error = (try? decoder.decode([String: Int].self, from: Data(#"{"a": "x"}"#.utf8))) == nil
        #expect(error)
        do {
            _ = try decoder.decode([String: Int].self, from: Data("{\"a\":\n \"x\"}".utf8))
        } catch {
            #expect("\(error)".contains("line 2"), "\(error)")
        }
    }

    @Test func assumedTopLevelDictionaries() {
        let documents = [
            #""x" : 42"#, #"{"x" : 42}"#, "", #""x" : 42}"#, #"{"x" : 42"#, "[1, 2]", "42", #""x": 1, "y": 2,"#,
            "x: 1, y: 0x2", " \n ", #""x": 1.5"#,
        ]
        for json5 in [false, true] {
            for document in documents {
                Self.expectSame([String: Double].self, Data(document.utf8)) { yajl, foundation in
                    (yajl.allowsJSON5, yajl.assumesTopLevelDictionary) = (json5, true)
                    (foundation.allowsJSON5, foundation.assumesTopLevelDictionary) = (json5, true)
                }
                Self.expectSame([Int].self, Data(document.utf8)) { yajl, foundation in
                    (yajl.allowsJSON5, yajl.assumesTopLevelDictionary) = (json5, true)
                    (foundation.allowsJSON5, foundation.assumesTopLevelDictionary) = (json5, true)
                }
            }
        }
    }

    @Test func configurationsReachTheValue() throws {
        let json = Data(#"{"amount": 12}"#.utf8)
        let decoder = YajlDecoder()
        let scaled = try decoder.decode(ConfiguredAmount.self, from: json, configuration: 10)
        #expect(scaled.amount == 120)
        #expect(
            try decoder.decode(ConfiguredAmount.self, from: json, configuration: ConfiguredAmount.ByHundred.self).amount
                == 1200)
        #expect(try JSONDecoder().decode(ConfiguredAmount.self, from: json, configuration: 10).amount == 120)
        // Its errors are located as any other's.
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(ConfiguredAmount.self, from: Data("{\n \"amount\": true}".utf8), configuration: 1)
        }
        #expect("\(error)".contains("line 2"), "\(error)")
        let encoded = try YajlEncoder().encode(scaled, configuration: 10)
        #expect(encoded == (try JSONEncoder().encode(scaled, configuration: 10)))
        #expect(
            String(
                decoding: try YajlEncoder().encode(scaled, configuration: ConfiguredAmount.ByHundred.self),
                as: UTF8.self)
                == #"{"amount":1}"#)
    }
}

/// A superclass, decoded as itself.
class Person: Decodable {
    let name: String
}

/// Its subclass, with a field of its own.
final class Employee: Person {
    let employeeID: Int

    enum CodingKeys: String, CodingKey { case employeeID }

    required init(from decoder: any Decoder) throws {
        employeeID = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .employeeID)
        try super.init(from: decoder)
    }
}

/// A value of every strategy.
struct Stamped: Decodable, Equatable {
    let createdAt: Date
    let ratio: Double
    let blob: Data
}

/// 128-bit integers keyed, unkeyed and single.
struct Wide: Codable, Equatable {
    let signed: Int128
    let unsigned: UInt128
    let list: [Int128]
}

/// A 128-bit integer read with `decodeIfPresent`.
struct OptionalWide: Codable, Equatable {
    let signed: Int128?
    let unsigned: UInt128?
}

/// A value decoded and encoded with a scale as its configuration.
struct ConfiguredAmount: DecodableWithConfiguration, EncodableWithConfiguration {
    let amount: Int

    enum CodingKeys: String, CodingKey { case amount }

    init(from decoder: any Decoder, configuration: Int) throws {
        amount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .amount) * configuration
    }

    func encode(to encoder: any Encoder, configuration: Int) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount / configuration, forKey: .amount)
    }

    /// A scale given by a type.
    enum ByHundred: DecodingConfigurationProviding, EncodingConfigurationProviding {
        static var decodingConfiguration: Int { 100 }
        static var encodingConfiguration: Int { 100 }
    }
}
