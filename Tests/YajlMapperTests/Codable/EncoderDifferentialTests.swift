import Foundation
import Testing

@testable import YajlMapper

/// `YajlEncoder` against `JSONEncoder`: under `.sortedKeys` the same bytes, compact and
/// pretty, for every kind of value and strategy; and whatever it writes, `JSONDecoder`
/// reads back to the value it was given.
@Suite("YajlEncoder: the output of JSONEncoder")
struct EncoderDifferentialTests {
    /// Configures an encoder (both kinds take the same settings).
    typealias Setup = (
        _ keys: inout JSONEncoder.KeyEncodingStrategy, _ dates: inout JSONEncoder.DateEncodingStrategy,
        _ data: inout JSONEncoder.DataEncodingStrategy, _ floats: inout JSONEncoder.NonConformingFloatEncodingStrategy
    ) -> Void

    /// Both encoders' outputs (or errors, as text) for `value` under `formatting` plus `.sortedKeys`.
    static func outputs<T: Encodable>(
        _ value: T, _ formatting: JSONEncoder.OutputFormatting = [], setup: Setup = { _, _, _, _ in }
    ) -> (foundation: String, yajl: String) {
        let foundation = JSONEncoder()
        foundation.outputFormatting = formatting.union(.sortedKeys)
        // One strategy at a time: JSONEncoder's setters take a lock each.
        var (keys, dates, data, floats) = (
            foundation.keyEncodingStrategy, foundation.dateEncodingStrategy, foundation.dataEncodingStrategy,
            foundation.nonConformingFloatEncodingStrategy
        )
        setup(&keys, &dates, &data, &floats)
        foundation.keyEncodingStrategy = keys
        foundation.dateEncodingStrategy = dates
        foundation.dataEncodingStrategy = data
        foundation.nonConformingFloatEncodingStrategy = floats
        let yajl = YajlEncoder()
        yajl.outputFormatting = formatting.union(.sortedKeys)
        setup(
            &yajl.keyEncodingStrategy, &yajl.dateEncodingStrategy, &yajl.dataEncodingStrategy,
            &yajl.nonConformingFloatEncodingStrategy)
        func text(_ encode: () throws -> Data) -> String {
            do { return String(decoding: try encode(), as: UTF8.self) } catch { return "error: \(Self.kind(error))" }
        }
        return (text { try foundation.encode(value) }, text { try yajl.encode(value) })
    }

    /// An encoding error's case and path.
    static func kind(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
        return "invalidValue at \(context.codingPath.map(\.stringValue))"
    }

