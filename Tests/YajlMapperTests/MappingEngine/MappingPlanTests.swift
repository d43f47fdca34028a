import Foundation
import Testing

@testable import YajlMapper

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
        #expect(
            mapperPlanKeys(PlanBranchPage<PlanTagWhole>.self, at: ["items", "[]"]) == ["kind", "a", "b", "common"])
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
        #expect(
            summaries(mapper.lastProblems) == [ProblemSummary(.typeMismatch, "[3].address.city", "String", "number 4")])
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
        let expected =
            valueFirst
            ? [expectedValue, expectedObject, expectedValue, expectedObject]
            : [expectedObject, expectedValue, expectedObject, expectedValue]
        func erase<T>(_ p: PlanPayload<T>) -> PlanPayload<Never> {
            PlanPayload<Never>(kind: p.kind, text: p.text, inner: p.inner)
        }
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
        PlanComment(
            id: 1, text: "root",
            replies: [
                PlanComment(
                    id: 2, text: "child",
                    replies: [
                        PlanComment(
                            id: 3, text: "grandchild",
                            parent: {
                                var ref = PlanCommentRef(id: 2)
                                ref.comment = [PlanComment(id: 9, text: "nested")]
                                return ref
                            }())
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
            #expect(
                Set(mapper.lastProblems.map(\.keyPath)) == [
                    "[0].replies[1].replies", "[1].replies", "[0].replies[0].replies[0].parent.thread[0].replies",
                ])
            #expect(mapper.lastProblems.allSatisfy { $0.kind == .missing })
        }
        // Round trip through JSON text.
        let text = try #require(Self.expectedThread.toJSONString())
        #expect(Mapper<PlanComment>().mapArray(JSONString: text) == Self.expectedThread)
    }

    @Test func recursiveImmutableModels() throws {
        let text =
            #"{"name": "a", "children": [{"name": "b", "children": [{"name": "c", "children": []}]}], "next": {"name": "d", "children": [], "next": null}}"#
        let expected = PlanImmutableNode(
            name: "a", children: [PlanImmutableNode(name: "b", children: [PlanImmutableNode(name: "c")])],
            next: PlanImmutableNode(name: "d"))
        for _ in 0..<2 {
            #expect(try PlanImmutableNode(JSONString: text) == expected)
        }
        do {
            _ = try PlanImmutableNode(
                JSONString: #"{"name": "a", "children": [{"name": "b", "children": [{"children": []}]}]}"#)
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(
                ProblemSummary(error.first) == ProblemSummary(.missing, "children[0].children[0].name", "String", nil))
        }
    }
}
