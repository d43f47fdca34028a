import Foundation
import Testing

@testable import YajlMapper

@Suite("JSON value")
struct JSONValueTests {
    static let search = #"""
        {"total_count": 2, "incomplete_results": false, "items": [
          {"id": 1, "name": "a", "owner": {"login": "x", "avatar_url": "https://a/1"}},
          {"id": 4294967297, "name": "b", "description": null, "owner": {"login": "y", "avatar_url": "https://a/2"},
           "version.major": 3}
        ]}
        """#

    @Test func chainedSubscripts() throws {
        let json = try JSON(parsing: Self.search)
        #expect(json["items"][0]["owner"]["avatar_url"].string == "https://a/1")
        #expect(json["items"][1]["id"].int64 == 4_294_967_297)
        #expect(json["total_count"].int == 2)
        #expect(json["incomplete_results"].bool == false)
        #expect(json["items"].count == 2)
        // Absent and wrong-kind lookups give null, never a crash.
        #expect(json["nope"]["deeper"][3].isNull)
        #expect(json["total_count"]["x"].isNull)
        #expect(json["items"][99].isNull)
        #expect(json["items"][-1].isNull)
    }

    @Test func dottedPaths() throws {
        let json = try JSON(parsing: Self.search)
        #expect(json[path: "items.0.owner.avatar_url"].string == "https://a/1")
        #expect(json[path: "items[1].owner.login"].string == "y")
        #expect(json[path: #"items.1.version\.major"#].int == 3)
        #expect(json[path: JSONPath([.key("items"), .index(1), .key("version.major")])].int == 3)
        // Absent versus null.
        #expect(json.value(atPath: "items.1.description") == .null)
        #expect(json.value(atPath: "items.0.description") == nil)
        #expect(json.exists("items.1.description"))
        #expect(!json.exists("items.2"))
        // A bracket index never reads an object key; a dotted digit does.
        let numbered = try JSON(parsing: #"{"0": "key zero", "list": ["first"]}"#)
        #expect(numbered[path: "0"].string == "key zero")
        #expect(numbered.value(atPath: "[0]") == nil)
        #expect(numbered[path: "list.0"].string == "first")
    }

    @Test func pathDescriptionRoundTrips() {
        let path = JSONPath([.key("items"), .index(3), .key("owner"), .key("a.b"), .key(#"c\d"#)])
        #expect(path.description == #"items[3].owner.a\.b.c\\d"#)
        #expect(JSONPath(path.description) == path)
    }

    @Test func checkedConversions() throws {
        let json = try JSON(
            parsing: #"[300, -1, 1.5, 1e3, 123456789012345678901234567890, "7", 1E400, 18446744073709551615]"#)
        #expect(json[0].int == 300)
        #expect(throws: JSONConversionError.numberOutOfRange("300", type: "UInt8")) {
            try json[0].value(as: UInt8.self)
        }
        #expect(throws: JSONConversionError.numberOutOfRange("-1", type: "UInt")) { try json[1].value(as: UInt.self) }
        #expect(throws: JSONConversionError.notAnInteger("1.5", type: "Int")) { try json[2].value(as: Int.self) }
        #expect(try json[3].value(as: Int.self) == 1000)
        #expect(json[4].int64 == nil)
        #expect(json[4].number?.text == "123456789012345678901234567890")
        #expect(throws: JSONConversionError.numberOutOfRange("123456789012345678901234567890", type: "Int64")) {
            try json[4].value(as: Int64.self)
        }
        #expect(try json[4].value(as: Double.self) == 1.2345678901234568e29)
        #expect(throws: JSONConversionError.typeMismatch(expected: "Int", found: .string)) {
            try json[5].value(as: Int.self)
        }
        #expect(throws: JSONConversionError.numberOutOfRange("1E400", type: "Double")) {
            try json[6].value(as: Double.self)
        }
        // Too small for any Double but zero: the checked conversion refuses it; `double` is the nearest.
        #expect(throws: JSONConversionError.numberOutOfRange("1e-400", type: "Double")) {
            try JSON(parsing: "1e-400").value(as: Double.self)
        }
        #expect(try JSON(parsing: "1e-400").double == 0 && JSON(parsing: "0e-400").value(as: Double.self) == 0)
        #expect(json[7].uint64 == UInt64.max)
        #expect(json[7].int64 == nil)
        #expect(try JSON(parsing: "-9223372036854775808").int64 == Int64.min)
        #expect(try JSON(parsing: "-9223372036854775809").int64 == nil)
        #expect(try JSON(parsing: "\"x\"").value(as: String.self) == "x")
        #expect(try JSON(parsing: "true").value(as: Bool.self))
        #expect(try JSON(parsing: "2.5").value(as: Decimal.self) == Decimal(string: "2.5"))
    }

    /// Exact integer conversion at the edges of each type: plain digits, 18 and 19 digits,
    /// the signed extremes, `-0`, and exponent forms that are whole numbers.
    @Test(
        "integers at the edges of each type and of the fast path",
        arguments: [
            ("127", Int64(127)), ("-128", -128), ("128", 128), ("-129", -129), ("255", 255), ("-1", -1), ("0", 0),
            ("-0", 0), ("999999999999999999", 999_999_999_999_999_999),
            ("-999999999999999999", -999_999_999_999_999_999),
            ("1000000000000000000", 1_000_000_000_000_000_000), ("9223372036854775807", Int64.max),
            ("-9223372036854775808", Int64.min), ("12e1", 120), ("1.20e1", 12), ("-5E0", -5),
        ])
    func integerEdges(text: String, value: Int64) throws {
        let number = try #require(JSONNumber(text))
        func check<T: FixedWidthInteger>(_: T.Type) {
            let expected = T(exactly: value)
            #expect((try? number.exactInteger(T.self)) == expected, "\(text) as \(T.self)")
            if expected == nil {
                #expect(throws: JSONConversionError.numberOutOfRange(text, type: "\(T.self)")) {
                    try number.exactInteger(T.self)
                }
            }
        }
        check(Int8.self); check(UInt8.self); check(Int16.self); check(Int32.self); check(UInt32.self)
        check(Int.self); check(Int64.self); check(UInt64.self)
    }

    @Test func numbersCompareByValue() {
        #expect(JSONNumber("1.0")! == JSONNumber("1")!)
        #expect(JSONNumber("1e2")! == JSONNumber("100")!)
        #expect(JSONNumber("-0")! == JSONNumber("0")!)
        #expect(JSONNumber("0.10")! == JSONNumber("1e-1")!)
        #expect(JSONNumber("9007199254740993")! != JSONNumber("9007199254740992")!)
        #expect(JSONNumber("1.5")!.hashValue == JSONNumber("15e-1")!.hashValue)
        #expect(JSONNumber("01") == nil)
        #expect(JSONNumber("1.") == nil)
        #expect(JSONNumber("-") == nil)
        #expect(JSONNumber(Double.infinity) == nil)
    }

    @Test func literalsAndEquality() throws {
        let built: JSON = [
            "name": "yajl", "stars": 42, "ratio": 0.5, "tags": ["c", "json"], "fork": false, "license": nil,
        ]
        let parsed = try JSON(
            parsing:
                #"{"license": null, "fork": false, "tags": ["c", "json"], "ratio": 0.5, "stars": 42.0, "name": "yajl"}"#
        )
        #expect(built == parsed) // member order and number spelling do not matter
        #expect(built != ["name": "yajl"])
        #expect(Array(built.objectValue.keys) == ["name", "stars", "ratio", "tags", "fork", "license"])
    }

    @Test func mutationAndIteration() throws {
        var json: JSON = nil
        json["a"] = 1
        json["b"] = [1, 2]
        json["b"][1] = "two"
        json["a"] = "replaced"
        #expect(try json.serialized() == #"{"a":"replaced","b":[1,"two"]}"#)
        var keys: [String] = []
        for (key, _) in json { keys.append(key) }
        #expect(keys == ["a", "b"])
        var indexes: [String] = []
        for (index, value) in json["b"] { indexes.append("\(index)=\(value)") }
        #expect(indexes == ["0=1", "1=\"two\""])
        var object = json.objectValue
        object["a"] = nil
        #expect(object.keys == ["b"])
    }

    @Test func largeObjectsUseTheIndex() throws {
        let members = (0..<50).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let json = try JSON(parsing: "{\(members)}")
        for i in [0, 9, 49] { #expect(json["k\(i)"].int == i) }
        #expect(json["k50"].isNull)
    }

    /// Repeats are found the same way in small objects (compared in order), middle-sized
    /// ones (a set) and large ones (found while the key table is built), whatever the
    /// repeat's position; keys that are equal as Swift strings (canonically equivalent) repeat.
    @Test(arguments: [3, 16, 17, 32, 33, 80])
    func repeatsFoundAtEverySize(size: Int) throws {
        for repeated in [0, size / 2, size - 1] {
            var members = (0..<size).map { "\"k\($0)\": \($0)" }
            members.append("\"k\(repeated)\": -1")
            let text = "{" + members.joined(separator: ", ") + "}"
            let last = try JSON(parsing: text).objectValue
            #expect(last.count == size && last.keys == (0..<size).map { "k\($0)" })
            #expect(last["k\(repeated)"]?.int == -1 && last["k\((repeated + 1) % size)"]?.int == (repeated + 1) % size)
            #expect(try JSON(parsing: text, duplicateKeys: .useFirst)["k\(repeated)"].int == repeated)
            #expect(throws: JSONParseError.self) { try JSON(parsing: text, duplicateKeys: .reject) }
            // Without the repeat, every key is found.
            let unique = try JSON(parsing: "{" + members.dropLast().joined(separator: ", ") + "}").objectValue
            #expect(unique.count == size && (0..<size).allSatisfy { unique["k\($0)"]?.int == $0 })
        }
        let filler = (0..<size).map { "\"f\($0)\": 0" }.joined(separator: ", ")
        let equivalent = try JSON(parsing: "{\(filler), \"caf\\u00e9\": 1, \"cafe\\u0301\": 2}").objectValue
        #expect(equivalent.count == size + 1 && equivalent["caf\u{E9}"]?.int == 2)
    }

    /// Long keys repeated from object to object share one string; keys that differ only
    /// in the middle (the same first and last eight bytes and length, so the same slot of
    /// the builder's table of recent keys) stay apart, whatever their order.
    @Test func repeatedLongKeysStayExact() throws {
        let keys = [
            "aaaaaaaaXaaaaaaaa", "aaaaaaaaYaaaaaaaa", "aaaaaaaa\\u00e9aaaaaaaa", "aaaaaaaaaaaaaaaaa", "short_key",
        ]
        let decoded = [
            "aaaaaaaaXaaaaaaaa", "aaaaaaaaYaaaaaaaa", "aaaaaaaa\u{E9}aaaaaaaa", "aaaaaaaaaaaaaaaaa", "short_key",
        ]
        let objects = (0..<12).map { n in
            let order = (0..<keys.count).map { (n + $0 * (n % 4 + 1)) % keys.count }
            return (order, "{" + order.map { "\"\(keys[$0])\": \($0)" }.joined(separator: ", ") + "}")
        }
        let json = try JSON(parsing: "[" + objects.map(\.1).joined(separator: ", ") + "]")
        for (n, (order, _)) in objects.enumerated() {
            let object = json[n].objectValue
            #expect(object.keys == order.map { decoded[$0] })
            #expect(order.allSatisfy { object[decoded[$0]]?.int == $0 })
        }
    }

    @Test(arguments: [JSON.DuplicateKeyPolicy.useLast, .useFirst, .reject])
    func duplicateKeys(_ policy: JSON.DuplicateKeyPolicy) throws {
        let text = "{\"a\": 1, \"b\": 2,\n \"a\": 3}"
        switch policy {
        case .useLast:
            let json = try JSON(parsing: text, duplicateKeys: policy)
            #expect(json["a"].int == 3)
            #expect(json.objectValue.keys == ["a", "b"])
        case .useFirst:
            #expect(try JSON(parsing: text, duplicateKeys: policy)["a"].int == 1)
        case .reject:
            do {
                _ = try JSON(parsing: text, duplicateKeys: policy)
                Issue.record("a repeated key was accepted")
            } catch let error as JSONParseError {
                #expect(error.kind == .duplicateKey)
                #expect(error.line == 2)
                #expect(error.message.contains("\"a\""))
            }
        }
    }

    @Test func deepDocumentsBuildWithoutRecursion() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var json = try JSON(parsing: text)
        var levels = 0
        while case .array(let inner) = json, let first = inner.first { json = first; levels += 1 }
        #expect(levels == depth - 1)
    }

    @Test func multipleValues() throws {
        let values = try JSON.parseAll("{\"a\":1}\n{\"a\":2}\n[3]\n")
        #expect(values == [["a": 1], ["a": 2], [3]])
        #expect(try JSON.parseAll("").isEmpty)
        #expect(throws: JSONParseError.self) { try JSON(parsing: "1 2") }
    }

    @Test func readsFilesInChunks() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmapper-value-\(UUID()).json")
        try Data(Self.search.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let json = try JSON(reading: .file(url.path))
        #expect(json == (try JSON(parsing: Self.search)))
        #expect(throws: JSONInputError.self) { try JSON(reading: .file(url.path + ".missing")) }
    }
}

@Suite("JSON value: strict UTF-8")
struct JSONValueUTF8Tests {
    /// yajl's UTF-8 check passes these; the value builder refuses them, so a `JSON`
    /// string never holds a silently repaired character.
    @Test(
        arguments: [
            [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], // overlong "/"
            [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], // UTF-8 encoded surrogate U+D800
            [0x5B, 0x22, 0xF4, 0xBF, 0xBF, 0xBF, 0x22, 0x5D], // above U+10FFFF
            Array(#"["\udc00"]"#.utf8), // lone low surrogate escape
        ] as [[UInt8]])
    func refusedByTheBuilder(_ bytes: [UInt8]) throws {
        #expect(throws: JSONParseError.self) { try JSON(parsing: bytes) }
        do { _ = try JSON(parsing: bytes) } catch let error as JSONParseError {
            #expect(error.kind == .invalidUTF8)
            #expect(error.line == 1)
        }
        // With validation off the bytes are repaired with U+FFFD instead.
        let lenient = try JSON(parsing: bytes, options: JSONParseOptions(validateUTF8: false))
        #expect(lenient[0].string?.contains("\u{FFFD}") == true)
    }
}

@Suite("JSON from Foundation values")
struct JSONFoundationValueTests {
    /// Values Swift code puts in a `[String: Any]` that are JSON under another type.
    @Test func otherTypesWithOneJSONForm() throws {
        let none: Int? = nil
        let some: String? = "s"
        let dictionary: [String: Any] = [
            "i8": Int8(-8), "i16": Int16(-16), "u": UInt(7), "u8": UInt8(1), "u16": UInt16(16), "u32": UInt32(32),
            "cg": CGFloat(1.5), "sub": "abc".dropFirst(), "none": none as Any, "some": some as Any,
            "url": URL(string: "https://example.com/a?b=c")!,
        ]
        let json = try #require(JSON(foundation: dictionary))
        #expect(json["i8"].int == -8 && json["i16"].int == -16 && json["u"].int == 7 && json["u8"].int == 1)
        #expect(json["u8"].bool == nil, "a UInt8 of 1 is a number, not true")
        #expect(json["u16"].int == 16 && json["u32"].int == 32 && json["cg"].double == 1.5)
        #expect(json["sub"].string == "bc" && json["none"].isNull && json["some"].string == "s")
        #expect(json["url"].string == "https://example.com/a?b=c")
    }

    @Test func valuesWithoutOneJSONFormAreRefused() {
        #expect(JSON(foundation: ["when": Date()]) == nil)
        #expect(JSON(foundation: ["bytes": Data([1, 2])]) == nil)
        #expect(JSON(foundation: [Double.nan]) == nil)
    }
}

@Suite("JSON: what SwiftyJSON code reaches for")
struct JSONSwiftyJSONStyleTests {
    @Test func gettersThatNeverGiveNil() throws {
        let json = try JSON(
            parsing:
                #"{"s": "12", "f": 2.7, "neg": -2.7, "big": 1e30, "t": "Yes", "b": true, "n": null, "e": "x", "u": 18446744073709551615, "w": 1e3}"#
        )
        #expect(json["s"].intValue == 12 && json["f"].intValue == 2 && json["neg"].intValue == -2)
        #expect(json["big"].intValue == 0, "too big for an Int: 0, never wrapped")
        #expect(json["u"].uint64Value == .max && json["u"].int64Value == 0 && json["neg"].uint64Value == 0)
        #expect(
            json["b"].intValue == 1 && json["n"].intValue == 0 && json["e"].intValue == 0
                && json["missing"].intValue == 0)
        #expect(json["s"].doubleValue == 12 && json["f"].floatValue == 2.7 && json["e"].doubleValue == 0)
        #expect(json["t"].boolValue && json["b"].boolValue && json["f"].boolValue && json["s"].boolValue == false)
        #expect(json["n"].boolValue == false && json["e"].boolValue == false)
        #expect(json["s"].stringValue == "12" && json["w"].stringValue == "1e3" && json["b"].stringValue == "true")
        #expect(json["n"].stringValue == "" && json.stringValue == "")
        #expect(json.dictionaryValue.count == 10 && json["s"].dictionaryValue.isEmpty)
        #expect(json["e"].rawString() == "x" && json["f"].rawString() == "2.7")
        #expect(JSON(["a": 1] as [String: Any]).rawString(pretty: false) == #"{"a":1}"#)
        #expect(json["n"].rawString() == "null" && json["b"].rawString() == "true")
        #expect(JSON(["a": [1]] as [String: Any]).rawString()?.hasSuffix("}") == true)
    }

    @Test func initialisersThatNeverThrow() throws {
        #expect(JSON(parseJSON: #"{"a": [1]}"#)["a"][0].int == 1)
        #expect(JSON(parseJSON: "{bad").isNull)
        #expect(try JSON(data: Data("[true]".utf8))[0].bool == true)
        #expect(JSON(Data("[1, 2]".utf8)).count == 2)
        #expect(JSON(["k": [1, "two", nil] as [Any?]] as [String: Any])["k"][1].string == "two")
        #expect(JSON(Date()).isNull)
        let json: JSON = ["a": 1]
        #expect(JSON(json as Any) == json)
        #expect(JSON(JSONNumber(5)) == 5 && JSON(json.objectValue) == json)
        #expect(
            JSON([JSON.bool(true), "x"]) == [true, "x"]
                && JSON(["b": JSON(2), "a": nil] as [String: JSON]) == ["a": nil, "b": 2])
    }

    @Test func settingAnIndexPastTheEndPadsWithNull() {
        var json: JSON = [1, 2]
        json[4] = 9
        #expect(json == [1, 2, nil, nil, 9])
        json[0] = "x"
        #expect(json[0] == "x" && json.count == 5)
        var items: JSON = ["items": [["name": "a"]]]
        items["items"][2]["name"] = "c"
        #expect(items == ["items": [["name": "a"], nil, ["name": "c"]]])
        var empty = JSON.null
        empty[1] = true
        #expect(empty == [nil, true])
    }

    @Test func settingWhereNoSuchPlaceCanBeDoesNothing() {
        var array: JSON = [1, 2]
        array[-1] = 0
        array["k"] = "v"
        #expect(array == [1, 2], "an array is not replaced by an object")
        var text: JSON = "str"
        text["k"] = 1
        text[0] = 1
        #expect(text == "str")
        var object: JSON = ["a": 1]
        object[0] = 5
        object["a"]["b"] = 2
        #expect(object == ["a": 1], "a number is not replaced by an object")
        object["x"]["y"] = 3
        #expect(object == ["a": 1, "x": ["y": 3]], "missing levels are made, as jq makes them")
    }
}

@Suite("JSON: Codable")
struct JSONCodableTests {
    private struct Envelope: Codable, Equatable {
        let id: Int
        let extra: JSON
    }

    @Test func decodesInsideACodableModelAndEncodesBack() throws {
        let text =
            #"{"id": 7, "extra": {"n": null, "b": true, "s": "x", "i": -12, "u": 18446744073709551615, "d": 0.1, "long": 3.141592653589793238462643, "list": [1, [2], {"k": "v"}]}}"#
        let decoded = try JSONDecoder().decode(Envelope.self, from: Data(text.utf8))
        #expect(decoded.id == 7)
        #expect(decoded.extra == (try JSON(parsing: text))["extra"])
        #expect(decoded.extra["long"].number?.text == "3.141592653589793238462643")
        let again = try JSONDecoder().decode(Envelope.self, from: try JSONEncoder().encode(decoded))
        #expect(again == decoded)
        #expect(again.extra["u"].uint64 == .max && again.extra["d"].double == 0.1 && again.extra["i"].int == -12)
    }

    @Test func aTopLevelValueRoundTrips() throws {
        for value: JSON in [nil, true, "s", 5, 2.5, [], [:], [1, "a", nil], ["a": ["b": [false]]]] {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(JSON.self, from: data) == value)
            #expect(try JSON(parsing: data) == value, "JSONEncoder's text parses to the same value")
        }
    }
}
