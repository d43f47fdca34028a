import Foundation
import Testing

@testable import YajlMapper

@Suite("Mapping edge cases")
struct MappingEdgeCaseTests {
    @Test func pathsThroughNestedObjectsInEveryShape() throws {
        // Objects listing the plan's keys in its order are read by position; every other
        // shape (another order, a key missing, extra keys, null or not an object on the
        // way, a repeated key) must give the same answers as a lookup by name.
        let cases: [(String, EdgePaths)] = [
            (
                #"{"owner": {"avatar_url": "A", "login": "l"}, "a": {"b": {"c": 1}}, "name": "n"}"#,
                EdgePaths(avatar: "A", login: "l", deep: 1, name: "n")
            ),
            (
                #"{"name": "n", "a": {"x": 0, "b": {"y": [1], "c": 2}}, "owner": {"login": "l", "avatar_url": "A"}}"#,
                EdgePaths(avatar: "A", login: "l", deep: 2, name: "n")
            ),
            (
                #"{"owner": {"login": "l"}, "a": {"b": null}, "name": "n"}"#,
                EdgePaths(avatar: nil, login: "l", deep: nil, name: "n")
            ),
            (
                #"{"owner": null, "a": {"b": {"c": 3, "c": 4}}, "name": "n"}"#,
                EdgePaths(avatar: nil, login: nil, deep: 3, name: "n")
            ),
            (
                #"{"owner": ["avatar_url", "A"], "a": [{"b": {"c": 5}}], "name": "n"}"#,
                EdgePaths(avatar: nil, login: nil, deep: nil, name: "n")
            ),
            (
                #"{"owner": {"avatar_url": null, "login": "l", "more": {"avatar_url": "no"}}, "a": {"b": {"c": 6}}}"#,
                EdgePaths(avatar: nil, login: "l", deep: 6, name: nil)
            ),
        ]
        // Each document alone, then all of them as elements of one array (maps reused).
        for (text, expected) in cases {
            #expect(try #require(Mapper<EdgePaths>().map(JSONString: text)) == expected, "\(text)")
        }
        let array = "[" + cases.map(\.0).joined(separator: ",") + "]"
        #expect(try #require(Mapper<EdgePaths>().mapArray(JSONString: array)) == cases.map(\.1))
        // Against the whole-tree reading of the same documents (but the repeated key: the
        // `JSON` value keeps the last value by default, the mapping the first).
        for (text, expected) in cases where !text.contains(#""c": 4"#) {
            let json = try JSON(parsing: Array(text.utf8))
            #expect(try Mapper<EdgePaths>().map(json: json) == expected)
        }
    }

    @Test func modelsThatReadNothingStillCountAndLeaveTheRestRead() throws {
        // An element model without keys skips its whole object at once; the envelope's keys
        // after it (and after nested values named like them) are read as usual.
        let text = """
            {"items": [{"total": 9, "name": "no", "x": {"total": 8}}, {}, {"a": [1, {"name": "no"}]}],
             "first": {"total": 7, "name": "no"}, "total": 3, "name": "page"}
            """
        for _ in 0..<2 {
            let page = try #require(Mapper<EdgeNothingPage>().map(JSONString: text))
            #expect(page.items?.count == 3)
            #expect(page.first != nil)
            #expect(page.total == 3)
            #expect(page.name == "page")
        }
        // Not an object where a model is expected: still a problem, not an empty model.
        let wrong = try Array(#"{"items": [{}, 5], "total": 1, "name": "p"}"#.utf8).withUnsafeBytes {
            try Mapper<EdgeNothingPage>().mapResult(bytes: $0)
        }
        #expect(wrong.value?.total == 1)
        #expect(!wrong.problems.isEmpty)
    }

    @Test func oneKeyReadAsAValueAndAsAModel() throws {
        for _ in 0..<2 {
            let m = try #require(
                Mapper<EdgeTwice>().map(JSONString: #"{"owner": {"login": "a", "id": 1, "extra": [1]}}"#))
            #expect(m.owner == RTOwner(login: "a", id: 1))
            #expect(m.rawCount == 3)
            #expect(m.raw["extra"] as? [Int] == [1])
        }
    }

    @Test func conditionalReadsInsideNestedModels() throws {
        let text = """
            {"inner": [{"mode": "flat"}, {"mode": "deep", "x": {"y": {"z": "zz", "w": 1}}},
                       {"mode": "indexed", "list": ["a", "b"]}, {"mode": "deep", "x": {"y": {}}}]}
            """
        let expected = [
            EdgeInner(mode: "flat", value: nil), EdgeInner(mode: "deep", value: "zz"),
            EdgeInner(mode: "indexed", value: "b"), EdgeInner(mode: "deep", value: nil),
        ]
        for _ in 0..<2 {
            let mapper = Mapper<EdgeOuter>()
            #expect(mapper.map(JSONString: text)?.inner == expected)
            #expect(mapper.lastProblems.isEmpty)
        }
    }

    /// JSONDecoder's reading of a repeated key, the reference for the engine's.
    private struct DecodedOwner: Decodable {
        let login: String
        let id: Int
    }

    @Test(arguments: [
        // Repeated before every planned key was seen, after (when the rest of the object is
        // no longer read key by key), and both.
        #"{"login": "first", "login": "second", "id": 1}"#,
        #"{"login": "first", "id": 1, "login": "second"}"#,
        #"{"id": 1, "login": "first", "x": {"login": "inner"}, "login": "second", "id": 2}"#,
    ])
    func aRepeatedKeyKeepsTheFirstValueLikeJSONDecoder(_ text: String) throws {
        let reference = try JSONDecoder().decode(DecodedOwner.self, from: Data(text.utf8))
        for _ in 0..<2 { // the first run learns the plan, the second uses it
            let mapped = try #require(Mapper<RTOwner>().map(JSONString: text))
            #expect(mapped == RTOwner(login: reference.login, id: reference.id))
        }
        // Kept whole (read as a dictionary too): the same rule.
        let twice = try #require(Mapper<EdgeTwice>().map(JSONString: #"{"owner": \#(text)}"#))
        #expect(twice.owner == RTOwner(login: reference.login, id: reference.id))
        #expect(twice.raw["login"] as? String == reference.login)
    }

    @Test func keysAfterACompleteObjectAreReadAgain() throws {
        // Each item's planned keys come first; what follows an item (the next item, the
        // envelope's keys after the array) is read as usual, and keys inside skipped values
        // of a complete item (an object named like a planned key) change nothing.
        let text = """
            {"items": [
              {"login": "a", "id": 1, "rest": {"login": "no", "id": 9, "more": [{"login": "no"}]}, "x": 1},
              {"id": 2, "login": "b", "tail": [1, {"id": 8}], "login": "again"},
              {"login": "c"}
            ], "total": 3, "items": []}
            """
        for _ in 0..<2 {
            let page = try #require(Mapper<RTOwnerPage>().map(JSONString: text))
            #expect(
                page.items == [RTOwner(login: "a", id: 1), RTOwner(login: "b", id: 2), RTOwner(login: "c", id: nil)])
            #expect(page.total == 3)
        }
    }

