import Testing

@testable import YajlMapper

/// A handler of the caller's sees events as they happen, so the parser checks each chunk
/// for form feeds and vertical tabs before yajl reads it. The mapping capture and
/// validation check behind yajl instead, in blocks and before anything reaches the caller.
/// Every path must report the same first error.
@Suite("Form feed and vertical tab, checked behind yajl")
struct ParserFormFeedOnEveryPathTests {
    /// What each path reports for the same bytes.
    struct Reports: Equatable, CustomStringConvertible {
        var events: ErrorSummary?
        var validation: ErrorSummary?
        var mapping: ErrorSummary?
        var description: String {
            "events \(String(describing: events)), validation \(String(describing: validation)), mapping \(String(describing: mapping))"
        }
    }

    static func reports(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> Reports {
        func summary(_ body: () throws -> Void) -> ErrorSummary? {
            do {
                try body()
                return nil
            } catch let error as JSONParseError {
                return ErrorSummary(error)
            } catch {
                Issue.record("not a parse error: \(error)")
                return nil
            }
        }
        return Reports(
            events: summary { _ = try JSONStreamParser.parse(bytes, handler: EventRecorder(), options: options) },
            validation: summary { _ = try JSONStreamParser.parse(bytes, handler: DiscardEvents(), options: options) },
            mapping: summary { _ = try Mapper<StrmPage>().map(data: bytes, options: options) })
    }

    /// A page larger than several check blocks.
    static let largePage = Array(StrmFixture.page(count: 500).text.utf8)

    /// The large page with one byte replaced.
    static func page(replacing offset: Int, with byte: UInt8) -> [UInt8] {
        var bytes = largePage
        bytes[offset] = byte
        return bytes
    }

    /// The offset of the first space at or after `offset` (spaces are only between tokens,
    /// or inside the fixture's strings, which have none).
    static func space(atOrAfter offset: Int) -> Int {
        largePage[offset...].firstIndex(of: 0x20)!
    }

    @Test(
        "a large page: every path finds the byte at its offset, at block edges too",
        arguments: [0x0C, 0x0B] as [UInt8],
        [1, 100, 4_095, 4_096, 4_097, 8_192, 16_383, 16_384, 16_385, 32_768, 65_536, 100_000, -1])
    func largePage(byte: UInt8, near: Int) throws {
        #expect(Self.largePage.count > 16 * 4_096)
        let at = near < 0 ? Self.largePage.lastIndex(of: 0x20)! : Self.space(atOrAfter: near)
        let bytes = Self.page(replacing: at, with: byte)
        let reports = Self.reports(bytes)
        let error = try #require(reports.events)
        #expect(error.kind == .invalidCharacter)
        #expect(error.offset == at)
        #expect(reports == Reports(events: error, validation: error, mapping: error))
    }

    @Test(
        "the small cases of every position give the same error on every path",
        arguments: [
            "\u{C}[1]", "[\u{C}1]", "[1,\u{C}2]", "[1\u{C},2]", "[\"a\u{C}\"]", "{\"k\u{C}\":1}", "{\"k\":\u{C}1}",
            "[1]\u{C}", "[1] \u{C}\n", "[\n1,\u{C}2]", "\u{C}", "12\u{C}", "[1,\u{B}2,\u{C}3]", "[1,\u{C}2,\u{B}3]",
        ])
    func smallCases(json: String) throws {
        let reports = Self.reports(Array(json.utf8))
        let error = try #require(reports.events)
        #expect(error.kind == .invalidCharacter)
        #expect(reports == Reports(events: error, validation: error, mapping: error))
    }

    @Test("whichever comes first of a syntax error and a form feed is reported", arguments: [true, false])
    func syntaxErrorAndFormFeed(formFeedFirst: Bool) throws {
        var bytes = Self.largePage
        let early = Self.space(atOrAfter: 20_000), late = Self.space(atOrAfter: 60_000)
        // A space becomes a form feed; another space after a colon becomes a second colon.
        bytes[formFeedFirst ? early : late] = 0x0C
        let colon = formFeedFirst ? late : early
        bytes[colon] = 0x3A
        let reports = Self.reports(bytes)
        let error = try #require(reports.events)
        #expect(error.kind == (formFeedFirst ? .invalidCharacter : .syntax))
        #expect(error.offset == (formFeedFirst ? early : colon))
        #expect(reports == Reports(events: error, validation: error, mapping: error))
    }

    @Test("whichever comes first of too deep a nesting and a form feed is reported", arguments: [true, false])
    func depthAndFormFeed(formFeedFirst: Bool) throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let padding = String(repeating: " ", count: 40_000)
        let json = formFeedFirst ? "[" + padding + "\u{C}" + deep + "]" : "[" + deep + padding + "\u{C}]"
        let reports = Self.reports(Array(json.utf8), options: JSONParseOptions(maxDepth: 20))
        let error = try #require(reports.events)
        #expect(error.kind == (formFeedFirst ? .invalidCharacter : .tooDeep))
        #expect(reports == Reports(events: error, validation: error, mapping: error))
    }

    @Test(
        "streamed elements: those that end before the byte are delivered, none after",
        arguments: [1, 4096, 1 << 20])
    func streamedElements(chunk: Int) throws {
        let (text, expected) = StrmFixture.page(count: 500)
        var bytes = Array(text.utf8)
        // The space after `"id":` on item 300's line (line 5 + 300).
        let lineStart = bytes.indices.filter { bytes[$0] == 0x0A }[3 + 300] + 1
        let at = bytes[lineStart...].firstIndex(of: 0x20)! + 10
        #expect(bytes[at - 1] == 0x3A && bytes[at] == 0x20)
        bytes[at] = 0x0C
        var models: [StrmRepo] = []
        let stream = MappingStreamParser<StrmRepo>(elementsAt: "items") { models.append($0) }
        let error = #expect(throws: JSONParseError.self) { _ = try StrmFixture.feed(stream, bytes, chunk: chunk) }
        #expect(error?.kind == .invalidCharacter)
        #expect(error?.offset == at)
        #expect(error?.line == 5 + 300)
        #expect(models == Array(expected.prefix(300)))
    }

    @Test(
        "a strict stream: a form feed before the bad element is reported, one after it is not",
        arguments: [3, 8])
    func strictStream(formFeedItem: Int) throws {
        let (text, expected) = StrmFixture.page(count: 12, bad: [5: #""many""#])
        var bytes = Array(text.utf8)
        let lineStart = bytes.indices.filter { bytes[$0] == 0x0A }[3 + formFeedItem] + 1
        let at = bytes[lineStart...].firstIndex(of: 0x20)! + 10
        bytes[at] = 0x0B
        var models: [StrmRepo] = []
        let stream = MappingStreamParser<StrmRepo>(mapper: Mapper(strict: true), elementsAt: "items") {
            models.append($0)
        }
        do {
            try stream.feed(bytes)
            _ = try stream.finish()
            Issue.record("no error")
        } catch let error as JSONParseError {
            #expect(formFeedItem == 3)
            #expect(error.offset == at)
            #expect(models == Array(expected.prefix(3)))
        } catch let error as MappingError {
            #expect(formFeedItem == 8)
            #expect(error.first.keyPath == "items[5].stargazers_count")
            #expect(models == Array(expected.prefix(5)))
        }
    }
}
