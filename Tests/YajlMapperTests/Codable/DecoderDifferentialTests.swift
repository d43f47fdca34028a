import Foundation
import Testing

@testable import YajlMapper

/// `YajlDecoder` against `JSONDecoder` on the same inputs: the same value, or the same
/// error case at the same coding path.
@Suite("YajlDecoder: the values and errors of JSONDecoder")
struct DecoderDifferentialTests {
    let plain = DecoderComparison()

    static let repository = #"""
        {"id": 3081286, "name": "Tetris", "owner": {"login": "dtrupenn", "id": 872147, "siteAdmin": false},
         "stars": 1, "score": 12.5, "ratio": 0.1, "topics": ["game", "js"], "license": {"spdx": "MIT"},
         "visibility": "public", "archived": false, "homepage": "https://example.com/a?b=c",
         "sizes": {"1": 10, "-2": 20}, "matrix": [[1, 2], [], [-128, 127]]}
        """#

    @Test func aWholeModel() {
        plain.expectSame(Repository.self, Self.repository)
    }

    @Test func everyMemberBrokenInTurn() throws {
        // Each member of the model, in turn: removed, null, and each wrong kind of value.
        let object = try JSONSerialization.jsonObject(with: Data(Self.repository.utf8)) as! [String: Any]
        for key in object.keys.sorted() {
            for replacement in ["<removed>", "null", "\"text\"", "12", "-1", "2.5", "true", "[]", "{}", "[1]", "1e400"]
            {
                var text = Self.repository
                let pattern = try NSRegularExpression(
                    pattern: "\"\(key)\": (\\{[^}]*\\}|\\[[^\\n]*?\\]\\]|\\[[^\\]]*\\]|\"[^\"]*\"|[^,}]+)")
                let range = NSRange(text.startIndex..., in: text)
                guard let match = pattern.firstMatch(in: text, range: range),
                    let swiftRange = Range(match.range, in: text)
                else { Issue.record("no member \(key)"); continue }
                text.replaceSubrange(
                    swiftRange, with: replacement == "<removed>" ? "\"unused\": 0" : "\"\(key)\": \(replacement)")
                plain.expectSame(Repository.self, text)
            }
        }
    }

    @Test func nestedMembersBroken() {
        for owner in [#"{"id": 1}"#, #"{"login": 5, "id": 1}"#, #"{"login": "a", "id": null}"#, "[]", "null", #""x""#] {
            let text = Self.repository.replacingOccurrences(
                of: #"{"login": "dtrupenn", "id": 872147, "siteAdmin": false}"#, with: owner)
            plain.expectSame(Repository.self, text)
        }
        for matrix in ["[[1, 2], [300]]", "[[1], null]", "[1]", "[[null]]", "[[1.5]]", "{}"] {
            plain.expectSame(
                Repository.self, Self.repository.replacingOccurrences(of: "[[1, 2], [], [-128, 127]]", with: matrix))
        }
    }

    @Test func arraysOfNumbersStringsAndBooleansAtAnyDepth() {
        // Read straight from the tape: the same values and errors as through the container.
        for json in [
            "[[[1.5, -2e3], []], [[0.1]]]", "[[[1.5, null]]]", "[[[1.5]], null]", "[[1.5]]", "[[[\"x\"]]]", "[[{}]]",
            "[[[1e400]]]", "{}", "null", "[[[]]]",
        ] {
            plain.expectSame([[[Double]]].self, json)
            plain.expectSame([[[Float]]].self, json)
        }
        for json in ["[1, 2, -3]", "[1, 2.5]", "[1, null]", "[\"1\"]", "[9223372036854775808]", "[[1]]", "[]"] {
            plain.expectSame([Int].self, json)
            plain.expectSame([Int64].self, json)
            plain.expectSame([[Int]].self, "[\(json)]")
        }
        for json in [#"["a", "\u00e9"]"#, #"["a", null]"#, "[1]", #"[["a"]]"#, "[true, false]", "[true, null]", "[0]"] {
            plain.expectSame([String].self, json)
            plain.expectSame([Bool].self, json)
            plain.expectSame([String: [String]].self, "{\"k\": \(json)}")
        }
    }

    @Test func repeatedKeysTakeTheFirstValue() {
        plain.expectSame(Owner.self, #"{"login": "a", "id": 1, "login": "b", "id": "bad"}"#)
        plain.expectSame([String: Int].self, #"{"a": 1, "b": 2, "a": 3}"#)
        // A repeated key inside a big object, past where keys are compared one by one.
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        plain.expectSame([String: Int].self, "{\(members), \"k7\": 99, \"k39\": {\"x\": [1]}}")
        plain.expectSame(Owner.self, #"{"login": "a", "login": {"deep": [1, {"login": 2}]}, "id": 3}"#)
    }

    @Test func keysInAnyOrderAndUnknownKeys() {
        plain.expectSame(Owner.self, #"{"extra": [1, {"a": 2}], "id": 7, "zzz": null, "login": "x"}"#)
        plain.expectSame(Owner.self, #"{"siteAdmin": true, "id": 7, "login": "x"}"#)
    }

    @Test func topLevelFragmentsAndCollections() {
        plain.expectSame(Int.self, "42")
        plain.expectSame(String.self, #""héllo \u00e9\n""#)
        plain.expectSame(Bool.self, "true")
        plain.expectSame(Double.self, "-0.0")
        plain.expectSame(Int?.self, "null")
        plain.expectSame(Int.self, "null")
        plain.expectSame([Int?].self, "[1, null, 3]")
        plain.expectSame([[String: [Int]]].self, #"[{"a": [1]}, {}, {"b": []}]"#)
        plain.expectSame([Int].self, "[1, 2,")
        plain.expectSame([Int].self, "")
        plain.expectSame([Int].self, "[1] [2]")
        plain.expectSame([Int: String].self, #"{"1": "a", "x": "b"}"#)
        plain.expectSame([Int: String].self, #"{"1": "a", "20": "b"}"#)
        plain.expectSame(Set<Int>.self, "[3, 1, 2]")
    }

    @Test func enumsWithAssociatedValues() {
        plain.expectSame(CodableShape.self, #"{"circle": {"radius": 2.5}}"#)
        plain.expectSame(CodableShape.self, #"{"rectangle": {"width": 2, "height": 3}}"#)
        plain.expectSame(CodableShape.self, #"{"point": {}}"#)
        plain.expectSame(CodableShape.self, #"{"labelled": {"_0": "a", "_1": 2}}"#)
        plain.expectSame(CodableShape.self, #"{"square": {}}"#)
        plain.expectSame(CodableShape.self, #"{"circle": {"radius": "big"}}"#)
        plain.expectSame(CodableShape.self, #"{}"#)
        plain.expectSame([Visibility].self, #"["public", "private", "secret"]"#)
    }

    @Test func arraysOfModelsElementByElement() {
        // Read from the tape without Array's own init(from:): the same values and errors.
        let owners = [
            #"[{"login": "a", "id": 1}, {"login": "b", "id": 2}]"#, #"[]"#, "null", "{}", #""x""#, "[null]",
            #"[{"login": "a", "id": 1}, null]"#, #"[{"login": "a", "id": 1}, {"id": 2}]"#,
            #"[{"login": "a", "id": 1}, {"login": "b", "id": "2"}, {"login": 3}]"#, #"[1, {"login": "a", "id": 1}]"#,
            #"[{"login": "a", "id": 1}, []]"#, #"[{"login": "a", "id": 1e400}]"#,
        ]
        for json in owners {
            plain.expectSame([Owner].self, json)
            plain.expectSame([Owner?].self, json)
            plain.expectSame([[Owner]].self, "[\(json), []]")
            plain.expectSame([String: [Owner]].self, #"{"k": \#(json)}"#)
        }
        plain.expectSame([[Owner]].self, #"[[{"login": "a", "id": 1}], [{"login": "b", "id": 2}, {"login": "c"}]]"#)
        plain.expectSame([Dated].self, #"[{"at": 0}, {"at": "yesterday"}, {"at": 1, "blob": 5}]"#)
        plain.expectSame([Visibility?].self, #"["public", null, "secret"]"#)
    }

    @Test func conditionalReads() {
        plain.expectSame(
            [TypedEvent].self,
            #"[{"type": "push", "commits": 3}, {"type": "star", "user": "x"}, {"type": "fork", "extra": null}]"#)
        plain.expectSame([TypedEvent].self, #"[{"type": "push", "commits": 3}, {"type": "push", "user": "x"}]"#)
        plain.expectSame([TypedEvent].self, #"[{"type": "star", "user": "x"}, {"type": "star", "commits": 1}]"#)
    }

    @Test func classHierarchiesAndNestedContainers() {
        plain.expectSame(Dog.self, #"{"breed": "collie", "super": {"name": "Lassie"}}"#)
        plain.expectSame(Dog.self, #"{"breed": "collie"}"#)
        plain.expectSame(Dog.self, #"{"breed": "collie", "super": {"name": 1}}"#)
        plain.expectSame(Manual.self, #"{"list": [1, "a", null, "b"], "meta": {"value": 2.5}, "z": 0}"#)
        plain.expectSame(Manual.self, #"{"list": [1, 2]}"#)
        plain.expectSame(Manual.self, #"{"list": []}"#)
        plain.expectSame(Manual.self, #"{"list": {}}"#)
        plain.expectSame(Manual.self, #"{"meta": {}}"#)
        plain.expectSame(Manual.self, #"{"list": [1], "meta": []}"#)
    }

    @Test func foundationValues() {
        plain.expectSame(
            Identified.self, #"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "amount": 12345678901234567890.25}"#)
        plain.expectSame(Identified.self, #"{"id": "not-a-uuid", "amount": 1}"#)
        plain.expectSame(Identified.self, #"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "amount": "1"}"#)
        plain.expectSame(URL.self, #""https://github.com/a/b""#)
        plain.expectSame([URL].self, #"["", "https://github.com"]"#)
    }

    @Test func userInfoReachesTypes() {
        var comparison = DecoderComparison()
        comparison.userInfo = [Scaled.factor: 3]
        comparison.expectSame([Scaled].self, "[1, 2]")
        #expect(comparison.yajl([Scaled].self, "[1, 2]").0 == .value([Scaled(value: 3), Scaled(value: 6)]))
    }

    @Test func errorsTheDecoderMakesGiveLineAndColumn() {
        let text = "{\"login\": \"a\",\n  \"id\": \"seven\"}"
        let (_, error) = plain.yajl(Owner.self, text)
        #expect("\(error.map { "\($0)" } ?? "")".contains("(line 2, column 9)"))
        let (_, inArray) = plain.yajl([Owner].self, "[{\"login\": \"a\", \"id\": 1},\n {\"login\": \"b\"}]")
        #expect("\(inArray.map { "\($0)" } ?? "")".contains("(line 2, column 2)"))
    }

    @Test func errorsATypeThrowsItselfGiveLineAndColumnToo() {
        // The standard library's own errors (an enum's raw value, a UUID) and a type's own
        // check: the same case and path as JSONDecoder's, located at the value.
        struct Even: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                value = try container.decode(Int.self)
                if value % 2 != 0 {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) is odd")
                }
            }
        }
        for (json, line) in [
            ("{\"v\":\n [\"public\", \"secret\"]}", "(line 2, column 13)")
        ] {
            plain.expectSame([String: [Visibility]].self, json)
            let (_, error) = plain.yajl([String: [Visibility]].self, json)
            #expect("\(error.map { "\($0)" } ?? "")".contains(line))
        }
        plain.expectSame([UUID].self, "[\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\", \"nope\"]")
        let (_, uuid) = plain.yajl([UUID].self, "[\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\n  \"nope\"]")
        #expect("\(uuid.map { "\($0)" } ?? "")".contains("(line 2, column 3)"))
        plain.expectSame([Even].self, "[2, 4, 5]")
        let (_, odd) = plain.yajl([Even].self, "[2, 4,\n 5]")
        #expect("\(odd.map { "\($0)" } ?? "")".contains("5 is odd (line 2, column 2)"))
    }
}
