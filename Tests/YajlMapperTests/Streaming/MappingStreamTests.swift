import Foundation
import SearchSeedModel
import Testing

@testable import YajlMapper

@Suite("Streaming elements")
struct MappingStreamTests {
    @Test(arguments: [1, 7, 4096])
    func pushedChunksGiveTheSameModelsAsTheWholeDocument(chunk: Int) throws {
        let (text, expected) = StrmFixture.page(count: 40)
        let whole = try Mapper<StrmPage>(strict: true).map(string: text)
        #expect(whole.items == expected)
        let (models, summary) = try StrmFixture.push(text, chunk: chunk, mapper: Mapper<StrmRepo>(strict: true))
        #expect(models == expected)
        #expect(summary.count == 40)
        #expect(summary.problems.isEmpty)
        #expect(summary.envelope["total_count"].int == 400)
        #expect(summary.envelope["incomplete_results"].bool == false)
        #expect(summary.envelope["after"]["page"].int == 2)
        #expect(summary.envelope["items"].array == [])
    }

    /// An element that misses the plan is parsed again from its bytes, with the stream's
    /// options: comments allowed stay allowed.
    @Test func anElementParsedAgainKeepsTheStreamsOptions() throws {
        let text = """
            {"items": [ /* first */ {"kind": "y", "extra": 1},
              {"kind": "x", /* read only for x */ "extra": 2 // a line comment
            }]}
            """
        var models: [StrmConditional] = []
        let stream = MappingStreamParser<StrmConditional>(
            mapper: Mapper(strict: true), elementsAt: "items",
            options: JSONParseOptions(allowComments: true)
        ) { models.append($0) }
        let summary = try StrmFixture.feed(stream, Array(text.utf8), chunk: 7)
        #expect(models == [StrmConditional(kind: "y", extra: nil), StrmConditional(kind: "x", extra: 2)])
        #expect(summary.problems.isEmpty)
    }

    /// With `validateUTF8` off, strings that are not UTF-8 are repaired (U+FFFD) by the
    /// mapper as by the `JSON` value, whole or streamed; with it on, they are an error.
    @Test func withoutTheUTF8CheckStringsAreRepaired() throws {
        let bytes =
            Array(#"{"total_count": 1, "incomplete_results": false, "items": [{"id": 1, "name": "caf"#.utf8) + [0xE9]
            + Array(#"", "stargazers_count": 3}]}"#.utf8)
        let options = JSONParseOptions(validateUTF8: false)
        let page = try Mapper<StrmPage>(strict: true).map(data: bytes, options: options)
        #expect(page.items.map(\.name) == ["caf\u{FFFD}"])
        #expect(
            try Mapper<StrmPage>(strict: true).map(json: JSON(parsing: bytes, options: options)).items == page.items)
        var models: [StrmRepo] = []
        let stream = MappingStreamParser<StrmRepo>(mapper: Mapper(strict: true), elementsAt: "items", options: options)
        {
            models.append($0)
        }
        _ = try StrmFixture.feed(stream, bytes, chunk: 5)
        #expect(models == page.items)
        #expect(throws: JSONParseError.self) { try Mapper<StrmPage>().map(data: bytes) }
    }

    @Test func streamFromAFile() throws {
        let (text, expected) = StrmFixture.page(count: 25)
        let file = try TemporaryFile(Array(text.utf8), name: "mapping-stream")
        defer { file.remove() }
        var models: [StrmRepo] = []
        let mapper = Mapper<StrmRepo>()
        let summary = try mapper.stream(.file(file.path), elementsAt: "items") { models.append($0) }
        #expect(models == expected)
        #expect(summary.count == 25)
        #expect(summary.envelope["total_count"].int == 250)
        #expect(mapper.lastProblems.isEmpty)
        #expect(throws: JSONInputError.self) { try mapper.stream(.file(file.path + ".missing")) { _ in } }
        // What the callback throws stops the stream.
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try mapper.stream(.file(file.path)) { _ in
                seen += 1
                if seen == 3 { throw Stop() }
            }
        }
        #expect(seen == 3)
    }

