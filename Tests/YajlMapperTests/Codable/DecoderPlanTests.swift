import Foundation
import Testing

@testable import YajlMapper

/// `YajlDecoder`'s plans: the keys a type reads are learned from its `init(from:)`, and later
/// documents are recorded with only those keys. Types that read different keys for
/// different objects, or hide a failed lookup, must still decode as `JSONDecoder` does.
/// Every comparison decodes three ways (whole, by its own plan, by the plan of the inputs
/// before it; see ``DecoderComparison/yajl(_:_:sourceLocation:)``).
@Suite("YajlDecoder: plans learned from init(from:)")
struct DecoderPlanTests {
    /// Reads `radius` or `width` by its `kind`.
    struct Shape: Decodable, Equatable {
        var kind: String
        var radius: Double?
        var width: Double?

        enum CodingKeys: String, CodingKey { case kind, radius, width }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            if kind == "circle" {
                radius = try container.decode(Double.self, forKey: .radius)
            } else {
                width = try container.decode(Double.self, forKey: .width)
            }
        }
    }

    @Test func aDiscriminatorReadsOtherKeysForOtherObjects() {
        let comparison = DecoderComparison()
        let circles = #"[{"kind": "circle", "width": "no", "radius": 1.5}, {"radius": 2, "kind": "circle"}]"#
        let squares = #"[{"kind": "square", "radius": "no", "width": 3}]"#
        let mixed = #"[{"kind": "square", "width": 4}, {"kind": "circle", "radius": 0.1, "extra": [1, {"a": 2}]}]"#
        let broken = #"[{"kind": "circle", "radius": 1}, {"kind": "square", "radius": 1}]"#
        for json in [circles, squares, circles, mixed, broken, mixed, circles] {
            comparison.expectSame([Shape].self, json)
        }
    }

    /// Reads `b` only when `a` is positive, through `try?`, and asks whether `c` is there.
    struct Hidden: Decodable, Equatable {
        var a: Int
        var b: Int?
        var hasC: Bool

        enum CodingKeys: String, CodingKey { case a, b, c }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            a = try container.decode(Int.self, forKey: .a)
            b = a > 0 ? try? container.decode(Int.self, forKey: .b) : nil
            hasC = a > 1 ? container.contains(.c) : false
        }
    }

    @Test func aLookupHiddenByTryOrContainsIsNotAnsweredWrong() {
        let comparison = DecoderComparison()
        for json in [
            #"{"a": 0, "b": 5, "c": 1}"#, #"{"a": 1, "b": 5, "c": 1}"#, #"{"a": 2, "b": 6, "c": null}"#,
            #"{"a": 2, "b": "x"}"#, #"{"a": 0, "b": 7}"#,
        ] {
            comparison.expectSame(Hidden.self, json)
        }
    }

    /// Reads every key once `open` is true.
    struct Sometimes: Decodable, Equatable {
        var open: Bool
        var names: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: YajlCodingKey.self)
            open = try container.decode(Bool.self, forKey: YajlCodingKey(stringValue: "open"))
            names = open ? container.allKeys.map(\.stringValue).sorted() : []
        }
    }

    @Test func allKeysAfterAPlanThatListedSome() {
        let comparison = DecoderComparison()
        for json in [#"{"open": false, "x": 1}"#, #"{"x": 1, "open": true, "y": [2]}"#, #"{"open": false}"#] {
            comparison.expectSame(Sometimes.self, json)
        }
    }

    /// Reads the member that its `key` member names.
    struct Pointer: Decodable, Equatable {
        var value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: YajlCodingKey.self)
            let name = try container.decode(String.self, forKey: YajlCodingKey(stringValue: "key"))
            value = try container.decode(Int.self, forKey: YajlCodingKey(stringValue: name))
        }
    }

    @Test func aTypeThatReadsNewKeysEveryTimeStaysRight() {
        // Past the relearning limit its documents are recorded whole.
        let comparison = DecoderComparison()
        for n in 0..<(3 * PlanRegistry.relearnLimit) {
            comparison.expectSame(Pointer.self, "{\"k\(n)\": \(n), \"key\": \"k\(n)\", \"k\(n + 1)\": 0}")
        }
        comparison.expectSame(Pointer.self, #"{"key": "gone"}"#)
    }

    /// Reads `k0` ... `k69`, more keys than a plan tracks in its mask of seen keys.
    struct Wide: Decodable, Equatable {
        var values: [Int?]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: YajlCodingKey.self)
            values = try (0..<70).map {
                try container.decodeIfPresent(Int.self, forKey: YajlCodingKey(stringValue: "k\($0)"))
            }
        }
    }

    @Test func repeatedKeysOfAWidePlanTakeTheFirstValue() {
        let comparison = DecoderComparison()
        let members = (0..<70).reversed().map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        comparison.expectSame(Wide.self, "{\(members)}")
        comparison.expectSame(Wide.self, "{\(members), \"k3\": \"x\", \"k68\": \"y\", \"z\": 1}")
        comparison.expectSame(Wide.self, "{\"k69\": 1, \"k69\": 2, \"k0\": 3, \"k0\": [4]}")
    }

    @Test func inputErrorsInMembersNoPlanReadsAreStillFound() {
        // Each document breaks in a member the model does not read: the same error, at the same
        // line and column, whether that member is recorded or passed over. (JSONDecoder lets
        // most of these through: it checks no value it does not read.)
        let comparison = DecoderComparison()
        comparison.expectSame(Owner.self, #"{"login": "a", "id": 1}"#)
        for broken in [
            #"{"login": "a", "junk": [1, 2,, 3], "id": 1}"#, #"{"junk": "\x", "login": "a", "id": 1}"#,
            "{\"login\": \"a\", \"id\": 1, \"junk\": \"\u{0C}\"}", #"{"login": "a", "id": 1, "junk": tru}"#,
            #"{"login": "a", "id": 1, "junk": {"deep": [{"x": 1e}]}}"#, #"{"login": "a", "id": 1, "junk": 01}"#,
            #"{"login": "a", "id": 1"#,
        ] {
            let (outcome, error) = comparison.yajl(Owner.self, broken)
            #expect(outcome == .failure(kind: "dataCorrupted", path: []), "\(broken)")
            #expect("\(error.map { "\($0)" } ?? "")".contains("line 1, column"), "\(broken)")
        }
    }

    @Test func aBadSurrogateEscapeIsAnErrorOnlyWhereItIsRead() {
        // As in JSONDecoder: a lone surrogate in a string no type reads is let through.
        let comparison = DecoderComparison()
        for json in [
            "{\"login\": \"a\",\n \"id\": 1, \"junk\": [\"\\uD800x\"]}", "{\"login\": \"\\uD800x\", \"id\": 1}",
            "{\"login\": \"\\uDC00\", \"id\": 1}",
        ] {
            comparison.expectSame(Owner.self, json)
        }
        // In a key, it is let through too (JSONDecoder rejects it): a key no plan lists is
        // passed over unread, so checking keys would make the outcome depend on the plan.
        let (outcome, _) = comparison.yajl(Owner.self, "{\"login\": \"a\", \"id\": 1, \"\\uD800\": 2}")
        #expect(outcome == .value(Owner(login: "a", id: 1)))
    }

    @Test func nestedArraysAndDictionariesOfModels() {
        let comparison = DecoderComparison()
        let inputs = [
            #"{"grid": [[{"login": "a", "id": 1, "x": 0}], []], "byName": {"b": {"id": 2, "login": "b"}}}"#,
            #"{"byName": {}, "grid": [[], [{"id": 3, "login": "c", "site": {"a": [1]}}, {"id": 4, "login": "d"}]]}"#,
            #"{"byName": {"e": {"id": "5", "login": "e"}}, "grid": []}"#,
            #"{"grid": [[{"login": "f"}]], "byName": {}}"#,
        ]
        for json in inputs + inputs { comparison.expectSame(Teams.self, json) }
    }

    /// Arrays of arrays and a dictionary of models.
    struct Teams: Decodable, Equatable {
        var grid: [[Owner]]
        var byName: [String: Owner]
    }

    /// A tree: each node's name and children.
    struct Tree: Decodable, Equatable {
        var name: String
        var children: [Tree]?
    }

    /// A tree `depth` levels deep, two children a level, with an unread member everywhere.
    static func tree(depth: Int, name: String = "r") -> String {
        guard depth > 0 else { return "{\"skip\": [1, {\"x\": 2}], \"name\": \"\(name)\"}" }
        let children = (0..<2).map { tree(depth: depth - 1, name: name + "\($0)") }.joined(separator: ", ")
        return "{\"name\": \"\(name)\", \"skip\": {\"deep\": [[]]}, \"children\": [\(children)]}"
    }

    @Test func recursiveTypesDeeperAndShallowerThanThePlan() {
        // Places are positions in the document: a tree deeper than the plan knows is recorded
        // whole below what it learned.
        let comparison = DecoderComparison()
        for depth in [2, 5, 1, 7, 0, 3] { comparison.expectSame(Tree.self, Self.tree(depth: depth)) }
        comparison.expectSame(Tree.self, Self.tree(depth: 6).replacingOccurrences(of: "\"r01010\"", with: "5"))
    }

    @Test func oneDecoderFromManyTasks() async {
        let decoder = YajlDecoder()
        let inputs = [
            #"[{"kind": "circle", "radius": 1}, {"kind": "square", "width": 2, "radius": 9}]"#,
            #"[{"kind": "square", "width": 3}]"#, #"[{"radius": 4, "kind": "circle", "junk": [1, {"a": "b"}]}]"#,
        ]
        let expected = inputs.map { try? JSONDecoder().decode([Shape].self, from: Data($0.utf8)) }
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<60 {
                        let i = (task + round) % inputs.count
                        guard (try? decoder.decode([Shape].self, from: Data(inputs[i].utf8))) == expected[i] else {
                            return false
                        }
                    }
                    return true
                }
            }
            for await passed in group { #expect(passed) }
        }
    }
}
