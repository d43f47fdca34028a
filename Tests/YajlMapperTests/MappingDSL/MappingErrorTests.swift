import Foundation
import Testing

@_spi(Fuzzing) @testable import YajlMapper

@Suite("Mapping errors: key paths, kinds, positions")
struct MappingErrorTests {
    // Columns counted by hand (1-based bytes); see each expectation.
    static let document = """
        {
          "total_count": 3,
          "items": [
            {"id": 1, "owner": {"login": "a"}},
            {"id": "two", "owner": {"login": "b"}},
            {"id": 3, "owner": {"login": null}},
            {"id": 4, "owner": {}},
            {"id": 5, "score": 300, "owner": {"login": 7}}
          ]
        }
        """

    static let expected: [(ProblemSummary, line: Int, column: Int)] = [
        // line 5: `    {"id": "two", ...` → the string starts at column 12
        (ProblemSummary(.typeMismatch, "items[1].id", "Int", "string"), 5, 12),
        // line 6: `    {"id": 3, "owner": {"login": null}}` → null at column 34
        (ProblemSummary(.typeMismatch, "items[2].owner.login", "String", "null"), 6, 34),
        // line 7: `    {"id": 4, "owner": {}}` → a missing key is located at its object, column 24
        (ProblemSummary(.missing, "items[3].owner.login", "String", nil), 7, 24),
        // line 8: `    {"id": 5, "score": 300, ...` → 300 at column 24
        (ProblemSummary(.numberOutOfRange, "items[4].score", "UInt8", "300"), 8, 24),
        // line 8: `... "owner": {"login": 7}}` → 7 at column 48
        (ProblemSummary(.typeMismatch, "items[4].owner.login", "String", "number 7"), 8, 48),
    ]

    @Test func lenientCollectsEveryProblemWithItsPosition() throws {
        for round in 0..<2 { // the second round uses the learned plans
            let mapper = Mapper<ErrPage>()
            let page = try #require(mapper.map(JSONString: Self.document))
            #expect(page.total == 3)
            #expect(page.items.map(\.id) == [1, 0, 3, 4, 5])
            #expect(page.items.map { $0.owner?.login } == ["a", "b", "", "", ""])
            #expect(page.items[4].score == nil)
            let problems = mapper.lastProblems
            let ordered = inDocumentOrder(problems)
            #expect(summaries(ordered) == Self.expected.map(\.0), "round \(round)")
            #expect(ordered.map { $0.location?.line } == Self.expected.map(\.line))
            #expect(ordered.map { $0.location?.column } == Self.expected.map(\.column))
            expectDocumentOrder(problems)
            // mapResult gives the same problems.
            var text = Self.document
            let result = try text.withUTF8 { try Mapper<ErrPage>().mapResult(bytes: UnsafeRawBufferPointer($0)) }
            #expect(result.problems == problems)
            #expect(result.value?.items.count == 5)
        }
    }

    @Test func strictThrowsEveryProblemInDocumentOrder() throws {
        do {
            _ = try Mapper<ErrPage>(strict: true).map(string: Self.document)
            Issue.record("no error")
        } catch let error as MappingError {
            let ordered = inDocumentOrder(error.problems)
            #expect(summaries(ordered) == Self.expected.map(\.0))
            #expect(ordered.map { $0.location?.line } == Self.expected.map(\.line))
            #expect(ordered.map { $0.location?.column } == Self.expected.map(\.column))
            expectDocumentOrder(error.problems)
            #expect(error.first.description == "5:12: items[1].id: expected Int, found string")
            #expect(error.description == "5:12: items[1].id: expected Int, found string (and 4 more)")
            #expect(error.problems[2].description == "7:24: items[3].owner.login: missing key, expected String")
            #expect(ordered[3].message == "items[4].score: number 300 does not fit in UInt8")
            // Offsets agree with lines and columns.
            let bytes = Array(Self.document.utf8)
            for problem in error.problems {
                let location = try #require(problem.location)
                let before = bytes[..<location.offset]
                #expect(before.filter { $0 == 0x0A }.count + 1 == location.line)
                let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
                #expect(location.offset - lineStart + 1 == location.column)
            }
        }
        // The same through Data, [UInt8], a file and a parsed value.
        #expect(throws: MappingError.self) { try Mapper<ErrPage>(strict: true).map(data: Data(Self.document.utf8)) }
        #expect(throws: MappingError.self) { try Mapper<ErrPage>(strict: true).map(data: Array(Self.document.utf8)) }
        let file = try TemporaryFile(Array(Self.document.utf8), name: "mapping-errors")
        defer { file.remove() }
        do {
            _ = try Mapper<ErrPage>(strict: true).map(contentsOf: .file(file.path))
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(error.problems.map { $0.location?.line } == Self.expected.map(\.line))
        }
        do {
            _ = try Mapper<ErrPage>(strict: true).map(json: try JSON(parsing: Self.document))
            Issue.record("no error")
        } catch let error as MappingError {
            // Replayed values have no position in any text.
            #expect(Set(summaries(error.problems).map(\.description)) == Set(Self.expected.map(\.0.description)))
            #expect(error.problems.allSatisfy { $0.location == nil })
        }
    }