    @Test(arguments: [1, 7, 4096])
    func asyncChunks(chunk: Int) async throws {
        let (text, expected) = StrmFixture.page(count: 30)
        var models: [StrmRepo] = []
        for try await repo in Mapper<StrmRepo>(strict: true).elements(
            ofChunks: StrmChunkSequence(bytes: Array(text.utf8), size: chunk))
        {
            models.append(repo)
        }
        #expect(models == expected)
    }

    @Test func asyncBytes() async throws {
        let (text, expected) = StrmFixture.page(count: 30)
        var models: [StrmRepo] = []
        for try await repo in Mapper<StrmRepo>().elements(of: StrmByteSequence(bytes: Array(text.utf8)), at: "items") {
            models.append(repo)
        }
        #expect(models == expected)
    }

    @Test(arguments: [1, 7, 4096])
    func strictStreamingThrowsAtTheBadElement(chunk: Int) throws {
        let (text, expected) = StrmFixture.page(count: 12, bad: [5: #""many""#, 9: "1.5"])
        var models: [StrmRepo] = []
        let stream = MappingStreamParser<StrmRepo>(mapper: Mapper(strict: true), elementsAt: "items") {
            models.append($0)
        }
        do {
            _ = try StrmFixture.feed(stream, Array(text.utf8), chunk: chunk)
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(
                summaries(error.problems) == [
                    ProblemSummary(.typeMismatch, "items[5].stargazers_count", "Int", "string")
                ])
            #expect(error.first.location?.line == 10)
            #expect(error.first.location?.column == StrmFixture.starsColumn(in: text, item: 5))
            // The elements before the bad one were delivered, in order.
            #expect(models == Array(expected.prefix(5)))
        }
    }

    @Test(arguments: [1, 7, 4096])
    func lenientStreamingCollectsProblems(chunk: Int) throws {
        let (text, expected) = StrmFixture.page(count: 12, bad: [5: #""many""#, 9: "1.5", 11: "null"])
        let (models, summary) = try StrmFixture.push(text, chunk: chunk, mapper: Mapper<StrmRepo>())
        var wanted = expected
        for i in [5, 9, 11] { wanted[i].stars = 0 }
        #expect(models == wanted)
        #expect(summary.count == 12)
        #expect(
            summaries(summary.problems) == [
                ProblemSummary(.typeMismatch, "items[5].stargazers_count", "Int", "string"),
                ProblemSummary(.notAnInteger, "items[9].stargazers_count", "Int", "1.5"),
                ProblemSummary(.typeMismatch, "items[11].stargazers_count", "Int", "null"),
            ])
        #expect(summary.problems.map { $0.location?.line } == [10, 14, 16])
        #expect(
            summary.problems.map { $0.location?.column }
                == [5, 9, 11].map { StrmFixture.starsColumn(in: text, item: $0) })
        // The whole-document mapping finds the same problems at the same places.
        let mapper = Mapper<StrmPage>()
        _ = mapper.map(JSONString: text)
        #expect(mapper.lastProblems == summary.problems)
    }

    @Test func asyncStrictErrorEndsTheSequence() async throws {
        let (text, expected) = StrmFixture.page(count: 8, bad: [3: "true"])
        var models: [StrmRepo] = []
        do {
            for try await repo in Mapper<StrmRepo>(strict: true).elements(
                ofChunks: StrmChunkSequence(bytes: Array(text.utf8), size: 64))
            {
                models.append(repo)
            }
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(error.first.keyPath == "items[3].stargazers_count")
            #expect(error.first.location?.line == 8)
        }
        #expect(models == Array(expected.prefix(3)))
        // Invalid JSON ends it with a parse error.
        await #expect(throws: JSONParseError.self) {
            for try await _ in Mapper<StrmRepo>().elements(
                ofChunks: StrmChunkSequence(bytes: Array(#"{"items": [{"id": 1}, {"id": }]}"#.utf8), size: 5))
            {}
        }
    }

    @Test(arguments: [1, 4096])
    func nestedPathAndTopLevelArray(chunk: Int) throws {
        let (text, expected) = StrmFixture.page(count: 6)
        let items = try JSON(parsing: text)["items"]
        let nested =
            #"{"meta": {"n": 6}, "data": {"before": [1, 2], "results": \#(try items.serialized()), "after": true}}"#
        let (fromNested, nestedSummary) = try StrmFixture.push(
            nested, chunk: chunk, path: "data.results", mapper: Mapper<StrmRepo>(strict: true))
        #expect(fromNested == expected)
        #expect(nestedSummary.envelope["meta"]["n"].int == 6)
        #expect(nestedSummary.envelope["data"]["before"] == [1, 2])
        #expect(nestedSummary.envelope["data"]["after"] == true)

        let (fromTop, topSummary) = try StrmFixture.push(
            try items.serialized(.pretty), chunk: chunk, path: JSONPath([]),
            mapper: Mapper<StrmRepo>(strict: true))
        #expect(fromTop == expected)
        #expect(topSummary.count == 6)

        // An index in the path: the array inside the second element of `pages`.
        let indexed = #"{"pages": [{"items": []}, {"items": \#(try items.serialized())}]}"#
        let (fromIndexed, _) = try StrmFixture.push(
            indexed, chunk: chunk, path: "pages[1].items", mapper: Mapper<StrmRepo>(strict: true))
        #expect(fromIndexed == expected)

        // No array at the path: nothing streamed, the envelope is the document.
        let (none, noneSummary) = try StrmFixture.push(#"{"other": [1]}"#, chunk: chunk, mapper: Mapper<StrmRepo>())
        #expect(none.isEmpty)
        #expect(noneSummary.count == 0)
        #expect(noneSummary.envelope["other"] == [1])
    }

    @Test func strictStreamingErrorOnATopLevelArrayElement() throws {
        let text =
            "[\n  {\"id\": 1, \"name\": \"a\", \"stargazers_count\": 1},\n  {\"id\": 2, \"stargazers_count\": 2}\n]"
        do {
            _ = try StrmFixture.push(text, chunk: 3, path: JSONPath([]), mapper: Mapper<StrmRepo>(strict: true))
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(summaries(error.problems) == [ProblemSummary(.missing, "[1].name", "String", nil)])
            #expect(error.first.location?.line == 3)
            #expect(error.first.location?.column == 3)
        }
    }

    @Test(arguments: [(PlanTagStream1.self as Any.Type, 1), (PlanTagStream7.self, 7), (PlanTagStream4096.self, 4096)])
    func conditionalMappingStreamed(tag: Any.Type, chunk: Int) throws {
        let (text, expected) = branchDocument(count: 20, pretty: true)
        func run<Tag>(_: Tag.Type) throws -> [PlanBranch<Never>] {
            let (models, summary) = try StrmFixture.push(
                text, chunk: chunk, mapper: Mapper<PlanBranch<Tag>>(strict: true))
            #expect(summary.problems.isEmpty)
            #expect(summary.envelope["total"].int == 20)
            return models.map(\.erased)
        }
        switch tag {
        case is PlanTagStream1.Type: #expect(try run(PlanTagStream1.self) == expected)
        case is PlanTagStream7.Type: #expect(try run(PlanTagStream7.self) == expected)
        default: #expect(try run(PlanTagStream4096.self) == expected)
        }
    }

    @Test func conditionalMappingStreamedWithAProblemAfterAMiss() throws {
        // Element 1 takes the other branch (a miss, mapped again from its bytes) and has a bad `a`.
        let text = """
            {"items": [
              {"kind": "b", "b": "x", "common": 1},
              {"kind": "a", "b": "y", "a": "oops", "common": 2},
              {"kind": "a", "a": 3, "common": 3}
            ]}
            """
        var models: [PlanBranch<PlanTagStreamStrict>] = []
        let (lenient, summary) = try StrmFixture.push(text, chunk: 5, mapper: Mapper<PlanBranch<PlanTagStreamStrict>>())
        models = lenient
        #expect(
            models.map(\.erased) == [
                PlanBranch(kind: "b", b: "x", common: 1), PlanBranch(kind: "a", common: 2),
                PlanBranch(kind: "a", a: 3, common: 3),
            ])
        #expect(summaries(summary.problems) == [ProblemSummary(.typeMismatch, "items[1].a", "Int", "string")])
        // line 3: `  {"kind": "a", "b": "y", "a": "oops", ...` → "oops" at column 32
        #expect(summary.problems.first?.location?.line == 3)
        #expect(summary.problems.first?.location?.column == 32)
    }

    @Test func corpusPagesStreamLikeTheWholeDocument() throws {
        let files = GitHubCorpus.files
        guard !files.isEmpty else { return } // the shared corpus is not beside the project
        for file in files {
            let data = try Data(contentsOf: file)
            let page = try Mapper<SeedRepositories>(strict: true).map(data: data)
            let pageItems: [SeedRepository] = page.items
            var streamed: [SeedRepository] = []
            let summary = try Mapper<SeedRepository>(strict: true).stream(.file(file.path), elementsAt: "items") {
                streamed.append($0)
            }
            #expect(summary.count == pageItems.count)
            #expect(summary.envelope["total_count"].int == page.totalCount)
            #expect(summary.envelope["incomplete_results"].bool == page.incompleteResults)
            #expect(streamed.map(\.id) == pageItems.map(\.id))
            #expect(streamed.map(\.fullName) == pageItems.map(\.fullName))
            #expect(streamed.map(\.description) == pageItems.map(\.description))
            #expect(streamed.map(\.avatarUrl) == pageItems.map(\.avatarUrl))
            // Pushed 7 bytes at a time, through a model with its own plan.
            let (small, _) = try StrmFixture.push(
                String(decoding: data, as: UTF8.self), chunk: 7, mapper: Mapper<StrmRepo>(strict: false))
            #expect(small.map(\.id) == pageItems.map(\.id))
            #expect(small.map(\.fullName) == pageItems.map(\.fullName))
            let reference = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            let items = reference["items"] as! [[String: Any]]
            #expect(small.map(\.stars) == items.map { $0["stargazers_count"] as! Int })
            #expect(small.map(\.owner) == items.map { ($0["owner"] as? [String: Any])?["login"] as? String })
        }
    }
}

@Suite("Streaming: stopping early")
struct MappingStreamCancellationTests {
    @Test func breakingOutStopsReadingTheInput() async throws {
        let counter = StrmPullCounter()
        var seen: [Int] = []
        for try await repo in Mapper<StrmRepo>().elements(ofChunks: StrmEndlessChunks(counter: counter)) {
            seen.append(repo.id)
            if seen.count == 3 { break }
        }
        #expect(seen == [1, 2, 3])
        // The reading task ends soon after: the count stops growing, far below the cap.
        // (How many chunks it pulls before it sees the break depends on the machine's load:
        // 5-10 alone, 3,000-12,000 during the whole suite here, more on a busier machine; the
        // bound is a tenth of the cap, a million.)
        var last = -1
        var stopped = false
        for _ in 0..<500 {
            try await Task.sleep(nanoseconds: 10_000_000)
            let now = counter.count
            if now == last {
                stopped = true
                break
            }
            last = now
        }
        #expect(stopped)
        #expect(counter.count < StrmEndlessChunks.cap / 10)
    }
}
