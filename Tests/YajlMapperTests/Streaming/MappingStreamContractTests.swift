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
    private func stream(
        _ text: String, strict: Bool = false, path: JSONPath = "items"
    ) throws -> (StreamSummary, [Int?]) {
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
        for (text, path) in [
            (#"{"a": 1}"#, JSONPath("")), (#"{"a": 1}"#, "items"), (#"{"items": [{"id": 1}]}"#, "items"),
        ] {
            let parser = MappingStreamParser<Entry>(elementsAt: path) { _ in }
            try parser.feed(Array(text.utf8))
            let first = try parser.finish()
            let second = try parser.finish()
            #expect(
                first.problems == second.problems && first.count == second.count && first.envelope == second.envelope)
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
        #expect(throws: JSONStreamUsageError(kind: .reentrantCall)) {
            try finishing.feed(Array(#"{"items": [{"id": 1}]}"#.utf8))
        }
    }
}

/// Chunks from a fixed list, counting how many were pulled.
private struct CountedChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let chunks: [[UInt8]]
    let counter: StrmPullCounter
    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: [[UInt8]]
        let counter: StrmPullCounter
        var index = 0
        mutating func next() async -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            counter.increment()
            return chunks[index]
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks, counter: counter) }
}

@Suite("Streaming: the async forms")
struct MappingStreamAsyncContractTests {
    /// The input is read only as far as the consumer has asked: a consumer that holds on to
    /// the first model has had one element's chunks read, not the whole input.
    @Test func theInputIsReadNoFurtherThanTheConsumerAsks() async throws {
        let counter = StrmPullCounter()
        let chunks =
            [Array(#"{"items": ["#.utf8)] + (1...1000).map { Array(#"{"id": \#($0)},"#.utf8) } + [
                Array(#"{"id": 0}]}"#.utf8)
            ]
        var iterator = Mapper<Entry>().elements(ofChunks: CountedChunks(chunks: chunks, counter: counter))
            .makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.id == 1)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(counter.count <= 3, "pulled \(counter.count) chunks for one element")
        var rest = 0
        while try await iterator.next() != nil { rest += 1 }
        #expect(rest == 1000 && counter.count == chunks.count)
    }

    @Test func theSummaryComesAtTheEnd() async throws {
        let text = #"{"total": 3, "items": [{"id": 1}, {"id": "x"}, 7, {"id": 4}], "after": true}"#
        let box = SummaryBox()
        var ids: [Int?] = []
        for try await entry in Mapper<Entry>().elements(
            of: StrmByteSequence(bytes: Array(text.utf8)), onSummary: { box.summary = $0 })
        {
            ids.append(entry.id)
        }
        #expect(ids == [1, nil, 4])
        let summary = try #require(box.summary)
        #expect(summary.count == 4 && summary.envelope["total"].int == 3 && summary.envelope["after"].bool == true)
        #expect(summary.problems.map(\.keyPath) == ["items[1].id", "items[2]"])
    }
}

private final class SummaryBox: @unchecked Sendable {
    var summary: StreamSummary?
}
