import Foundation
import Testing

@testable import YajlMapper

/// A UTF-8 byte order mark (`EF BB BF`) at the start of the input: skipped, as `JSONDecoder`
/// and `JSONSerialization` skip it, however chunks cut it; offsets count its bytes, the
/// first line's columns start after it.
@Suite("Parser: a byte order mark at the start")
struct ParserByteOrderMarkTests {
    static let mark = "\u{FEFF}"

    /// Every way to feed `bytes` in one or two chunks, and a byte at a time.
    static func feedings(_ bytes: [UInt8]) -> [[[UInt8]]] {
        [[bytes], bytes.map { [$0] }] + (1..<bytes.count).map { [Array(bytes[..<$0]), Array(bytes[$0...])] }
    }

    @Test(arguments: [#"{"a": [1, "x", true, null], "b": {"c": -2.5e3}}"#, #""text""#, "123", "true", "[]"])
    func skippedWhereverTheChunksCutIt(document: String) throws {
        let plain = try events(document)
        #expect(try events(Self.mark + document) == plain)
        #expect(validates(Array((Self.mark + document).utf8)))
        for chunks in Self.feedings(Array((Self.mark + document).utf8)) {
            #expect(outcome(chunks: chunks) == .accepted(plain), "\(chunks.map(\.count))")
        }
    }

    @Test func errorsAfterItCountItsBytesInOffsetsNotInColumns() throws {
        // `x` is at byte 9: the mark's 3, then `{"a": ` (column 7 of line 1).
        ParserErrorTests.checkEverySplit(Self.mark + #"{"a": x}"#, offset: 9)
        let first = try #require(parseError(Self.mark + #"{"a": x}"#))
        #expect((first.line, first.column) == (1, 7))
        #expect(first.excerpt == "{\"a\": x}\n      ^", "the excerpt leaves the mark out")
        // On the second line, columns are as without it.
        ParserErrorTests.checkEverySplit(Self.mark + "[1,\n x]", offset: 8)
        let second = try #require(parseError(Self.mark + "[1,\n x]"))
        #expect((second.line, second.column) == (2, 2))
        // Truncated input: at the end, after the mark.
        ParserErrorTests.checkEverySplit(Self.mark + #"{"a": [1"#, offset: 11)
        #expect(parseError(Self.mark + #"{"a": [1"#)?.column == 9)
    }

    @Test func aMarkAloneIsEmptyInput() throws {
        ParserErrorTests.checkEverySplit(Self.mark, offset: 3)
        let error = try #require(parseError(Self.mark))
        #expect(error.message.contains("empty input") && (error.line, error.column) == (1, 1))
        ParserErrorTests.checkEverySplit(Self.mark + " \n ", offset: 6)
        // No value is a valid stream of values.
        #expect(outcome(Self.mark, options: JSONParseOptions(allowMultipleValues: true)) == .accepted([]))
    }

    @Test func severalValuesAfterIt() throws {
        let options = JSONParseOptions(allowMultipleValues: true)
        let plain = try events("{\"a\": 1}\n[2]\n3", options: options)
        for chunks in Self.feedings(Array((Self.mark + "{\"a\": 1}\n[2]\n3").utf8)) {
            #expect(outcome(chunks: chunks, options: options) == .accepted(plain), "\(chunks.map(\.count))")
        }
        // Only at the start of the input: one between values is an error where it is.
        ParserErrorTests.checkEverySplit(Self.mark + "1\n" + Self.mark + "2", offset: 5, options: options)
    }

    @Test func bytesThatOnlyBeginAMarkReachYajlAsTheyAre() throws {
        // The same errors as before marks were looked for: at the first byte.
        for bytes: [UInt8] in [
            [0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0x7B, 0x7D], [0xEF, 0x7B, 0x7D], [0xEF, 0xBB, 0xBE, 0x7B, 0x7D],
        ] {
            let whole = outcome(bytes)
            #expect(whole.error?.offset == 0, "\(bytes)")
            for chunks in Self.feedings(bytes) {
                #expect(outcome(chunks: chunks) == whole, "\(bytes) as \(chunks.map(\.count))")
            }
        }
    }

    @Test func aSecondMarkOrOneAfterTheValueIsAnError() throws {
        ParserErrorTests.checkEverySplit(Self.mark + Self.mark + "{}", offset: 3)
        ParserErrorTests.checkEverySplit("{}" + Self.mark, offset: 2)
        ParserErrorTests.checkEverySplit("[" + Self.mark + "1]", offset: 1)
    }

    @Test func turnedOffItIsAnErrorAtTheFirstByte() throws {
        let options = JSONParseOptions(allowByteOrderMark: false)
        ParserErrorTests.checkEverySplit(Self.mark + "{}", offset: 0, options: options)
        let error = try #require(parseError(Self.mark + "{}", options: options))
        #expect(error.kind == .invalidCharacter && error.message == "byte order mark (U+FEFF) before the JSON value")
        #expect((error.line, error.column) == (1, 1))
        // The same excerpt however the chunks cut the mark (a chunk of the mark alone is
        // refused before the next is read: its excerpt has the mark only).
        for cut in 1...2 {
            let bytes = Array((Self.mark + "{}").utf8)
            let parser = JSONStreamParser(handler: EventRecorder(), options: options)
            let split = #expect(throws: JSONParseError.self) {
                try parser.feed(Array(bytes[..<cut]))
                try parser.feed(Array(bytes[cut...]))
                try parser.finish()
            }
            #expect(split?.excerpt == error.excerpt, "cut at \(cut)")
        }
        // Input without one is read as usual.
        #expect(try events("[1]", options: options) == events("[1]"))
    }

    @Test func mappedAndReadIntoValuesAsWithoutIt() throws {
        let document =
            #"{"total_count": 2, "items": [{"id": 1, "owner": {"login": "a"}, "score": 9}, {"id": 2, "owner": {"login": "b"}, "score": 3}]}"#
        let plain = try Mapper<ErrPage>(strict: true).map(string: document)
        let marked = try Mapper<ErrPage>(strict: true).map(data: Data((Self.mark + document).utf8))
        #expect(marked.items.map(\.id) == plain.items.map(\.id) && marked.total == plain.total)
        #expect(Mapper<ErrPage>().map(JSONString: Self.mark + document)?.items.count == 2)
        #expect(try JSON(parsing: Self.mark + document) == JSON(parsing: document))
        // A problem's column on the first line starts after the mark, as the parser's do.
        let (_, problems) = lenientMap(ErrPage.self, Self.mark + #"{"total_count": "3", "items": []}"#)
        #expect(problems.first?.location == JSONLocation(offset: 19, line: 1, column: 17))
    }

    @Test(arguments: [1, 2, 7, 4096])
    func streamedElementsAsWithoutIt(chunk: Int) throws {
        let (text, expected) = StrmFixture.page(count: 12, bad: [5: #""many""#])
        let (models, summary) = try StrmFixture.push(Self.mark + text, chunk: chunk, mapper: Mapper<StrmRepo>())
        var wanted = expected
        wanted[5].stars = 0
        #expect(models == wanted && summary.count == 12)
        #expect(summary.problems.first?.location?.column == StrmFixture.starsColumn(in: text, item: 5))
    }
}
