import Foundation
import Testing

@testable import YajlMapper

// A read outside the plan (conditional logic the plan has not seen yet) is a miss: the unit
// is recorded again whole and mapped again while the plan learns, so every value is read
// from the whole object. A unit that misses runs its mappings twice; one that does not,
// once. Models: MappingPlanMissModels.swift.

private struct CountingContext: MapContext {}

@Suite("Plan misses: each mapping runs once, on the whole object")
struct MappingPlanMissTests {
    /// The page mapped three times: right models each time, and one mapping per item.
    private func checkPages<Tag>(_: Tag.Type, context: MapContext?) throws {
        let (items, expected) = missItems(8)
        let text = "{\n  \"total\": 8,\n  \"items\": \(items)\n}"
        for round in 0..<3 {
            let page = try Mapper<MissPage<Tag>>(context: context, strict: true).map(string: text)
            #expect(page.items.map(\.erased) == expected, "round \(round)")
            #expect(MissCounter.shared.take(PlanBranch<Tag>.self) == 8, "round \(round)")
        }
        #expect(mapperPlanKeys(MissPage<Tag>.self, at: ["items", "[]"]) == ["kind", "a", "b", "common"])
    }

    @Test func elementsBuiltAsTheyCloseRunOnce() throws {
        try checkPages(MissTagEager.self, context: nil)
    }

    @Test func elementsMappedAfterTheDocumentRunOnce() throws {
        // With a context, arrays of models are mapped after the document is captured.
        try checkPages(MissTagContext.self, context: CountingContext())
    }