    @Test func validDocumentsDoNotThrowInStrictMode() throws {
        let page = try Mapper<ErrPage>(strict: true).map(
            string: #"{"total_count": 1, "items": [{"id": 1, "owner": {"login": "x"}, "score": 255}]}"#)
        #expect(page.items.first?.score == 255)
        #expect(page.items.first?.owner?.login == "x")
    }

    @Test func missingAndNullAreDistinguished() {
        let (_, absent) = lenientMap(ErrPage.self, #"{"items": []}"#)
        #expect(summaries(absent) == [ProblemSummary(.missing, "total_count", "Int", nil)])
        let (_, null) = lenientMap(ErrPage.self, #"{"total_count": null, "items": null}"#)
        #expect(
            summaries(null) == [
                ProblemSummary(.typeMismatch, "total_count", "Int", "null"),
                ProblemSummary(.typeMismatch, "items", "[ErrItem]", "null"),
            ])
        #expect(null.first?.message == "total_count: expected Int, found null")
        #expect(absent.first?.message == "total_count: missing key, expected Int")
    }

    @Test func positionsOnTheFirstLineAndWithTabsAndCRLF() throws {
        let (_, first) = lenientMap(ErrPage.self, #"{"total_count": "3", "items": []}"#)
        #expect(first.first?.location == JSONLocation(offset: 16, line: 1, column: 17))
        // Tabs count one byte; CR LF ends a line at the LF.
        let text = "{\r\n\t\"items\": [\r\n\t\t{\"id\": true}\r\n\t],\r\n\t\"total_count\": 1\r\n}"
        let (_, crlf) = lenientMap(ErrPage.self, text)
        #expect(summaries(crlf) == [ProblemSummary(.typeMismatch, "items[0].id", "Int", "bool")])
        // line 3 is `\t\t{"id": true}`: `true` starts at byte column 10
        #expect(crlf.first?.location?.line == 3)
        #expect(crlf.first?.location?.column == 10)
    }

    @Test func positionOfAnEscapedString() throws {
        // `"t\u0077o"` is 10 bytes of input for a 3-byte string: the problem is where it starts.
        let text = "{\"total_count\": \"t\\u0077o\", \"items\": []}"
        let (_, problems) = lenientMap(ErrPage.self, text)
        #expect(summaries(problems) == [ProblemSummary(.typeMismatch, "total_count", "Int", "string")])
        #expect(problems.first?.location?.column == 17)
        let (_, plain) = lenientMap(ErrPage.self, "{\"total_count\": \"two\", \"items\": []}")
        #expect(plain.first?.location?.column == 17)
    }

    @Test func multiByteCharactersCountAsBytes() throws {
        // "é" is two bytes: -1 is at byte column 34 (character column 33).
        let text = #"{"items": [{"id": "é", "score": -1}], "total_count": 0}"#
        let (_, problems) = lenientMap(ErrPage.self, text)
        #expect(
            summaries(problems) == [
                ProblemSummary(.typeMismatch, "items[0].id", "Int", "string"),
                ProblemSummary(.numberOutOfRange, "items[0].score", "UInt8", "-1"),
            ])
        #expect(problems.map { $0.location?.column } == [19, 34])
    }

    @Test func invalidJSONIsAParseErrorNotAMappingError() throws {
        let bad = "{\n  \"total_count\": 1,\n  \"items\": [}\n"
        #expect(Mapper<ErrPage>().map(JSONString: bad) == nil)
        #expect(Mapper<ErrPage>().mapArray(JSONString: "[") == nil)
        for strict in [false, true] {
            do {
                _ = try Mapper<ErrPage>(strict: strict).map(string: bad)
                Issue.record("no error")
            } catch let error as JSONParseError {
                #expect(error.line == 3)
            } catch {
                Issue.record("expected JSONParseError, got \(error)")
            }
        }
        #expect(throws: JSONParseError.self) { try Mapper<ErrPage>().map(data: Array("".utf8)) }
        #expect(throws: JSONParseError.self) { try Mapper<ErrPage>().map(data: Array(#"{"total_count": 1} {}"#.utf8)) }
        #expect(throws: JSONParseError.self) { try Mapper<ErrPage>().mapArray(data: Array("[{},".utf8)) }
        var text = "{\"a\": tru}"
        #expect(throws: JSONParseError.self) {
            try text.withUTF8 { try Mapper<ErrPage>().mapResult(bytes: UnsafeRawBufferPointer($0)) }
        }
        #expect(throws: JSONInputError.self) {
            try Mapper<ErrPage>().map(contentsOf: .file("/nonexistent/mapping.json"))
        }
    }

