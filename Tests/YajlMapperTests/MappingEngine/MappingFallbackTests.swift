import Foundation
import Testing

@testable import YajlMapper

/// Reads the engine cannot see from the mapping's operators: `map.JSON`, `currentValue`,
/// `isKeyPresent`. Each must still give the right answer on objects captured by a plan.
@Suite("Mapping fallbacks")
struct MappingFallbackTests {
    static let page = #"""
        {"items": [
          {"name": "plain", "topics": [], "score": 1.5, "other": 1},
          {"name": "plain2", "score": 2},
          {"name": "dynamic", "topics": ["x"], "score": 3, "other": {"deep": true}, "more": "yes"}
        ]}
        """#

    @Test func presenceAndCurrentValueAreKept() throws {
        let page = try Mapper<FallbackPage>(strict: true).map(string: Self.page)
        #expect(page.items.map(\.hasTopics) == [true, false, true])
        #expect(page.items.map { ($0.score as? NSNumber)?.doubleValue } == [1.5, 2, 3])
    }

    @Test func mapJSONGivesTheWholeObjectEvenAfterThePlanIsKnown() throws {
        for _ in 0..<2 { // the second run uses the plan learned by the first
            let page = try Mapper<FallbackPage>().map(string: Self.page)
            let dynamic = try #require(page.items.last)
            #expect(dynamic.extra["more"] as? String == "yes")
            #expect((dynamic.extra["other"] as? [String: Any])?["deep"] as? Bool == true)
            #expect(page.items.first?.extra.isEmpty == true)
        }
        // And element by element.
        var names: [String] = []
        var extras: [Int] = []
        let stream = MappingStreamParser<FallbackItem>(elementsAt: "items") { item in
            names.append(item.name)
            extras.append(item.extra.count)
        }
        for byte in Array(Self.page.utf8) { try stream.feed([byte]) }
        _ = try stream.finish()
        #expect(names == ["plain", "plain2", "dynamic"])
        #expect(extras == [0, 0, 5])
    }
}

@Suite("Mapping fallbacks: nested or flat")
struct MappingNestedFlagTests {
    @Test func theNestedArgumentIsPartOfTheRead() throws {
        let text =
            #"{"items": [{"flat": true, "a.b": "flat one", "a": {"b": "nested one"}}, {"flat": false, "a.b": "flat two", "a": {"b": "nested two"}}]}"#
        for _ in 0..<2 {
            let page = try Mapper<DottedKeyPage>().map(string: text)
            #expect(page.items.map(\.value) == ["flat one", "nested two"])
        }
    }
}
