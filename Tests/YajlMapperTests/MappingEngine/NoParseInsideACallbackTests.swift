import Foundation
import Testing

@testable import YajlMapper

// A mapping or a decoding that misses its plan records the unit's bytes again whole: a
// parse of its own, started only once the first has returned, never inside its callback.
// `ParseNesting.nestedStarts` counts, per thread, the yajl calls that began inside another.

private enum NestTagEager {}
private enum NestTagStream {}
private enum NestTagAsync {}

/// A `Decodable` whose keys depend on its `kind` (a plan learned from one misses the other).
private struct NestBranch<Tag>: Decodable, Equatable {
    var kind: String
    var value: Int

    enum CodingKeys: String, CodingKey { case kind, a, b }

    init(kind: String, value: Int) {
        self.kind = kind
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        value = try container.decode(Int.self, forKey: kind == "a" ? .a : .b)
    }
}

/// Parses a small document at each object's start: a parse inside a callback.
private struct ParsesInsideItsEvents: JSONEventHandler {
    var parsed = 0
    mutating func startObject() throws {
        _ = try JSON(parsing: "[1]")
        parsed += 1
    }
}

@Suite("No parse starts inside another parse's callback")
struct NoParseInsideACallbackTests {
    @Test func theCountSeesAParseInsideACallback() throws {
        let before = ParseNesting.nestedStarts
        let handler = try JSONStreamParser.parse(Array(#"[{}, {"a": {}}]"#.utf8), handler: ParsesInsideItsEvents())
        #expect(handler.parsed == 3)
        // Each parse calls `yajl_parse`, then `yajl_complete_parse`.
        #expect(ParseNesting.nestedStarts - before == 2 * handler.parsed)
    }

    @Test func repairsInElementsBuiltAsTheyClose() throws {
        let (items, expected) = missItems(8)
        let text = "{\n  \"total\": 8,\n  \"items\": \(items)\n}"
        let before = ParseNesting.nestedStarts
        for round in 0..<2 {
            let page = try Mapper<MissPage<NestTagEager>>(strict: true).map(string: text)
            #expect(page.items.map(\.erased) == expected, "round \(round)")
            #expect(MissCounter.shared.take(PlanBranch<NestTagEager>.self) == 8, "round \(round)")
        }
        #expect(ParseNesting.nestedStarts == before)
        // The repairs happened: the plan learned both branches' keys from them.
        #expect(mapperPlanKeys(MissPage<NestTagEager>.self, at: ["items", "[]"]) == ["kind", "a", "b", "common"])
    }

    @Test(.serialized, arguments: [1, 7, 4096])
    func repairsInStreamedElements(chunk: Int) throws {
        let (items, expected) = missItems(9)
        let text = "{\n  \"total\": 9,\n  \"items\": \(items)\n}"
        _ = MissCounter.shared.take(PlanBranch<NestTagStream>.self)
        let before = ParseNesting.nestedStarts
        let mapper = Mapper<PlanBranch<NestTagStream>>(strict: true)
        mapper.plans = PlanRegistry()
        let (models, summary) = try StrmFixture.push(text, chunk: chunk, mapper: mapper)
        #expect(ParseNesting.nestedStarts == before)
        #expect(models.map(\.erased) == expected && summary.count == 9 && summary.problems.isEmpty)
        // The first element teaches the plan its branch; the first of the other branch misses
        // it, and is mapped again from its whole tape (unless every element was recorded
        // before the first was handed over: fed at once).
        let whole = chunk >= text.utf8.count
        #expect(MissCounter.shared.take(PlanBranch<NestTagStream>.self) == (whole ? 9 : 10))
    }

    @Test func plansMissedInDecodedStreams() throws {
        let values = (0..<12).map { NestBranch<NestTagAsync>(kind: $0 % 3 == 0 ? "a" : "b", value: $0) }
        let items = values.map { #"{"kind": "\#($0.kind)", "\#($0.kind)": \#($0.value), "pad": [1, 2]}"# }
        let before = ParseNesting.nestedStarts
        var decoded: [NestBranch<NestTagAsync>] = []
        let page = Data(#"{"total": 12, "items": [\#(items.joined(separator: ",\n"))]}"#.utf8)
        _ = try YajlDecoder().stream(NestBranch<NestTagAsync>.self, from: page, elementsAt: "items") {
            decoded.append($0)
        }
        #expect(decoded == values)
        // JSON Lines: each value ends at the top level.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nest-\(UUID()).jsonl")
        try Data(items.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        decoded.removeAll()
        let count = try YajlDecoder().streamLines(NestBranch<NestTagAsync>.self, from: .file(file.path)) {
            decoded.append($0)
        }
        #expect(count == 12 && decoded == values)
        #expect(ParseNesting.nestedStarts == before)
    }
}