    @Test func rootOfTheWrongKind() throws {
        #expect(Mapper<ErrPage>().map(JSONString: "[1, 2]") == nil)
        #expect(Mapper<ErrPage>().map(JSONString: "5") == nil)
        // As ObjectMapper: one object is an array of its model; a number is nothing.
        #expect(Mapper<ErrPage>().mapArray(JSONString: #"{"a": 1}"#)?.count == 1)
        #expect(Mapper<ErrPage>().mapArray(JSONString: "5") == nil)
        do {
            _ = try Mapper<ErrPage>().map(string: "[1, 2]")
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(error.first.keyPath == "")
            #expect(error.first.kind == .typeMismatch)
            #expect(error.first.message.hasPrefix("(root): expected ErrPage"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try Mapper<ErrItem>().mapArray(data: Array(#"{"id": 1}"#.utf8))
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(summaries(error.problems) == [ProblemSummary(.typeMismatch, "", "[ErrItem]", "object")])
        } catch {
            Issue.record("unexpected \(error)")
        }
        // Elements that are not objects are dropped with a problem (lenient), thrown (strict).
        // (ObjectMapper's `mapArray(JSONString:)` gives nil for them instead.)
        let mapper = Mapper<ErrItem>()
        let items = try mapper.mapArray(data: Array(#"[{"id": 1}, 2, null, {"id": 4}]"#.utf8))
        #expect(items.map(\.id) == [1, 4])
        #expect(
            summaries(mapper.lastProblems) == [
                ProblemSummary(.typeMismatch, "[1]", "ErrItem (an object)", "number 2"),
                ProblemSummary(.typeMismatch, "[2]", "ErrItem (an object)", "null"),
            ])
        #expect(mapper.lastProblems.map { $0.location?.column } == [13, 16])
        #expect(throws: MappingError.self) {
            try Mapper<ErrItem>(strict: true).mapArray(data: Array(#"[{"id": 1}, 2]"#.utf8))
        }
    }

    @Test func lastProblemsIsResetByTheNextMapping() {
        let mapper = Mapper<ErrItem>()
        _ = mapper.map(JSONString: #"{"id": "x"}"#)
        #expect(mapper.lastProblems.count == 1)
        _ = mapper.map(JSONString: #"{"id": 1}"#)
        #expect(mapper.lastProblems.isEmpty)
        _ = mapper.map(JSONString: #"{"id": "#)
        #expect(mapper.lastProblems.isEmpty)
    }

    /// Every string of the document is checked, read or skipped: an overlong "/" in a key
    /// the model skips is the same error whole, streamed in any chunks, and validated.
    @Test(arguments: [
        [0xC0, 0xAF] as [UInt8], // overlong
        [0xED, 0xA0, 0x80], // an encoded surrogate
        [0xF4, 0x90, 0x80, 0x80], // above U+10FFFF
    ])
    func invalidUTF8InASkippedValueIsAnErrorEverywhere(sequence: [UInt8]) throws {
        let bytes =
            Array(#"{"total_count": 1, "x": "a"#.utf8) + sequence
            + Array(#"", "incomplete_results": false, "items": [{"id": 1, "name": "n"}]}"#.utf8)
        let whole = #expect(throws: JSONParseError.self) { try Mapper<StrmPage>().map(data: bytes) }
        #expect(whole?.kind == .invalidUTF8)
        #expect(whole.map { [$0.line, $0.column] } == [1, 27])
        for size in [1, 2, 3, 5, 4096] {
            let stream = MappingStreamParser<StrmRepo>(elementsAt: "items") { _ in }
            let streamed = #expect(throws: JSONParseError.self) { _ = try StrmFixture.feed(stream, bytes, chunk: size) }
            #expect(streamed?.kind == .invalidUTF8 && streamed?.offset == whole?.offset, "chunks of \(size)")
        }
        #expect(!validates(bytes))
        #expect(throws: JSONParseError.self) { try JSON(parsing: bytes) }
        // Lenient mapping gives no model for it either.
        #expect(
            Mapper<StrmPage>().map(JSONString: String(decoding: bytes, as: UTF8.self)) != nil,
            "the same text through a Swift string: the bad bytes became U+FFFD, which is valid")
    }

    /// A lone surrogate escape is an error in a value the model reads, at the escape, and
    /// accepted in one it skips (as the validator accepts it).
    @Test func loneSurrogateEscapeIsAnErrorOnlyWhereTheValueIsRead() throws {
        let read = Array(
            #"{"total_count": 1, "incomplete_results": false, "items": [{"id": 1, "name": "a\ud800"}]}"#.utf8)
        let error = #expect(throws: JSONParseError.self) { try Mapper<StrmPage>().map(data: read) }
        #expect(error?.kind == .invalidUTF8)
        #expect(error.map { [$0.line, $0.column] } == [1, 79])
        #expect(error?.message.hasPrefix("lone UTF-16 surrogate escape \\ud800") == true)
        let skipped = Array(
            #"{"total_count": 1, "x": "\udc00", "incomplete_results": false, "items": [{"id": 1, "name": "a", "y": "\ud800"}]}"#
                .utf8)
        let page = try Mapper<StrmPage>().map(data: skipped)
        #expect(page.items.map(\.name) == ["a"])
        #expect(validates(skipped))
    }

    /// An element read on another thread whose problem reads a lone surrogate escape (an
    /// array where a model is, described as found): the same error as on one thread.
    @Test func loneSurrogateEscapeReadOnAnotherThreadIsTheSameError() throws {
        let items = (0..<60).map { i in i == 30 ? #"["\uDd1e\uD834"]"# : #"{"id": \#(i), "name": "n"}"# }
        let text = Array(#"{"total_count": 60, "items": [\#(items.joined(separator: ", "))]}"#.utf8)
        func error(jobs: Int) -> JSONParseError? {
            let mapper = Mapper<StrmPage>(jobs: jobs)
            mapper.parallelFrom = 16
            return #expect(throws: JSONParseError.self) { try mapper.map(data: text) }
        }
        let (serial, parallel) = (error(jobs: 1), error(jobs: 2))
        #expect(serial?.offset != nil && serial?.offset == parallel?.offset)
        #expect(parallel?.message.hasPrefix(#"lone UTF-16 surrogate escape \uDd1e"#) == true)
    }

    /// The same escape deep in a long name, streamed in chunks much shorter than the name:
    /// the error is at the escape, for every chunk size, as when mapped whole.
    @Test func loneSurrogateEscapeFarIntoAStreamedStringIsAnError() throws {
        let filler = String(repeating: #"x\"y\\"#, count: 40)
        let head = #"{"total_count": 1, "incomplete_results": false, "items": [{"id": 1, "name": ""# + filler
        let text = head + #"\ud800"# + filler + #""}]}"#
        let at = head.utf8.count
        let whole = #expect(throws: JSONParseError.self) { try Mapper<StrmPage>().map(data: Array(text.utf8)) }
        #expect(whole?.offset == at)
        for size in [1, 5, 32, 100] {
            let streamed = #expect(throws: JSONParseError.self) {
                _ = try StrmFixture.push(text, chunk: size) as ([StrmRepo], StreamSummary)
            }
            #expect(streamed?.offset == at, "chunks of \(size)")
            #expect(streamed?.message.hasPrefix(#"lone UTF-16 surrogate escape \ud800"#) == true, "chunks of \(size)")
        }
    }

    /// A key the model does not list is skipped with its value, so a lone surrogate escape
    /// in it is no error, whether or not it shares a slot of the recorder's key filter with
    /// a listed key (it was an error only then); a key the model reads or keeps whole is
    /// looked at.
    @Test func loneSurrogateEscapeInAnUnlistedKeyIsNoErrorWhateverItsFilterSlot() throws {
        // The names `StrmRepo` lists in an item.
        let listed = ["id", "name", "full_name", "owner", "stargazers_count", "topics"]
            .map { Array($0.utf8).withUnsafeBytes { PlanNode.slot($0) } }
        // Keys `<letter><letter>\ud800`, decoded by yajl as `<letter><letter>?`.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let keys = letters.flatMap { a in letters.map { b in "\(a)\(b)" } }
        let colliding = keys.filter { listed.contains(Array("\($0)?".utf8).withUnsafeBytes { PlanNode.slot($0) }) }
        #expect(!colliding.isEmpty, "the test needs keys that share a listed key's slot")
        for key in Array(colliding.prefix(3)) + ["zz", "qq"] {
            let text =
                #"{"total_count": 1, "incomplete_results": false, "items": [{"id": 1, ""# + key
                + #"\ud800": 2, "name": "a"}]}"#
            let page = try Mapper<StrmPage>().map(data: Array(text.utf8))
            #expect(page.items.map(\.name) == ["a"], "\(key)")
            let (streamed, _) = try StrmFixture.push(text, chunk: 7) as ([StrmRepo], StreamSummary)
            #expect(streamed.map(\.name) == ["a"], "\(key), streamed")
        }
        // Kept whole (a dictionary of everything): the key is read.
        let kept = Array(#"{"a\ud800b": 1}"#.utf8)
        let error = #expect(throws: JSONParseError.self) {
            _ = try Mapper<ErrKeepsAll>().map(data: Array(#"{"all": "#.utf8) + kept + Array("}".utf8))
        }
        #expect(error?.offset == 11)
    }
}
