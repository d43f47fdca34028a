import Foundation
import Testing

@testable import YajlMapper

// Adversarial cases of plan misses (a unit that misses is recorded again whole and mapped
// again, learning); the models and helpers are in MappingPlanMissEdgeModels.swift.
@Suite("Plan misses: edge cases")
struct MappingPlanMissEdgeTests {
    enum Container: CaseIterable { case root, rootWithContext, dictionary, topLevelArray, nestedModel, foundation }

    /// The box (the parent) misses before it reads its items, whose objects miss in every way
    /// (twice: the second time the plans have every read).
    @Test(arguments: Container.allCases)
    func parentAndChildrenBothMiss(container: Container) throws {
        func check<Tag>(_: Tag.Type) throws {
            let page = try edgePage(Tag.self, "p", 0..<26)
            let box = #"{"id": "B", "kind": "x", "items": \#(page.text), "extra": 5}"#
            for round in 0..<2 {
                let found: EdgeBox<Tag>? =
                    switch container {
                    case .root: try Mapper<EdgeBox<Tag>>(strict: true).map(string: box)
                    case .rootWithContext:
                        try Mapper<EdgeBox<Tag>>(context: EdgeContext(), strict: true).map(string: box)
                    case .dictionary: Mapper<EdgeBox<Tag>>().mapDictionary(JSONString: #"{"k": \#(box)}"#)?["k"]
                    case .topLevelArray: Mapper<EdgeBox<Tag>>().mapArray(JSONString: "[\(box)]")?.first
                    case .nestedModel: Mapper<EdgeHolder<Tag>>().map(JSONString: #"{"c": \#(box)}"#)?.box
                    case .foundation:
                        Mapper<EdgeBox<Tag>>().map(
                            JSONObject: try JSON(parsing: box, duplicateKeys: .useFirst).foundationValue)
                    }
                #expect(found?.extra == 5 && found?.items.map(\.summary) == page.summaries, "round \(round)")
                let runs = edgeRuns(Tag.self)
                #expect(
                    runs.items == page.items && runs.details == page.details, "round \(round): each item mapped once")
                #expect(EdgeRuns.shared.take(EdgeBox<Tag>.self) == ["B"], "round \(round)")
            }
        }
        let tags: [Container: any Any.Type] = [
            .root: EdgeT01.self, .rootWithContext: EdgeT02.self, .dictionary: EdgeT05.self,
            .topLevelArray: EdgeT06.self, .nestedModel: EdgeT07.self, .foundation: EdgeT08.self,
        ]
        func open<Tag>(_: Tag.Type) throws { try check(Tag.self) }
        try _openExistential(tags[container]!, do: open)
    }

    @Test func theFirstReadIsTheMiss() throws {
        EdgeRuns.shared.turnOn(EdgeItem<EdgeT03>.self)
        EdgeRuns.shared.turnOn(EdgeItem<EdgeOracle<EdgeT03>>.self)
        let page = try edgeOracle(
            EdgeT03.self, (0..<6).map { "{\"first\": \($0), " + edgeElement("f\($0)", $0).dropFirst() })
        let box = try Mapper<EdgeBox<EdgeT03>>(strict: true).map(
            string: #"{"id": "r", "kind": "", "items": \#(page.text)}"#)
        #expect(box.items.map(\.summary) == page.summaries && box.items.map(\.first) == [0, 1, 2, 3, 4, 5])
        let runs = edgeRuns(EdgeT03.self)
        #expect(runs.items == page.items && runs.details == page.details)
    }

    @Test func keyOptionsAfterAMissByHand() throws {
        let text = """
            [{"id": "1", "kind": "dot+path+arrow+nil+has", "x.y": 1, "x": {"y": 2}, "p": {"q": 3}, "p->q": 4, "opt": null, "maybe": null, "common": 1},
             {"id": "2", "kind": "has+nil+value+index", "opt": 7, "v": null, "list": [{"name": "only"}], "common": 2},
             {"id": "3", "kind": "dot+path+index+value+has+json", "x": {"y": null}, "v": false, "list": [{}, {"name": "two"}], "common": 3}]
            """
        let items: [EdgeItem<EdgeT04>] = try Mapper(strict: true).mapArray(data: Array(text.utf8))
        #expect(
            items.map(\.summary) == [
                "id=1 kind=dot+path+arrow+nil+has common=1 dotted=1 pathed=2 arrow=3 opt=5 has=true",
                "id=2 kind=has+nil+value+index common=2 opt=7 has=false",
                #"id=3 kind=dot+path+index+value+has+json common=3 opt=5 has=false value=false second=two keys=["common", "id", "kind", "list", "v", "x"]"#,
            ])
        #expect(EdgeRuns.shared.take(EdgeItem<EdgeT04>.self) == ["1", "2", "3"])
        // The third item's mapping read it whole (`map.JSON`): the plan keeps its elements whole.
        #expect(mapperPlanReadsAllKeys([EdgeItem<EdgeT04>].self, at: ["[]"]))
    }

    @Test func parentRepairedAroundItemsAtAnArrayIndex() throws {
        EdgeRuns.shared.turnOn(EdgeBox<EdgeT13>.self)
        let page = try edgePage(EdgeT13.self, "g", 0..<6)
        let other = "[" + (0..<2).map { edgeElement("h\($0)", $0) }.joined(separator: ", ") + "]"
        let text = #"{"id": "G", "kind": "x", "extra": 3, "pages": [{"items": \#(other)}, {"items": \#(page.text)}]}"#
        let box = try Mapper<EdgeBox<EdgeT13>>(strict: true).map(string: text)
        #expect(
            box.extra == 3 && box.items.map(\.summary) == page.summaries
                && EdgeRuns.shared.take(EdgeBox<EdgeT13>.self) == ["G"])
        let runs = edgeRuns(EdgeT13.self)
        #expect(runs.details == page.details)
        #expect(runs.items == page.items, "each item of pages[1] mapped once")
    }