    /// Expects the same text from both, compact and pretty, with and without escaped slashes.
    static func expectSame<T: Encodable>(
        _ value: T, setup: Setup = { _, _, _, _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for formatting: JSONEncoder.OutputFormatting in [[], .prettyPrinted, .withoutEscapingSlashes] {
            let (foundation, yajl) = outputs(value, formatting, setup: setup)
            #expect(yajl == foundation, "\(T.self), \(formatting.rawValue)", sourceLocation: sourceLocation)
        }
    }

    static let repository = Repository(
        id: 3_081_286, name: "Te\"tr\\is/\u{1}\t\u{7F}é😀",
        owner: Owner(login: "dtrupenn", id: 872_147, siteAdmin: false),
        stars: 1, score: 12.5, ratio: 0.1, topics: ["game", "js", ""], license: ["spdx": "MIT", "a/b": "c"],
        visibility: .public, archived: false, homepage: URL(string: "https://example.com/a?b=c"),
        sizes: [1: 10, -2: 20, 30: 0], matrix: [[1, 2], [], [-128, 127]])

    @Test func modelsAndCollections() throws {
        Self.expectSame(Self.repository)
        Self.expectSame([Self.repository, Self.repository])
        Self.expectSame(Owner(login: "", id: Int.min, siteAdmin: nil))
        Self.expectSame([String: [Int]]())
        Self.expectSame([[Int]]([[], [1], []]))
        Self.expectSame([String: Owner]())
        Self.expectSame(["b": 1, "a10": 2, "a9": 3, "B": 4, "_": 5, "ä": 6, "A": 7])
        Self.expectSame([CodableShape.circle(radius: 2), .rectangle(width: 1, height: 2), .point, .labelled("x", 3)])
        Self.expectSame(
            try JSONDecoder().decode(Dog.self, from: Data(#"{"breed": "collie", "super": {"name": "Rex"}}"#.utf8)))
        Self.expectSame(NumberFields(i8: -128, u8: 255, i16: .min, u16: .max, i32: .min))
    }

    /// More shapes of objects inside one object than the encoder keeps (32): the outer
    /// object's keys stay its own after the inner ones took the room.
    @Test func manyShapesInsideOneObject() {
        struct Holder: Encodable {
            var first = 1
            var inner: [[String: Int]]
            var last = "z"
        }
        let inner = (0..<40).map { ["key\($0)": $0, "shared": 0] }
        Self.expectSame(Holder(inner: inner))
        Self.expectSame([Holder(inner: inner), Holder(inner: inner.reversed())])
    }

    @Test func fragmentsNumbersAndStrings() {
        Self.expectSame("x/y\u{8}\u{C}\n\r\"")
        Self.expectSame(0)
        Self.expectSame(true)
        Self.expectSame([Int64.min, Int64.max, 0, -1])
        Self.expectSame([UInt64.max])
        Self.expectSame([
            1.0, 1e21, 1e-7, 123_456_789_012_345_680.0, -0.0, 5e-324, 1.797_693_134_862_315_7e308, 0.1, 2.5,
        ])
        Self.expectSame([Float(1), 3.402_823_5e38, 1e-45, 0.3, -2.5])
        Self.expectSame([Decimal(string: "3.14")!, Decimal(string: "-12345678901234567890.5")!])
        Self.expectSame([UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!])
        Self.expectSame([Int?.none, 1])
        Self.expectSame((0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined())
    }

    @Test func randomDoublesAndFloatsAreWrittenAsJSONEncoderWritesThem() throws {
        // Any bit pattern (finite), and short decimals of every magnitude.
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = []
        var floats: [Float] = []
        while doubles.count < 20_000 {
            let double = Double(bitPattern: generator.next())
            if double.isFinite { doubles.append(double) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if float.isFinite { floats.append(float) }
            let decimal = Double("\(Int.random(in: -99_999...99_999))e\(Int.random(in: -30...30))")!
            doubles.append(decimal)
        }
        let foundation = JSONEncoder()
        let yajl = YajlEncoder()
        #expect(try yajl.encode(doubles) == foundation.encode(doubles))
        #expect(try yajl.encode(floats) == foundation.encode(floats))
    }

    @Test func theEmptyValueAndNonConformingFloats() {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        Self.expectSame(Nothing())
        Self.expectSame([Nothing()])
        Self.expectSame(["a": Nothing()])
        Self.expectSame([Double.infinity])
        Self.expectSame(["x": -Double.infinity])
        Self.expectSame([Float.nan])
        Self.expectSame([Double.nan, .infinity, -.infinity]) { _, _, _, floats in
            floats = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
    }

    /// Fills a nested container after its parent's later members, and asks for one
    /// container twice.
    struct OutOfOrder: Encodable {
        enum Keys: String, CodingKey { case a, b, c, z }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .z)
            var list = container.nestedUnkeyedContainer(forKey: .a)
            try container.encode(1, forKey: .b)
            try nested.encode("late", forKey: .c)
            try list.encode(2)
            var again = encoder.container(keyedBy: Keys.self)
            try again.encode(3, forKey: .c)
            try container.encode(4, forKey: .b)
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encodeNil(forKey: .a)
            let sup = container.superEncoder(forKey: .c)
            var single = sup.singleValueContainer()
            try single.encode([5])
        }
    }

    @Test func containersFilledOutOfOrderRepeatedKeysAndSuperEncoders() {
        Self.expectSame(OutOfOrder())
        Self.expectSame([OutOfOrder()])
    }

    @Test func keyStrategies() {
        let keys = [
            "myURLValue", "HTTPStatus", "a", "A", "aB", "simple", "already_snake", "_leading", "trailing_", "x1Y2",
            "ÄpfelBirne", "URLs", "oneTwoThree", "", "ALLCAPS",
        ]
        let value = Dictionary(uniqueKeysWithValues: keys.map { (Key($0), 1) })
        Self.expectSame(value.map { Keyed(key: $0.key, value: $0.value) }) { keys, _, _, _ in keys = .convertToSnakeCase
        }
        Self.expectSame(SnakeRepository(fullName: "a", stargazersCount: 1, htmlURL: nil, ownerInfo: ["someKey": 1])) {
            keys, _, _, _ in keys = .convertToSnakeCase
        }
        Self.expectSame(Self.repository) { keys, _, _, _ in
            keys = .custom { path in YajlCodingKey(stringValue: path.map(\.stringValue).joined(separator: "-")) }
        }
    }

    /// A coding key of any text.
    struct Key: CodingKey, Hashable {
        var stringValue: String
        init(_ text: String) { stringValue = text }
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// One member named by `key`.
    struct Keyed: Encodable {
        var key: Key
        var value: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(value, forKey: key)
        }
    }

    @Test func dateAndDataStrategies() {
        let dates = [0, 1, -1, 1_700_000_000, 1_700_000_000.75, -62_135_596_800, 253_402_300_799, 951_782_400]
            .map { Dated(at: Date(timeIntervalSince1970: $0), blob: Data([1, 2, 3, 255])) }
        Self.expectSame(dates)
        Self.expectSame(dates) { _, dates, _, _ in dates = .secondsSince1970 }
        Self.expectSame(dates) { _, dates, _, _ in dates = .millisecondsSince1970 }
        Self.expectSame(dates) { _, dates, _, _ in dates = .iso8601 }
        Self.expectSame(dates) { _, dates, data, _ in
            dates = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("at \(Int(date.timeIntervalSince1970))")
            }
            data = .custom { data, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
            }
        }
        Self.expectSame(dates) { _, _, data, _ in data = .deferredToData }
    }

    @Test func whatItWritesReadsBack() throws {
        let encoder = YajlEncoder()
        for formatting: JSONEncoder.OutputFormatting in [[], .prettyPrinted, .withoutEscapingSlashes] {
            encoder.outputFormatting = formatting
            #expect(try JSONDecoder().decode(Repository.self, from: encoder.encode(Self.repository)) == Self.repository)
            let shapes: [CodableShape] = [.circle(radius: 0.1), .labelled("é", -1)]
            #expect(try JSONDecoder().decode([CodableShape].self, from: encoder.encode(shapes)) == shapes)
            let numbers = [Double.pi, 1e-300, -1.5e300, 0.1 + 0.2]
            #expect(try JSONDecoder().decode([Double].self, from: encoder.encode(numbers)) == numbers)
        }
    }

    @Test func oneEncoderFromManyTasks() async throws {
        let encoder = YajlEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try encoder.encode(Self.repository)
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<50).allSatisfy { _ in (try? encoder.encode(Self.repository)) == expected }
                }
            }
            for await same in group { #expect(same) }
        }
    }
}
