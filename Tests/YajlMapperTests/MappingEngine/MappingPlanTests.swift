import Foundation
import Testing
@testable import YajlMapper

// Plans are learned once per type and process, so each test uses its own specialisation
// (`Tag`) of the generic models: every test starts from the dry run's plan.
enum PlanTagWhole {}
enum PlanTagWholeStrict {}
enum PlanTagReplay {}
enum PlanTagNested {}
enum PlanTagValueFirst {}
enum PlanTagModelFirst {}
enum PlanTagStream1 {}
enum PlanTagStream7 {}
enum PlanTagStream4096 {}
enum PlanTagStreamStrict {}
enum PlanTagConcurrent {}

/// Reads `a` or `b` depending on `kind`, which it reads first; counts its mappings in
/// ``MissCounter`` (a dry run, whose `kind` is empty, is not counted).
struct PlanBranch<Tag>: Mappable, Equatable {
    var kind = ""
    var a: Int?
    var b: String?
    var common = 0
    init?(map: Map) {}
    init(kind: String, a: Int? = nil, b: String? = nil, common: Int) {
        self.kind = kind
        self.a = a
        self.b = b
        self.common = common
    }
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if !kind.isEmpty { MissCounter.shared.bump(Self.self) }
        if kind == "a" {
            a <- map["a"]
        } else {
            b <- map["b"]
        }
        common <- map["common"]
    }
}

struct PlanBranchPage<Tag>: Mappable {
    var items: [PlanBranch<Tag>] = []
    var total = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total"]
        items <- map["items"]
    }
}

/// A branch that reads a nested model and a nested path only for some objects.
struct PlanDeepBranch<Tag>: Mappable {
    var kind = ""
    var owner: OpOwner?
    var city: String?
    var zip: Int = -1
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        switch kind {
        case "owner": owner <- map["owner"]
        case "address": city <- map["address.city"]
        default: break
        }
        zip <- map["address.zip"]
    }
}

struct PlanInner: Mappable, Equatable {
    var x = 0
    init?(map: Map) {}
    init(x: Int) { self.x = x }
    mutating func mapping(map: Map) { x <- map["x"] }
}

/// Reads `payload` as a string in some objects and as a model in others.
struct PlanPayload<Tag>: Mappable, Equatable {
    var kind = ""
    var text: String?
    var inner: PlanInner?
    init?(map: Map) {}
    init(kind: String, text: String? = nil, inner: PlanInner? = nil) {
        self.kind = kind
        self.text = text
        self.inner = inner
    }
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if kind == "object" {
            inner <- map["payload"]
        } else {
            text <- map["payload"]
        }
    }
}

struct PlanComment: Mappable, Equatable {
    var id = 0
    var text = ""
    var replies: [PlanComment] = []
    var parent: PlanCommentRef?
    init?(map: Map) {}
    init(id: Int, text: String, replies: [PlanComment] = [], parent: PlanCommentRef? = nil) {
        self.id = id
        self.text = text
        self.replies = replies
        self.parent = parent
    }
    mutating func mapping(map: Map) {
        id <- map["id"]
        text <- map["text"]
        replies <- map["replies"]
        parent <- map["parent"]
    }
}

struct PlanCommentRef: Mappable, Equatable {
    var id = 0
    var comment: [PlanComment]?
    init?(map: Map) {}
    init(id: Int) { self.id = id }
    mutating func mapping(map: Map) {
        id <- map["id"]
        comment <- map["thread"]
    }
}

final class PlanImmutableNode: ImmutableMappable, Equatable {
    static func == (a: PlanImmutableNode, b: PlanImmutableNode) -> Bool {
        a.name == b.name && a.children == b.children && a.next == b.next
    }
    let name: String
    let children: [PlanImmutableNode]
    let next: PlanImmutableNode?
    init(name: String, children: [PlanImmutableNode] = [], next: PlanImmutableNode? = nil) {
        self.name = name
        self.children = children
        self.next = next
    }
    required init(map: Map) throws {
        name = try map.value("name")
        children = try map.value("children")
        next = try map.value("next")
    }
}