    @Test func aRepairedItemReadsItsOwnChildrenNotAnotherArraysAtTheSameRelativePath() throws {
        let child = edgeElement("g100", 1), sibling = edgeElement("c00", 2)
        let parent = #"{"id": "c10", "kind": "a+kids", "a": 1, "common": 0, "items": [\#(child)]}"#
        let page = try edgeOracle(EdgeT14.self, [sibling, parent])
        let text =
            #"[{"id": "B0", "kind": "", "items": [\#(sibling)]}, {"id": "B1", "kind": "", "items": [\#(parent)]}]"#
        let boxes: [EdgeBox<EdgeT14>] = try Mapper(strict: true).mapArray(data: Array(text.utf8))
        #expect(boxes.map { $0.items.map(\.id) } == [["c00"], ["c10"]])
        #expect(boxes.map { $0.items.map(\.summary) } == [[page.summaries[0]], [page.summaries[1]]])
        #expect(edgeRuns(EdgeT14.self).items == ["c00", "c10", "g100"])
    }

    @Test(arguments: [false, true])
    func arrayReadAsAnotherModelType(withContext: Bool) throws {
        func check<Tag>(_: Tag.Type) throws {
            let page = try edgePage(Tag.self, "t", 0..<5)
            let box = try Mapper<EdgeBox<Tag>>(context: withContext ? EdgeContext() : nil, strict: true)
                .map(string: #"{"id": "B", "kind": "alt", "items": \#(page.text)}"#)
            #expect(box.alts?.map(\.description) == (0..<5).map { "et\($0)/-" } && box.items.isEmpty)
            let runs = edgeRuns(Tag.self)
            #expect(runs.details == (0..<5).map { "et\($0)" })
            #expect(runs.items == [], "no item is mapped: the array is read as details")
            // Once the plan has both reads, the array is kept whole and built by its read only.
            let again = try Mapper<EdgeBox<Tag>>(context: withContext ? EdgeContext() : nil, strict: true)
                .map(string: #"{"id": "B", "kind": "alt", "items": \#(page.text)}"#)
            #expect(again.alts?.count == 5)
            let second = edgeRuns(Tag.self)
            #expect(second.items == [] && second.details == (0..<5).map { "et\($0)" })
        }
        try withContext ? check(EdgeT12.self) : check(EdgeT11.self)
    }

    @Test func repeatedDictionaryKeysTheFirstValueCounts() throws {
        let page = try edgePage(EdgeT15.self, "r", 0..<3)
        let e = page.elements
        let text =
            #"{"groups": {"g": {"id": "G1", "kind": "x", "extra": 1, "items": [\#(e[0])]},"#
            + #" "g": {"id": "G2", "kind": "x", "extra": 2, "items": [\#(e[1]), \#(e[2])]}}}"#
        let deep = try Mapper<EdgeDeep<EdgeT15>>(strict: true).map(string: text)
        #expect(deep.groups?.keys.sorted() == ["g"] && deep.groups?["g"]?.extra == 1)
        #expect(deep.groups?["g"]?.items.map(\.summary) == [page.summaries[0]])
        let (boxes, items) = (EdgeRuns.shared.take(EdgeBox<EdgeT15>.self), edgeRuns(EdgeT15.self).items)
        #expect(boxes == ["G1"] && items == ["r0"], "only the first value's box and item are mapped, once")
    }

    /// Holders under `a.b` whose boxes miss, items with misses, noise,
    /// repeated keys, non-objects: problems located (lenient, strict; with and without a context).
    @Test(arguments: 0..<3)
    func deepEnvelopeNoiseRepeatsAndNonObjects(variant: Int) throws {
        func check<Tag>(_: Tag.Type, context: MapContext?, strict: Bool) throws {
            let page = try edgePage(Tag.self, "d", 0..<4)
            let e = page.elements, seven = e[1].replacingOccurrences(of: #""a": 1,"#, with: #""a": "seven","#)
            let lines = [
                #"{"pre": [[], {"b": [], "c": null}], "a": {"skip": {"b": [1]}, "b": ["#,
                #"  {"c": {"id": "h0", "kind": "x", "extra": 1, "items": []}},"#,
                #"  7,"#,
                #"  {"c": {"id": "h2", "kind": "plain", "items": [\#(e[0]),"#,
                #"    null,"#,
                #"    \#(seven)]}, "c": {"id": "dup"}},"#,
                #"  null,"#,
                #"  {"junk": 1, "c": {"items": [\#(e[2]), \#(e[3])], "kind": "x", "extra": 2, "id": "h4"}}"#,
                #"], "post": [{"c": 1}]}, "a": {"b": "repeated"}}"#,
            ]
            let sevenAt =
                lines[5].utf8.distance(from: lines[5].startIndex, to: lines[5].range(of: #""seven""#)!.lowerBound) + 1
            let expected = ["a.b[1] 3:3", "a.b[2].c.items[1] 5:5", "a.b[2].c.items[2].a 6:\(sevenAt)", "a.b[3] 7:3"]
            let mapper = Mapper<EdgeDeep<Tag>>(context: context, strict: strict)
            if strict {
                let error = #expect(throws: MappingError.self) { try mapper.map(string: lines.joined(separator: "\n")) }
                #expect(edgeProblems(error?.problems ?? []) == expected)
            } else {
                let deep = try #require(mapper.map(JSONString: lines.joined(separator: "\n")))
                #expect(
                    deep.holders?.map { $0.box?.id } == ["h0", "h2", "h4"]
                        && deep.holders?.map { $0.box?.extra } == [1, nil, 2])
                let oracle = try edgeOracle(EdgeOracle<Tag>.self, [e[0], seven, e[2], e[3]])
                #expect(deep.holders?.flatMap { $0.box?.items.map(\.summary) ?? [] } == oracle.summaries)
                #expect(edgeProblems(mapper.lastProblems) == expected)
            }
            #expect(EdgeRuns.shared.take(EdgeBox<Tag>.self) == ["h0", "h2", "h4"])
            let runs = edgeRuns(Tag.self)
            #expect(runs.items == ["d0", "d1", "d2", "d3"] && runs.details == page.details)
        }
        switch variant {
        case 0: try check(EdgeT16.self, context: nil, strict: false)
        case 1: try check(EdgeT17.self, context: EdgeContext(), strict: false)
        default: try check(EdgeT18.self, context: nil, strict: true)
        }
    }

    private func checkCollection<Tag>(_: Tag.Type, _ map: ([String]) throws -> [EdgeItem<Tag>]?) throws {
        let page = try edgePage(Tag.self, "c", 0..<8)
        let models = try #require(try map(page.elements))
        #expect(models.map(\.summary).sorted() == page.summaries.sorted())
        let runs = edgeRuns(Tag.self)
        #expect(runs.items == page.items && runs.details == page.details)
    }

    @Test func topLevelArraysDictionariesAndNestedCollections() throws {
        try checkCollection(EdgeT19.self) { e in
            let mapper = Mapper<EdgeItem<EdgeT19>>()
            let models = try mapper.mapArray(
                data: Array("[\(e[0]), null,\n  3, \(e[1...].joined(separator: ", "))]".utf8))
            #expect(edgeProblems(mapper.lastProblems) == ["[1] 1:\(e[0].utf8.count + 4)", "[2] 2:3"])
            return models
        }
        try checkCollection(EdgeT20.self) { e in
            let members = e.enumerated().map { #""k\#($0)": \#($1)"# }.joined(separator: ", ")
            return Mapper<EdgeItem<EdgeT20>>().mapDictionary(JSONString: "{\(members)}")?.values.map { $0 }
        }
        try checkCollection(EdgeT21.self) { e in
            Mapper<EdgeItem<EdgeT21>>().mapArrayOfArrays(
                JSONString: "[[\(e[0])], [], [\(e[1...].joined(separator: ", "))]]")?.flatMap { $0 }
        }
        try checkCollection(EdgeT22.self) { e in
            let text = #"{"x": [\#(e[0])], "y": [], "z": [\#(e[1...].joined(separator: ", "))]}"#
            return Mapper<EdgeItem<EdgeT22>>().mapDictionaryOfArrays(JSONString: text)?.values.flatMap { $0 }
        }
        try checkCollection(EdgeT23.self) { e in
            let text =
                #"{"grid": [[\#(e[0]), \#(e[1])], [], [\#(e[2])]], "lists": {"k": [\#(e[3...].joined(separator: ", "))]}}"#
            let deep = try Mapper<EdgeDeep<EdgeT23>>(strict: true).map(string: text)
            return (deep.grid ?? []).flatMap { $0 } + (deep.lists?["k"] ?? [])
        }
    }

    @Test func streamsSplitAtEveryChunkSize() throws {
        let lines = EdgeStreamCheck.text.split(separator: "\n")[1...3]
        let oracle = try edgeOracle(
            EdgeT24.self, lines.map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))) })
        #expect(oracle.items == ["s0", "s1", "s2"])
        try edgeEachFreshTag(
            EdgeT24.self, from: 0, to: EdgeStreamCheck.text.utf8.count, EdgeStreamCheck(expected: oracle.summaries))
    }

    /// Each document fills each cached instance once: its log grows by one run per document.
    @Test(arguments: [false, true])
    func staticMappableSubclassesFromACache(withContext: Bool) throws {
        func check<Tag>(_: Tag.Type) throws {
            let text = """
                {"shapes": [{"id": "s1", "type": "square", "side": 2}, {"radius": 3, "type": "circle", "id": "c1"},
                            {"id": "c2", "type": "circle", "radius": 4, "type": "square"}, {"id": "s2"}]}
                """
            var first: [EdgeShape<Tag>] = []
            for round in 1...2 {
                let shapes =
                    try Mapper<EdgeDeep<Tag>>(context: withContext ? EdgeContext() : nil, strict: true).map(
                        string: text
                    ).shapes ?? []
                if round == 1 { first = shapes }
                #expect(shapes.map(\.id) == ["s1", "c1", "c2", "s2"] && zip(shapes, first).allSatisfy { $0 === $1 })
                #expect(shapes.map { ($0 as? EdgeCircle<Tag>)?.radius } == [nil, 3, 4, nil])
                let logs = [["shape"], ["shape", "circle 3"], ["shape", "circle 4"], ["shape"]]
                #expect(shapes.map(\.log) == logs.map { log in (0..<round).flatMap { _ in log } }, "round \(round)")
                #expect(EdgeRuns.shared.take(EdgeShape<Tag>.self) == ["c1", "c2", "s1", "s2"])
            }
        }
        try withContext ? check(EdgeT26.self) : check(EdgeT25.self)
    }

    @Test func concurrentDocumentsOnAFreshType() throws {
        let pages = try (0..<32).map { try edgePage(EdgeT27.self, "c\($0)-", $0 % 4..<$0 % 4 + 12) }
        let lock = NSLock()
        nonisolated(unsafe) var found: [Int: [String]] = [:]
        DispatchQueue.concurrentPerform(iterations: pages.count) { d in
            let text =
                #"{"id": "b\#(d)", "kind": "\#(d % 2 == 0 ? "x" : "")", "extra": \#(d), "items": \#(pages[d].text)}"#
            let box = Mapper<EdgeBox<EdgeT27>>().map(JSONString: text)
            lock.withLock { found[d] = box?.extra == (d % 2 == 0 ? d : nil) ? box?.items.map(\.summary) : nil }
        }
        for (d, page) in pages.enumerated() { #expect(found[d] == page.summaries, "document \(d)") }
        // A document that missed the plan another thread published was mapped again whole.
        let runs = edgeRuns(EdgeT27.self)
        expectRunOnceOrTwice(runs.items, pages.flatMap(\.items))
        expectRunOnceOrTwice(runs.details, pages.flatMap(\.details))
        expectRunOnceOrTwice(EdgeRuns.shared.take(EdgeBox<EdgeT27>.self), (0..<32).map { "b\($0)" })
    }
}
