import Testing

@testable import YajlMapper

/// A stream's envelope: where each of its values starts (its bytes are gone by the end),
/// and what of it has been read while the elements arrive.
@Suite("Streaming: the envelope")
struct MappingStreamEnvelopeTests {
    /// Pushes `text` in chunks of `size` bytes; `onElement` runs with the stream itself.
    static func stream(
        _ text: String, chunk size: Int, at path: JSONPath = "items",
        onElement: @escaping (MappingStreamParser<StrmRepo>) -> Void = { _ in }
    ) throws -> StreamSummary {
        var parser: MappingStreamParser<StrmRepo>?
        parser = MappingStreamParser<StrmRepo>(elementsAt: path) { _ in onElement(parser!) }
        defer { parser = nil }
        return try StrmFixture.feed(parser!, Array(text.utf8), chunk: size)
    }

    @Test("envelope values are located as the whole-document mapping locates them, in any chunking")
    func locationsMatchTheWholeDocument() throws {
        // Envelope values of the wrong kind, so the whole-document mapping locates each;
        // strings with escaped quotes, backslashes and brackets around them, and lines.
        let text = """

              {"note\\"s": "\\\\\\" { [", "total_count": "many",
               "items": [
                {"id": 1, "name": "a \\"quoted\\" ] } word", "stargazers_count": 2},
                {"id": 2, "name": "ends in a backslash \\\\", "stargazers_count": 3}
               ],
               "after": {"x": "]\\\\\\\\"}, "incomplete_results": 7}
            """
        let whole = try Array(text.utf8).withUnsafeBytes { try Mapper<StrmPage>().mapResult(bytes: $0) }
        let expected = whole.problems.filter { !$0.keyPath.hasPrefix("items[") }
        #expect(expected.map(\.keyPath) == ["total_count", "incomplete_results"])
        #expect(expected.allSatisfy { $0.location != nil })
        let bracket = text.utf8.distance(from: text.startIndex, to: text.range(of: #""items": ["#)!.upperBound) - 1
        for size in [1, 2, 3, 5, 7, 64, 1000, text.utf8.count] {
            let summary = try Self.stream(text, chunk: size)
            #expect(summary.count == 2)
            #expect(summary.location(of: JSONPath([])) == JSONLocation(offset: 3, line: 2, column: 3), "\(size)")
            for problem in expected {
                #expect(
                    summary.location(of: JSONPath(problem.keyPath)) == problem.location, "\(size) \(problem.keyPath)")
            }
            // The streamed array is where its bracket is; a missing key at its object.
            #expect(summary.location(of: "items")?.offset == bracket, "\(size)")
            #expect(summary.location(of: "after.x")?.line == 7, "\(size)")
            #expect(summary.location(of: "nothing.here") == summary.location(of: JSONPath([])), "\(size)")
        }
    }

    @Test("a key given twice in the envelope moves no later location")
    func repeatedKeysBeforeAProblem() throws {
        let text = """
            {"after": {"x": [1, 2], "x": {"y": 3}, "z": 4}, "meta": {"k": 1, "k": 2},
             "items": [{"id": 1}], "total_count": "many",
             "incomplete_results": 7}
            """
        let whole = try Array(text.utf8).withUnsafeBytes { try Mapper<StrmPage>().mapResult(bytes: $0) }
        let count = try #require(whole.problems.first { $0.keyPath == "total_count" }?.location)
        let results = try #require(whole.problems.first { $0.keyPath == "incomplete_results" }?.location)
        #expect(count.line == 2 && count.column == 39)
        #expect(results.line == 3 && results.column == 24)
        for size in [1, 5, 1000] {
            let summary = try Self.stream(text, chunk: size)
            #expect(summary.location(of: "total_count") == count, "\(size)")
            #expect(summary.location(of: "incomplete_results") == results, "\(size)")
            #expect(summary.location(of: "after.z")?.column == 45, "\(size)")
        }
    }

    @Test("what an element's handler sees of the envelope: the members read before it")
    func envelopeSoFar() throws {
        let cases: [(String, Int?)] = [
            (#"{"total_count" : -12 ,"items":[{"id":1}]}"#, -12),
            (#"{"incomplete_results":false,"total_count":1677,"items":[{"id":1},{"id":2}]}"#, 1677),
            (#"{"items":[{"id":1,"total_count":3}],"total_count":5}"#, nil),
            (#"{"total_count":"5","items":[{"id":1}]}"#, nil),
        ]
        for (text, total) in cases {
            for size in [1, 4, 100] {
                var seen: [JSON] = []
                let summary = try Self.stream(text, chunk: size) { seen.append($0.envelopeSoFar) }
                #expect(!seen.isEmpty)
                for envelope in seen {
                    #expect(envelope["total_count"].int == total, "\(text) \(size)")
                    #expect(envelope["items"].array == [], "\(text) \(size)")
                }
                #expect(summary.envelope["items"].array == [])
            }
        }
    }

    @Test("a nested array's envelope so far: every open object's members, the array empty")
    func nestedEnvelopeSoFar() throws {
        let text = #"{"meta":{"total":5,"pages":[1,2]},"data":{"page":2,"results":[{"id":1},{"id":2}],"next":3}}"#
        for size in [1, 3, 1000] {
            var seen: [JSON] = []
            let summary = try Self.stream(text, chunk: size, at: "data.results") { seen.append($0.envelopeSoFar) }
            #expect(seen.count == 2)
            for envelope in seen {
                #expect(
                    envelope
                        == (try JSON(parsing: #"{"meta":{"total":5,"pages":[1,2]},"data":{"page":2,"results":[]}}"#)),
                    "\(size)")
            }
            #expect(summary.envelope["data"]["next"].int == 3)
            #expect(summary.location(of: "data.next")?.column == text.utf8.count - 2, "\(size)")
        }
    }

    @Test func beforeAnyInputTheEnvelopeIsNull() {
        let parser = MappingStreamParser<StrmRepo>(elementsAt: "items") { _ in }
        #expect(parser.envelopeSoFar == .null)
    }
}