    @Test func foundationValuesRunOnce() throws {
        let (items, expected) = missItems(6)
        let object = try JSONSerialization.jsonObject(with: Data(#"{"total": 6, "items": \#(items)}"#.utf8))
        let page = try #require(Mapper<MissPage<MissTagReplay>>().map(JSON: object as! [String: Any]))
        #expect(page.items.map(\.erased) == expected)
        #expect(MissCounter.shared.take(PlanBranch<MissTagReplay>.self) == 6)
    }

    // One chunk size at a time: they share the type, and so its count.
    @Test(.serialized, arguments: [1, 7, 4096])
    func streamedElementsRunOnce(chunk: Int) throws {
        let (items, expected) = missItems(9)
        let text = "{\n  \"total\": 9,\n  \"items\": \(items)\n}"
        _ = MissCounter.shared.take(PlanBranch<MissTagStream>.self)
        let mapper = Mapper<PlanBranch<MissTagStream>>(strict: true)
        mapper.plans = PlanRegistry()
        let (models, summary) = try StrmFixture.push(text, chunk: chunk, mapper: mapper)
        #expect(models.map(\.erased) == expected)
        #expect(summary.problems.isEmpty)
        // Element 0 (branch b) is recorded whole and teaches the plan; element 1 (branch a)
        // misses it and runs twice; the rest run once. (Fed at once, every element is
        // recorded, whole, before the first is handed over: each runs once.)
        let whole = chunk >= text.utf8.count
        #expect(MissCounter.shared.take(PlanBranch<MissTagStream>.self) == (whole ? 9 : 10))
        #expect(mapperPlanKeys(PlanBranch<MissTagStream>.self, in: mapper.plans) == ["kind", "a", "b", "common"])
    }

    @Test func objectsFoundThroughModelsDictionariesAndIndexes() throws {
        let (items, expected) = missItems(5)
        let text = """
            {"data": {"skip": [{"a": 1}], "groups": {
              "g1": {"pages": [{"items": [{"kind": "a", "a": 99, "common": 0}]}, {"items": \(items)}]},
              "g2": {"pages": [[], {"other": 1, "items": \(items)}]}
            }}}
            """
        for round in 0..<2 {
            let root = try Mapper<MissDeepRoot<MissTagDictionary>>(strict: true).map(string: text)
            #expect(root.data?.groups["g1"]?.items.map(\.erased) == expected, "round \(round)")
            #expect(root.data?.groups["g2"]?.items.map(\.erased) == expected, "round \(round)")
            #expect(MissCounter.shared.take(PlanBranch<MissTagDictionary>.self) == 10, "round \(round)")
        }
    }

    @Test func aProblemInAValueOnlyTheWholeObjectHadIsLocated() throws {
        let text = """
            {"total": 2, "items": [
              {"kind": "b", "b": "x", "common": 1},
              {"kind": "a", "a": "seven", "common": 2}
            ]}
            """
        let mapper = Mapper<MissPage<MissTagLocated>>()
        let page = try #require(mapper.map(JSONString: text))
        #expect(page.items.map(\.common) == [1, 2])
        #expect(summaries(mapper.lastProblems) == [ProblemSummary(.typeMismatch, "items[1].a", "Int", "string")])
        // line 3: `  {"kind": "a", "a": "seven", ...`: the string starts at column 22.
        #expect(mapper.lastProblems.first?.location?.line == 3)
        #expect(mapper.lastProblems.first?.location?.column == 22)
        #expect(MissCounter.shared.take(PlanBranch<MissTagLocated>.self) == 2)
    }

    @Test func theWholeObjectAsJSONOnItsFirstRead() throws {
        let text = #"[{"kind": "plain", "x": 1}, {"kind": "raw", "x": 2, "y": {"z": [3]}}, {"kind": "raw", "w": null}]"#
        for round in 0..<2 {
            let models: [MissRaw<MissTagWhole>] = try Mapper(strict: true).mapArray(data: Array(text.utf8))
            #expect(models.map(\.keys) == [[], ["kind", "x", "y"], ["kind", "w"]], "round \(round)")
            #expect(MissCounter.shared.take(MissRaw<MissTagWhole>.self) == 3, "round \(round)")
        }
    }

    @Test func itemsBuiltBeforeTheirPageIsRepairedAreNotBuiltAgain() throws {
        let (items, expected) = missItems(6)
        let text = #"{"flagged": true, "note": "n", "items": \#(items)}"#
        for round in 0..<2 {
            let mapper = Mapper<MissFlaggedPage<MissTagPageFirst>>()
            let page = try #require(mapper.map(JSONString: text))
            #expect(page.note == "n" && page.items.map(\.erased) == expected, "round \(round)")
            #expect(MissCounter.shared.take(PlanBranch<MissTagPageFirst>.self) == 6, "round \(round)")
            #expect(mapper.lastProblems.isEmpty)
        }
        // A problem in an item keeps its path and position.
        let bad = #"{"flagged": true, "note": "n", "items": [{"kind": "b", "b": 5, "common": 1}]}"#
        let mapper = Mapper<MissFlaggedPage<MissTagPageFirst>>()
        _ = mapper.map(JSONString: bad)
        #expect(summaries(mapper.lastProblems) == [ProblemSummary(.typeMismatch, "items[0].b", "String", "number 5")])
        #expect(mapper.lastProblems.first?.location?.column == 61)
        _ = MissCounter.shared.take(PlanBranch<MissTagPageFirst>.self)
    }

    @Test func immutableModelsRunOnce() throws {
        let text =
            #"{"items": [{"kind": "b", "common": 1}, {"kind": "a", "a": 5, "common": 2}, {"kind": "a", "common": 3}]}"#
        let mapper = Mapper<MissImmutablePage<MissTagImmutable>>()
        let page = try #require(mapper.map(JSONString: text))
        // The third item has no `a`: `map.value` throws and the item is dropped, with a problem.
        #expect(page.items == [MissImmutable(kind: "b", a: -1, common: 1), MissImmutable(kind: "a", a: 5, common: 2)])
        #expect(summaries(mapper.lastProblems).first == ProblemSummary(.missing, "items[2].a", "Int", nil))
        #expect(MissCounter.shared.take(MissImmutable<MissTagImmutable>.self) == 3)
    }
}