    @Test func streamedImmutableElementsAndNonObjects() throws {
        let text = """
            {"items": [
              {"login": "a", "id": 1},
              7,
              {"id": 3},
              {"login": "d", "id": 4}
            ]}
            """
        let (models, summary) = try StrmFixture.push(text, chunk: 3, mapper: Mapper<ProtoUser>())
        #expect(models == [ProtoUser(login: "a", id: 1), ProtoUser(login: "d", id: 4)])
        #expect(summary.count == 4)
        #expect(
            summaries(summary.problems).prefix(2) == [
                ProblemSummary(.typeMismatch, "items[1]", "ProtoUser (an object)", "number 7"),
                ProblemSummary(.missing, "items[2].login", "String", nil),
            ])
        #expect(summary.problems.prefix(2).map { $0.location?.line } == [3, 4])
        do {
            _ = try StrmFixture.push(text, chunk: 3, mapper: Mapper<ProtoUser>(strict: true))
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(
                ProblemSummary(error.first)
                    == ProblemSummary(.typeMismatch, "items[1]", "ProtoUser (an object)", "number 7"))
            #expect(error.first.location == JSONLocation(offset: 41, line: 3, column: 3))
        }
    }

    @Test func streamedStaticMappableElements() throws {
        let text =
            #"{"items": [{"type": "car", "doors": 2}, {"type": "bike", "bell": true}, {"wheels": 9}, {"type": "car", "doors": 4}]}"#
        let (models, summary) = try StrmFixture.push(text, chunk: 11, mapper: Mapper<ProtoVehicle>())
        #expect(models.count == 3)
        #expect((models[0] as? ProtoCar)?.doors == 2)
        #expect((models[1] as? ProtoBike)?.bell == true)
        #expect((models[2] as? ProtoCar)?.doors == 4)
        #expect(summaries(summary.problems) == [ProblemSummary(.objectRejected, "items[2]", "ProtoVehicle", nil)])
    }

    @Test func optionalArrayOfImmutableModelsWithABadElementThrows() throws {
        let text = MappingProtocolTests.repo.replacingOccurrences(
            of: #""maintainer""#, with: #""reviewers": [{"login": "x", "id": 1}, {"id": 2}], "maintainer""#)
        do {
            _ = try ProtoRepo(JSONString: text)
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(ProblemSummary(error.first) == ProblemSummary(.missing, "reviewers[1].login", "String", nil))
        }
        let good = MappingProtocolTests.repo.replacingOccurrences(
            of: #""maintainer""#, with: #""reviewers": [{"login": "x", "id": 1}], "maintainer""#)
        #expect(try ProtoRepo(JSONString: good).reviewers == [ProtoUser(login: "x", id: 1)])
    }

    @Test func numberSpellings() {
        struct Numbers: Mappable {
            var int: Int = -7
            var uint: UInt = 7
            var double: Double = -7
            init?(map: Map) {}
            mutating func mapping(map: Map) {
                int <- map["i"]
                uint <- map["u"]
                double <- map["d"]
            }
        }
        let cases: [(String, Int, UInt, Double, [MappingProblem.Kind])] = [
            (#"{"i": -0, "u": -0, "d": -0.0}"#, 0, 0, 0, []),
            (#"{"i": 1E3, "u": 25e-1, "d": 1E-2}"#, 1000, 7, 0.01, [.notAnInteger]),
            // (A number too small for a Double is not read as 0.)
            (
                #"{"i": 0e999999999, "u": 1e999999999, "d": 1e-999999999}"#, 0, 7, -7,
                [.numberOutOfRange, .numberOutOfRange]
            ),
            (
                #"{"i": 100000000000000000000e-2, "u": 18446744073709551615, "d": 5}"#, 1_000_000_000_000_000_000,
                UInt.max, 5, []
            ),
            (
                #"{"i": -9223372036854775808, "u": 18446744073709551616, "d": 1.7976931348623159e308}"#, Int.min, 7, -7,
                [.numberOutOfRange, .numberOutOfRange]
            ),
        ]
        for (text, int, uint, double, kinds) in cases {
            let (model, problems) = lenientMap(Numbers.self, text)
            #expect(model?.int == int, "\(text)")
            #expect(model?.uint == uint, "\(text)")
            #expect(model?.double == double, "\(text)")
            #expect(problems.map(\.kind) == kinds, "\(text)")
        }
    }
}
