import Foundation
import Testing

@testable import YajlMapper

// MARK: - Integers

@Suite("Mapping operators: basic values")
struct MappingBasicOperatorTests {
    @Test(arguments: OpIntegerType.allCases)
    func integers(_ type: OpIntegerType) throws {
        try type.check()
    }

    struct Floats: Mappable {
        var double: Double = -1
        var float: Float = -1
        var optionalDouble: Double?
        var decimal: Decimal = -1
        var optionalDecimal: Decimal?
        init?(map: Map) {}
        mutating func mapping(map: Map) {
            double <- map["d"]
            float <- map["f"]
            optionalDouble <- map["od"]
            decimal <- map["dec"]
            optionalDecimal <- map["odec"]
        }
    }

    @Test func floatingPointAndDecimal() throws {
        let text = #"{"d": 0.1, "f": 3.25, "od": -1e-300, "dec": 12345678901234567890.123456789, "odec": 3}"#
        let (model, problems) = lenientMap(Floats.self, text)
        let floats = try #require(model)
        #expect(problems.isEmpty)
        #expect(floats.double == 0.1)
        #expect(floats.float == 3.25)
        #expect(floats.optionalDouble == -1e-300)
        #expect(floats.decimal == Decimal(string: "12345678901234567890.123456789"))
        #expect(floats.optionalDecimal == 3)

        // Integers read as floating point; extremes that fit are kept.
        let (integral, _) = lenientMap(Floats.self, #"{"d": 1.7976931348623157e308, "f": 3.4028234e38, "dec": 0}"#)
        #expect(integral?.double == Double.greatestFiniteMagnitude)
        #expect(integral?.float == Float.greatestFiniteMagnitude)
        #expect(integral?.decimal == 0)

        // Out of range: unchanged and a problem.
        let (huge, hugeProblems) = lenientMap(Floats.self, #"{"d": 1e400, "f": 1e39, "od": -2e308, "dec": 1}"#)
        #expect(huge?.double == -1)
        #expect(huge?.float == -1)
        #expect(huge?.optionalDouble == nil)
        #expect(
            summaries(hugeProblems) == [
                ProblemSummary(.numberOutOfRange, "d", "Double", "1e400"),
                ProblemSummary(.numberOutOfRange, "f", "Float", "1e39"),
                ProblemSummary(.numberOutOfRange, "od", "Double", "-2e308"),
            ])
        #expect(strictError(Floats.self, #"{"d": 1e400, "f": 1, "dec": 1}"#)?.first.kind == .numberOutOfRange)

        // Too small for the type, but not zero: a problem too, never a silent 0 (as JSONDecoder).
        let (tiny, tinyProblems) = lenientMap(Floats.self, #"{"d": 1e-400, "f": 1e-46, "od": -2e-324, "dec": 1}"#)
        #expect(tiny?.double == -1 && tiny?.float == -1 && tiny?.optionalDouble == nil)
        #expect(
            summaries(tinyProblems) == [
                ProblemSummary(.numberOutOfRange, "d", "Double", "1e-400"),
                ProblemSummary(.numberOutOfRange, "f", "Float", "1e-46"),
                ProblemSummary(.numberOutOfRange, "od", "Double", "-2e-324"),
            ])
        // The smallest subnormals are kept, and zero in any spelling is zero.
        let (least, leastProblems) = lenientMap(
            Floats.self, #"{"d": 4.9e-324, "f": 1e-45, "od": -0.000e-999, "dec": 0E+5}"#)
        #expect(leastProblems.isEmpty)
        #expect(least?.double == Double.leastNonzeroMagnitude && least?.float == Float.leastNonzeroMagnitude)
        #expect(least?.optionalDouble == 0 && least?.optionalDouble?.sign == .minus && least?.decimal == 0)
        #expect(strictError(Floats.self, #"{"d": 1, "f": 1e-50, "dec": 1}"#)?.first.kind == .numberOutOfRange)

        // Strings are not numbers.
        let (strings, stringProblems) = lenientMap(Floats.self, #"{"d": "0.1", "f": 2, "dec": "1"}"#)
        #expect(strings?.double == -1)
        #expect(strings?.float == 2)
        #expect(strings?.decimal == -1)
        #expect(summaries(stringProblems).map(\.kind) == [.typeMismatch, .typeMismatch])
        #expect(summaries(stringProblems).map(\.expected) == ["Double", "Decimal"])
    }

    struct Scalars: Mappable {
        var flag = false
        var optionalFlag: Bool?
        var text = "unset"
        var optionalText: String?
        var iuoText: String!
        init?(map: Map) {}
        mutating func mapping(map: Map) {
            flag <- map["flag"]
            optionalFlag <- map["oflag"]
            text <- map["text"]
            optionalText <- map["otext"]
            iuoText <- map["itext"]
        }
    }

    @Test func boolAndString() throws {
        let text =
            #"{"flag": true, "oflag": false, "text": "h\u00e9llo \"q\" \n\ud83d\ude00", "otext": "", "itext": "x"}"#
        let (model, problems) = lenientMap(Scalars.self, text)
        let scalars = try #require(model)
        #expect(problems.isEmpty)
        #expect(scalars.flag == true)
        #expect(scalars.optionalFlag == false)
        #expect(scalars.text == "héllo \"q\" \n😀")
        #expect(scalars.optionalText == "")
        #expect(scalars.iuoText == "x")

        // No coercion: 1 is not true, a number is not a string.
        let (mistyped, mistypedProblems) = lenientMap(
            Scalars.self, #"{"flag": 1, "oflag": "true", "text": 42, "otext": null, "itext": null}"#)
        #expect(mistyped?.flag == false)
        #expect(mistyped?.optionalFlag == nil)
        #expect(mistyped?.text == "unset")
        #expect(mistyped?.optionalText == nil)
        #expect(mistyped?.iuoText == nil)
        #expect(summaries(mistypedProblems).map(\.keyPath) == ["flag", "oflag", "text"])
        #expect(summaries(mistypedProblems).map(\.expected) == ["Bool", "Bool", "String"])
        // What was found reads the same whichever operator met it: a number with its text.
        #expect(summaries(mistypedProblems).map(\.found) == ["number 1", "string", "number 42"])
        #expect(mistypedProblems.allSatisfy { $0.kind == .typeMismatch })
    }
}

// MARK: - Collections of basic values

@Suite("Mapping operators: collections of basic values")
struct MappingCollectionOperatorTests {
    struct Collections: Mappable {
        var ints: [Int] = [-1]
        var optionalStrings: [String]?
        var set: Set<String> = []
        var optionalSet: Set<Int>?
        var dictionary: [String: Int] = [:]
        var optionalDictionary: [String: Double]?
        var matrix: [[Int]] = []
        var optionalMatrix: [[String]]?
        var bytes: [UInt8] = []
        init?(map: Map) {}
        mutating func mapping(map: Map) {
            ints <- map["ints"]
            optionalStrings <- map["strings"]
            set <- map["set"]
            optionalSet <- map["oset"]
            dictionary <- map["dict"]
            optionalDictionary <- map["odict"]
            matrix <- map["matrix"]
            optionalMatrix <- map["omatrix"]
            bytes <- map["bytes"]
        }
    }

    @Test func readsEveryShape() throws {
        let text = """
            {"ints": [1, -2, 3], "strings": ["a", "b"], "set": ["x", "y", "x"], "oset": [1, 2, 2],
             "dict": {"a": 1, "b": 2}, "odict": {"pi": 3.5}, "matrix": [[1, 2], [], [3]],
             "omatrix": [["a"], ["b", "c"]], "bytes": [0, 255]}
            """
        let (model, problems) = lenientMap(Collections.self, text)
        let c = try #require(model)
        #expect(problems.isEmpty)
        #expect(c.ints == [1, -2, 3])
        #expect(c.optionalStrings == ["a", "b"])
        #expect(c.set == ["x", "y"])
        #expect(c.optionalSet == [1, 2])
        #expect(c.dictionary == ["a": 1, "b": 2])
        #expect(c.optionalDictionary == ["pi": 3.5])
        #expect(c.matrix == [[1, 2], [], [3]])
        #expect(c.optionalMatrix == [["a"], ["b", "c"]])
        #expect(c.bytes == [0, 255])
    }

    @Test func oneBadElementLeavesTheWholePropertyUnchanged() {
        let text = """
            {"ints": [1, "2", 3], "strings": ["a", 1], "set": ["x", null], "dict": {"a": 1, "b": 2.5},
             "matrix": [[1], [2, "x"]], "bytes": [0, 256], "oset": "nope"}
            """
        let (model, problems) = lenientMap(Collections.self, text)
        #expect(model?.ints == [-1])
        #expect(model?.optionalStrings == nil)
        #expect(model?.set == [])
        #expect(model?.dictionary == [:])
        #expect(model?.matrix == [])
        #expect(model?.bytes == [])
        #expect(model?.optionalSet == nil)
        #expect(
            summaries(problems) == [
                ProblemSummary(.typeMismatch, "ints[1]", "Int", "string"),
                ProblemSummary(.typeMismatch, "strings[1]", "String", "number 1"),
                ProblemSummary(.typeMismatch, "set[1]", "String", "null"),
                ProblemSummary(.notAnInteger, "dict.b", "Int", "2.5"),
                ProblemSummary(.typeMismatch, "matrix[1][1]", "Int", "string"),
                ProblemSummary(.numberOutOfRange, "bytes[1]", "UInt8", "256"),
                ProblemSummary(.typeMismatch, "oset", "Set<Int>", "string"), // document order
            ])
    }

    @Test func nullAndAbsentCollections() {
        let (model, problems) = lenientMap(Collections.self, #"{"ints": null, "strings": null, "odict": null}"#)
        #expect(model?.ints == [-1])
        #expect(model?.optionalStrings == nil)
        #expect(model?.optionalDictionary == nil)
        #expect(summaries(problems).first == ProblemSummary(.typeMismatch, "ints", "[Int]", "null"))
        #expect(summaries(problems).dropFirst().map(\.kind) == [.missing, .missing, .missing, .missing])
        #expect(summaries(problems).dropFirst().map(\.keyPath) == ["set", "dict", "matrix", "bytes"])
    }
}

// MARK: - Models, enums, transforms, generic values

@Suite("Mapping operators: models, enums, transforms")
struct MappingModelOperatorTests {
    @Test func everyModelShape() throws {
        let text = """
            {"owner": {"login": "a", "id": 1}, "optionalOwner": {"login": "b", "id": 2}, "iuoOwner": {"login": "c", "id": 3},
             "owners": [{"login": "d", "id": 4}, {"login": "e", "id": 5}], "optionalOwners": [],
             "ownerSet": [{"login": "f", "id": 6}, {"login": "f", "id": 6}, {"login": "g", "id": 7}],
             "byName": {"h": {"login": "h", "id": 8}},
             "grid": [[{"login": "i", "id": 9}], [], [{"login": "j", "id": 10}, {"login": "k", "id": 11}]],
             "groups": {"x": [{"login": "l", "id": 12}], "y": []}}
            """
        let (model, problems) = lenientMap(OpModels.self, text)
        let m = try #require(model)
        #expect(problems.isEmpty)
        #expect(m.owner == OpOwner(login: "a", id: 1))
        #expect(m.optionalOwner == OpOwner(login: "b", id: 2))
        #expect(m.iuoOwner == OpOwner(login: "c", id: 3))
        #expect(m.owners == [OpOwner(login: "d", id: 4), OpOwner(login: "e", id: 5)])
        #expect(m.optionalOwners == [])
        #expect(m.ownerSet == [OpOwner(login: "f", id: 6), OpOwner(login: "g", id: 7)])
        #expect(m.byName == ["h": OpOwner(login: "h", id: 8)])
        #expect(
            m.grid == [[OpOwner(login: "i", id: 9)], [], [OpOwner(login: "j", id: 10), OpOwner(login: "k", id: 11)]])
        #expect(m.groups == ["x": [OpOwner(login: "l", id: 12)], "y": []])
        // Mapped twice: the second run uses the learned plans and gives the same models.
        let (again, _) = lenientMap(OpModels.self, text)
        #expect(again?.grid == m.grid)
        #expect(again?.groups == m.groups)
        #expect(again?.ownerSet == m.ownerSet)
    }

    @Test func badNestedModelsAreProblems() throws {
        let text = """
            {"owner": 5, "optionalOwner": null, "owners": [{"login": "d", "id": "x"}, 3, {"login": "e", "id": 5}],
             "ownerSet": {}, "byName": {"h": "nope"}, "grid": [{}], "groups": {"x": 1}}
            """
        let (model, problems) = lenientMap(OpModels.self, text)
        let m = try #require(model)
        #expect(m.owner == OpOwner(login: "unset", id: -1))
        #expect(m.optionalOwner == nil)
        // Element 0 maps with its bad id left at its default; element 1 is not an object and is dropped.
        #expect(m.owners == [OpOwner(login: "d", id: 0), OpOwner(login: "e", id: 5)])
        #expect(m.ownerSet == [])
        #expect(m.grid == [])
        #expect(m.groups == [:])
        #expect(
            summaries(problems) == [
                ProblemSummary(.typeMismatch, "owner", "OpOwner (an object)", "number 5"),
                ProblemSummary(.typeMismatch, "owners[0].id", "Int", "string"),
                ProblemSummary(.typeMismatch, "owners[1]", "OpOwner (an object)", "number 3"),
                ProblemSummary(.typeMismatch, "ownerSet", "[OpOwner]", "object"),
                ProblemSummary(.typeMismatch, "byName.h", "OpOwner (an object)", "string"),
                ProblemSummary(.typeMismatch, "grid[0]", "[OpOwner]", "object"),
                ProblemSummary(.typeMismatch, "groups.x", "[OpOwner]", "number 1"),
            ])
    }

    @Test func enumsByRawValue() throws {
        let text =
            #"{"color": "green", "ocolor": "blue", "level": 10, "olevel": 1, "colors": ["red", "blue"], "levels": {"a": 10}}"#
        let (model, problems) = lenientMap(OpEnums.self, text)
        let e = try #require(model)
        #expect(problems.isEmpty)
        #expect(e.color == .green)
        #expect(e.optionalColor == .blue)
        #expect(e.level == .high)
        #expect(e.optionalLevel == .low)
        #expect(e.colors == [.red, .blue])
        #expect(e.levelsByName == ["a": .high])

        let bad =
            #"{"color": "purple", "ocolor": null, "level": 5, "olevel": "1", "colors": ["red", "pink"], "levels": {"a": 2}}"#
        let (unknown, unknownProblems) = lenientMap(OpEnums.self, bad)
        #expect(unknown?.color == .red)
        #expect(unknown?.optionalColor == nil)
        #expect(unknown?.level == .low)
        #expect(unknown?.optionalLevel == nil)
        #expect(unknown?.colors == [.red], "an unknown raw value in a collection is left out, as ObjectMapper does")
        #expect(summaries(unknownProblems).map(\.keyPath) == ["color", "level", "olevel", "colors[1]", "levels.a"])
        #expect(summaries(unknownProblems).map(\.expected) == ["OpColor", "OpLevel", "OpLevel", "OpColor", "OpLevel"])
        #expect(unknownProblems.allSatisfy { $0.kind == .typeMismatch })
        let strict = strictError(OpEnums.self, #"{"color": "purple", "level": 1, "colors": [], "levels": {}}"#)
        #expect(strict.map { summaries($0.problems) } == [ProblemSummary(.typeMismatch, "color", "OpColor", "string")])
    }

    @Test func transformPairs() throws {
        let text = """
            {"date": 86400, "odate": 1500, "url": "https://example.com/a%20b", "price": "12.34",
             "dates": [0, 1.5], "stamps": {"a": 60}, "odates": null, "ecolor": "blue"}
            """
        let (model, problems) = lenientMap(OpTransforms.self, text)
        let t = try #require(model)
        #expect(problems.isEmpty)
        #expect(t.date == Date(timeIntervalSince1970: 86400))
        #expect(t.optionalDate == Date(timeIntervalSince1970: 1.5))
        #expect(t.url == URL(string: "https://example.com/a%20b"))
        #expect(t.cents == 1234)
        #expect(t.dates == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1.5)])
        #expect(t.stamps == ["a": Date(timeIntervalSince1970: 60)])
        #expect(t.optionalDates == nil)
        #expect(t.enumByTransform == .blue)

        let (failed, failedProblems) = lenientMap(
            OpTransforms.self, #"{"date": true, "odate": null, "price": 5, "dates": [1, "x"], "ecolor": "pink"}"#)
        #expect(failed?.date == Date(timeIntervalSince1970: -1))
        #expect(failed?.optionalDate == nil)
        #expect(failed?.cents == 0)
        #expect(failed?.dates == [Date(timeIntervalSince1970: 1)], "what the transform refuses is left out")
        #expect(failed?.enumByTransform == nil)
        #expect(
            summaries(failedProblems) == [
                ProblemSummary(.transformFailed, "date", "Date", "bool"),
                ProblemSummary(.transformFailed, "price", "Int", "number 5"),
                ProblemSummary(.typeMismatch, "dates[1]", "Date", "string"),
                ProblemSummary(.transformFailed, "ecolor", "OpColor", "string"),
                ProblemSummary(.missing, "stamps", "[String: Date]", nil), // missing keys after the located ones
            ])
    }

    @Test func genericFallbackCastsFoundationValues() throws {
        let text =
            #"{"object": {"a": 1, "b": [true, "x"], "c": {"d": null}}, "anything": 2.5, "list": [1, "two", {"three": 3}], "number": 12}"#
        let (model, problems) = lenientMap(OpGeneric.self, text)
        let g = try #require(model)
        #expect(problems.isEmpty)
        #expect(g.object["a"] as? Int == 1)
        #expect((g.object["b"] as? [Any])?.first as? Bool == true)
        #expect((g.object["b"] as? [Any])?.last as? String == "x")
        #expect((g.object["c"] as? [String: Any])?["d"] is NSNull)
        #expect(g.anything as? Double == 2.5)
        #expect(g.list.count == 3)
        #expect(g.list[1] as? String == "two")
        #expect((g.list[2] as? [String: Any])?["three"] as? Int == 3)
        #expect(g.number?.intValue == 12)

        let (mistyped, mistypedProblems) = lenientMap(
            OpGeneric.self, #"{"object": [1], "anything": null, "list": {}, "number": "12"}"#)
        #expect(mistyped?.object.isEmpty == true)
        #expect(mistyped?.anything == nil)
        #expect(mistyped?.list.isEmpty == true)
        #expect(mistyped?.number == nil)
        #expect(summaries(mistypedProblems).map(\.keyPath) == ["object", "list", "number"])
        #expect(mistypedProblems.allSatisfy { $0.kind == .typeMismatch })
    }
}
