import Foundation
import Testing
@testable import YajlMapper

// A read outside a type's plan (conditional logic the plan has not seen yet) takes the
// object from the unit parsed again whole, and the mapping goes on: each mapping runs once
// per object, so effects outside the model (a counter, an instance from a cache) see one
// run, and every value is read from the whole object. Each test uses its own `Tag`: plans
// are learned once per type and process.
enum MissTagEager {}
enum MissTagContext {}
enum MissTagReplay {}
enum MissTagStream {}
enum MissTagDictionary {}
enum MissTagNested {}
enum MissTagIndexed {}
enum MissTagLocated {}
enum MissTagWhole {}
enum MissTagImmutable {}
enum MissTagPageFirst {}

/// Counts the mappings of each type that read a non-empty `kind` (a plan's dry run reads an
/// empty object: not counted).
final class MissCounter: @unchecked Sendable {
    static let shared = MissCounter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func bump(_ type: Any.Type) { lock.withLock { counts["\(type)", default: 0] += 1 } }
    func take(_ type: Any.Type) -> Int { lock.withLock { counts.removeValue(forKey: "\(type)") ?? 0 } }
}

struct MissPage<Tag>: Mappable {
    var total = 0
    var items: [PlanBranch<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total"]
        items <- map["items"]
    }
}

/// `items` several containers deep: `data` (a nested model) → `groups` (a dictionary of
/// models) → `pages.1` (an array index) → `items`.
struct MissDeepRoot<Tag>: Mappable {
    var data: MissDeepData<Tag>?
    init?(map: Map) {}
    mutating func mapping(map: Map) { data <- map["data"] }
}

struct MissDeepData<Tag>: Mappable {
    var groups: [String: MissDeepGroup<Tag>] = [:]
    init?(map: Map) {}
    mutating func mapping(map: Map) { groups <- map["groups"] }
}

struct MissDeepGroup<Tag>: Mappable {
    var items: [PlanBranch<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["pages.1.items"] }
}

/// Reads the whole object as `map.JSON` for kind "raw" only.
struct MissRaw<Tag>: Mappable {
    var kind = ""
    var keys: [String] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if !kind.isEmpty { MissCounter.shared.bump(Self.self) }
        if kind == "raw" { keys = map.JSON.keys.sorted() }
    }
}

/// ``PlanBranch`` as an `ImmutableMappable`, with a conditional `map.value`.
struct MissImmutable<Tag>: ImmutableMappable, Equatable {
    let kind: String
    let a: Int
    let common: Int
    init(map: Map) throws {
        kind = try map.value("kind")
        if !kind.isEmpty { MissCounter.shared.bump(Self.self) }
        a = kind == "a" ? try map.value("a") : -1
        common = try map.value("common")
    }
    init(kind: String, a: Int, common: Int) { (self.kind, self.a, self.common) = (kind, a, common) }
}

/// Items whose odd ones have kind "a" (read outside the first plan of ``PlanBranch``), as
/// JSON text.
func missItems(_ count: Int) -> (json: String, expected: [PlanBranch<Never>]) {
    var parts: [String] = [], expected: [PlanBranch<Never>] = []
    for i in 0..<count {
        if i % 2 == 1 {
            parts.append(#"{"kind": "a", "a": \#(i), "b": "unused", "common": \#(i * 10)}"#)
            expected.append(PlanBranch(kind: "a", a: i, common: i * 10))
        } else {
            parts.append(#"{"b": "text\#(i)", "kind": "b", "common": \#(i * 10), "extra": [1]}"#)
            expected.append(PlanBranch(kind: "b", b: "text\(i)", common: i * 10))
        }
    }
    return ("[\n    " + parts.joined(separator: ",\n    ") + "\n  ]", expected)
}

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
        let plan = try #require(PlanRegistry.shared.info(for: PlanBranch<Tag>.self).plan)
        #expect(Set(plan.reads.map(\.key)) == ["kind", "a", "b", "common"])
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
        let (models, summary) = try StrmFixture.push(text, chunk: chunk, mapper: Mapper<PlanBranch<MissTagStream>>(strict: true))
        #expect(models.map(\.erased) == expected)
        #expect(summary.problems.isEmpty)
        #expect(MissCounter.shared.take(PlanBranch<MissTagStream>.self) == 9)
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
        let text = #"{"items": [{"kind": "b", "common": 1}, {"kind": "a", "a": 5, "common": 2}, {"kind": "a", "common": 3}]}"#
        let mapper = Mapper<MissImmutablePage<MissTagImmutable>>()
        let page = try #require(mapper.map(JSONString: text))
        // The third item has no `a`: `map.value` throws and the item is dropped, with a problem.
        #expect(page.items == [MissImmutable(kind: "b", a: -1, common: 1), MissImmutable(kind: "a", a: 5, common: 2)])
        #expect(summaries(mapper.lastProblems).first == ProblemSummary(.missing, "items[2].a", "Int", nil))
        #expect(MissCounter.shared.take(MissImmutable<MissTagImmutable>.self) == 3)
    }
}

/// A page that reads `note` only when `flagged`, before its items: its own map is repaired
/// on the first flagged page, after its items were built as they closed.
struct MissFlaggedPage<Tag>: Mappable {
    var flagged = false
    var note: String?
    var items: [PlanBranch<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        flagged <- map["flagged"]
        if flagged { note <- map["note"] }
        items <- map["items"]
    }
}

struct MissImmutablePage<Tag>: Mappable {
    var items: [MissImmutable<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}
