import Foundation
import Testing
import YajlMapper

// The stream's contract at its edges (found by a review of the streaming API): calls after
// `finish()` or from inside the element handler throw instead of trapping or misparsing;
// `finish()` twice gives the same summary.

private struct Entry: Mappable {
    var id: Int?
    init?(map: Map) {}
    mutating func mapping(map: Map) { id <- map["id"] }
}

@Suite("Streaming: the contract at its edges")
struct MappingStreamContractTests {
    private func stream(_ text: String, strict: Bool = false, path: JSONPath = "items") throws -> (StreamSummary, [Int?]) {
        var ids: [Int?] = []
        let parser = MappingStreamParser<Entry>(mapper: Mapper(strict: strict), elementsAt: path) { ids.append($0.id) }
        try parser.feed(Array(text.utf8))
        return (try parser.finish(), ids)
    }

    @Test func anEmptyArrayIsNoProblem() throws {
        let (summary, ids) = try stream(#"{"items": [], "total": 0}"#, strict: true)
        #expect(ids.isEmpty && summary.problems.isEmpty && summary.count == 0)
        let (nested, nestedIDs) = try stream(#"{"data": {"items": [{"id": 2}]}}"#, path: "data.items")
        #expect(nestedIDs == [2] && nested.problems.isEmpty)
    }

    @Test func finishingTwiceGivesTheSameSummary() throws {
        for (text, path) in [(#"{"a": 1}"#, JSONPath("")), (#"{"a": 1}"#, "items"), (#"{"items": [{"id": 1}]}"#, "items")] {
            let parser = MappingStreamParser<Entry>(elementsAt: path) { _ in }
            try parser.feed(Array(text.utf8))
            let first = try parser.finish()
            let second = try parser.finish()
            #expect(first.problems == second.problems && first.count == second.count && first.envelope == second.envelope)
        }
    }

    @Test func feedingAfterFinishThrows() throws {
        let parser = MappingStreamParser<Entry>(elementsAt: "items") { _ in }
        try parser.feed(Array(#"{"items": []}"#.utf8))
        _ = try parser.finish()
        for bytes in [Array(" ".utf8), []] {
            #expect(throws: JSONStreamUsageError(kind: .feedAfterFinish)) { try parser.feed(bytes) }
        }
        let events = JSONStreamParser(handler: DiscardEvents())
        try events.feed(Array("1".utf8))
        try events.finish()
        #expect(throws: JSONStreamUsageError(kind: .feedAfterFinish)) { try events.feed(Array("2".utf8)) }
    }

    @Test func feedingFromInsideTheElementHandlerThrows() throws {
        final class Holder { var parser: MappingStreamParser<Entry>? }
        let holder = Holder()
        holder.parser = MappingStreamParser<Entry>(elementsAt: "items") { _ in
            try holder.parser?.feed(Array(#",{"id": 2}]}"#.utf8))
        }
        #expect(throws: JSONStreamUsageError(kind: .reentrantCall)) {
            try holder.parser?.feed(Array(#"{"items": [{"id": 1}"#.utf8))
        }
        let finishing = MappingStreamParser<Entry>(elementsAt: "items") { _ in _ = try holder.parser?.finish() }
        holder.parser = finishing
        #expect(throws: JSONStreamUsageError(kind: .reentrantCall)) { try finishing.feed(Array(#"{"items": [{"id": 1}]}"#.utf8)) }
    }
}