/// A document whose items switch branch: b, a, b, a, a, b, ... (b first: the dry run learns `b`).
func branchDocument(count: Int, pretty: Bool = false) -> (text: String, expected: [PlanBranch<Never>]) {
    var parts: [String] = []
    var expected: [PlanBranch<Never>] = []
    for i in 0..<count {
        if i % 3 == 1 || i % 5 == 4 {
            parts.append(#"{"kind": "a", "a": \#(i), "b": "unused\#(i)", "common": \#(i * 10)}"#)
            expected.append(PlanBranch(kind: "a", a: i, common: i * 10))
        } else {
            parts.append(#"{"b": "text\#(i)", "kind": "b", "a": -1, "common": \#(i * 10), "extra": {"deep": [1, 2]}}"#)
            expected.append(PlanBranch(kind: "b", b: "text\(i)", common: i * 10))
        }
    }
    let separator = pretty ? ",\n    " : ","
    let text = pretty
        ? "{\n  \"total\": \(count),\n  \"items\": [\n    \(parts.joined(separator: separator))\n  ]\n}"
        : #"{"total": \#(count), "items": [\#(parts.joined(separator: separator))]}"#
    return (text, expected)
}

extension PlanBranch {
    /// The same values in another specialisation, for comparing with ``branchDocument``.
    var erased: PlanBranch<Never> { PlanBranch<Never>(kind: kind, a: a, b: b, common: common) }
}

@Suite("Plans: conditional mappings, mixed kinds, recursion")
struct MappingPlanTests {
    @Test func conditionalMappingWholeDocument() throws {
        let (text, expected) = branchDocument(count: 20)
        // Every run gives the right models: the first widens the plan on its miss.
        for round in 0..<3 {
            let mapper = Mapper<PlanBranchPage<PlanTagWhole>>()
            let page = try #require(mapper.map(JSONString: text))
            #expect(page.total == 20)
            #expect(page.items.map(\.erased) == expected, "round \(round)")
            #expect(mapper.lastProblems.isEmpty)
        }
        // The plan now holds both branches.
        let plan = try #require(PlanRegistry.shared.info(for: PlanBranch<PlanTagWhole>.self).plan)
        #expect(Set(plan.reads.map(\.key)) == ["kind", "a", "b", "common"])
    }

    @Test func conditionalMappingStrictAndTopLevelArray() throws {
        let (text, expected) = branchDocument(count: 12)
        let page = try Mapper<PlanBranchPage<PlanTagWholeStrict>>(strict: true).map(string: text)
        #expect(page.items.map(\.erased) == expected)
        let items = try JSON(parsing: text)["items"].serialized()
        let array = try Mapper<PlanBranch<PlanTagWholeStrict>>(strict: true).mapArray(data: Array(items.utf8))
        #expect(array.map(\.erased) == expected)
    }

    @Test func conditionalMappingFromFoundationValues() throws {
        let (text, expected) = branchDocument(count: 9)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let page = try #require(Mapper<PlanBranchPage<PlanTagReplay>>().map(JSON: object))
        #expect(page.items.map(\.erased) == expected)
        let items = object["items"] as! [[String: Any]]
        #expect(Mapper<PlanBranch<PlanTagReplay>>().mapArray(JSONArray: items).map(\.erased) == expected)
    }

    @Test func conditionalNestedModelsAndPathsKeepPositions() throws {
        let text = """
        [
          {"kind": "none", "address": {"zip": 1}},
          {"kind": "owner", "owner": {"login": "o", "id": 2}, "address": {"zip": 2}},
          {"kind": "address", "address": {"city": "Oslo", "zip": 3}},
          {"kind": "address", "address": {"city": 4, "zip": 4}}
        ]
        """
        let mapper = Mapper<PlanDeepBranch<PlanTagNested>>()
        let items = try #require(mapper.mapArray(JSONString: text))
        #expect(items.map(\.kind) == ["none", "owner", "address", "address"])
        #expect(items.map(\.owner) == [nil, OpOwner(login: "o", id: 2), nil, nil])
        #expect(items.map(\.city) == [nil, nil, "Oslo", nil])
        #expect(items.map(\.zip) == [1, 2, 3, 4])
        // The problem found in the re-mapped document is still located in the input.
        #expect(summaries(mapper.lastProblems) == [ProblemSummary(.typeMismatch, "[3].address.city", "String", "number 4")])
        // line 5: `  {"kind": "address", "address": {"city": 4, ...` → 4 at column 43
        #expect(mapper.lastProblems.first?.location?.line == 5)
        #expect(mapper.lastProblems.first?.location?.column == 43)
    }

    @Test(arguments: [true, false])
    func keyReadAsValueInOneObjectAndModelInAnother(valueFirst: Bool) throws {
        let value = #"{"kind": "text", "payload": "hello"}"#
        let object = #"{"kind": "object", "payload": {"x": 5, "y": 6}}"#
        let order = valueFirst ? [value, object, value, object] : [object, value, object, value]
        let text = "[" + order.joined(separator: ",") + "]"
        let expectedValue = PlanPayload<Never>(kind: "text", text: "hello")
        let expectedObject = PlanPayload<Never>(kind: "object", inner: PlanInner(x: 5))
        let expected = valueFirst ? [expectedValue, expectedObject, expectedValue, expectedObject]
                                  : [expectedObject, expectedValue, expectedObject, expectedValue]
        func erase<T>(_ p: PlanPayload<T>) -> PlanPayload<Never> { PlanPayload<Never>(kind: p.kind, text: p.text, inner: p.inner) }
        for _ in 0..<2 {
            if valueFirst {
                let mapper = Mapper<PlanPayload<PlanTagValueFirst>>()
                #expect(mapper.mapArray(JSONString: text)?.map(erase) == expected)
                #expect(mapper.lastProblems.isEmpty)
                // Single objects, one after the other, each with the plan learned so far.
                for (json, model) in zip(order, expected) {
                    #expect(mapper.map(JSONString: json).map(erase) == model)
                }
            } else {
                let mapper = Mapper<PlanPayload<PlanTagModelFirst>>()
                #expect(mapper.mapArray(JSONString: text)?.map(erase) == expected)
                #expect(mapper.lastProblems.isEmpty)
                for (json, model) in zip(order, expected) {
                    #expect(mapper.map(JSONString: json).map(erase) == model)
                }
            }
        }
    }

    static let thread = """
    [{"id": 1, "text": "root", "replies": [
        {"id": 2, "text": "child", "replies": [
            {"id": 3, "text": "grandchild", "replies": [], "parent": {"id": 2, "thread": [{"id": 9, "text": "nested"}]}}
        ]},
        {"id": 4, "text": "second child", "ignored": {"replies": []}}
     ]},
     {"id": 5, "text": "alone"}]
    """

    static let expectedThread = [
        PlanComment(id: 1, text: "root", replies: [
            PlanComment(id: 2, text: "child", replies: [
                PlanComment(id: 3, text: "grandchild", parent: {
                    var ref = PlanCommentRef(id: 2)
                    ref.comment = [PlanComment(id: 9, text: "nested")]
                    return ref
                }()),
            ]),
            PlanComment(id: 4, text: "second child"),
        ]),
        PlanComment(id: 5, text: "alone"),
    ]

    @Test func recursiveModels() throws {
        for _ in 0..<2 {
            let mapper = Mapper<PlanComment>()
            let comments = try #require(mapper.mapArray(JSONString: Self.thread))
            #expect(comments == Self.expectedThread)
            // Missing `replies` on leaves are problems (non-optional), the rest is clean.
            #expect(Set(mapper.lastProblems.map(\.keyPath)) == ["[0].replies[1].replies", "[1].replies", "[0].replies[0].replies[0].parent.thread[0].replies"])
            #expect(mapper.lastProblems.allSatisfy { $0.kind == .missing })
        }
        // Round trip through JSON text.
        let text = try #require(Self.expectedThread.toJSONString())
        #expect(Mapper<PlanComment>().mapArray(JSONString: text) == Self.expectedThread)
    }

    @Test func recursiveImmutableModels() throws {
        let text = #"{"name": "a", "children": [{"name": "b", "children": [{"name": "c", "children": []}]}], "next": {"name": "d", "children": [], "next": null}}"#
        let expected = PlanImmutableNode(name: "a", children: [PlanImmutableNode(name: "b", children: [PlanImmutableNode(name: "c")])],
                                         next: PlanImmutableNode(name: "d"))
        for _ in 0..<2 {
            #expect(try PlanImmutableNode(JSONString: text) == expected)
        }
        do {
            _ = try PlanImmutableNode(JSONString: #"{"name": "a", "children": [{"name": "b", "children": [{"children": []}]}]}"#)
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(ProblemSummary(error.first) == ProblemSummary(.missing, "children[0].children[0].name", "String", nil))
        }
    }
}
