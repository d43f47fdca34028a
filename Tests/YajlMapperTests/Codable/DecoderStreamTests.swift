import Foundation
import Testing

@testable import YajlMapper

/// `YajlDecoder.stream` and `streamLines`: each element decoded as it ends must be what the
/// whole document decodes to, at every chunking, with the same errors at the same line and
/// column, and the envelope must be the rest of the document.
@Suite("YajlDecoder: streaming the elements of an array")
struct DecoderStreamTests {
    /// A search page of `count` items of varied shapes (some items with extra members,
    /// escapes, nesting and keys in another order).
    static func page(_ count: Int, broken: Int? = nil) -> String {
        let items = (0..<count).map { i -> String in
            let login = i % 3 == 0 ? "o\\u00e9\\\"\(i)" : "owner\(i)"
            let id = i == broken ? "\"\(i)\"" : "\(i)"
            if i % 2 == 0 {
                return "{\"login\": \"\(login)\", \"id\": \(id), \"extra\": {\"a\": [1, {\"b\": null}]}}"
            }
            return "{\"skip\": [\"x\", 2.5e3], \"id\": \(id),\n  \"siteAdmin\": \(i % 4 == 1), \"login\": \"\(login)\"}"
        }
        return "{\"total_count\": \(count), \"items\": [\n" + items.joined(separator: ",\n")
            + "\n], \"incomplete_results\": false, \"after\": [[]]}"
    }

    /// The page's envelope and items, decoded whole by `JSONDecoder`.
    struct Page: Decodable {
        var total_count: Int
        var items: [Owner]
    }

    /// Feeds `json` to a stream parser in chunks of `size` bytes; the elements and the summary.
    static func streamed<Element: Decodable>(
        _ json: String, chunk size: Int, decoder: YajlDecoder = YajlDecoder(), as type: Element.Type = Owner.self
    ) throws -> (
        [Element], StreamSummary
    ) {
        var elements: [Element] = []
        let parser = decoder.makeStreamParser(Element.self, at: "items") { elements.append($0) }
        let bytes = Array(json.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try parser.feed($0) }
            start = end
        }
        try parser.finish()
        return (
            elements,
            StreamSummary(
                envelope: parser.handler.envelope.documents.first ?? .null, count: parser.handler.count, problems: [])
        )
    }

    @Test func elementsAreTheWholeDocumentsAtEveryChunking() throws {
        let json = Self.page(40)
        let expected = try JSONDecoder().decode(Page.self, from: Data(json.utf8))
        let decoder = YajlDecoder()
        for size in [1, 2, 3, 7, 16, 64, 333, json.utf8.count] {
            let (elements, summary) = try Self.streamed(json, chunk: size, decoder: decoder)
            #expect(elements == expected.items, "chunks of \(size)")
            #expect(summary.count == 40)
            #expect(summary.envelope["total_count"].int == 40)
            #expect(summary.envelope["items"] == .array([]))
            #expect(summary.envelope["incomplete_results"] == .bool(false))
            #expect(summary.envelope["after"] == .array([.array([])]))
        }
    }

    @Test func snakeCaseKeysByThePlanAtEveryChunking() throws {
        // Each element is recorded by the plan the elements before it taught, its keys folded:
        // every spelling that converts to a key the type reads must still reach it.
        let spellings = [
            #"{"full_name": "a", "stargazers_count": 1}"#,
            #"{"FULL_NAME": "b", "stargazers_count": 2, "html_url": "u"}"#,
            #"{"fullName": "c", "full_name": "d", "stargazers_count": 3, "unread": [1, {"full_name": "e"}]}"#,
            #"{"stargazers_count": 4, "full__name": "f", "_private": true, "owner_info": {"a_b": 5}}"#,
        ]
        let items = (0..<40).map { spellings[$0 % spellings.count] }
        let json = "{\"total_count\": 40, \"items\": [\n" + items.joined(separator: ",\n") + "\n]}"
        struct SnakePage: Decodable {
            var totalCount: Int
            var items: [SnakeRepository]
        }
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundation.decode(SnakePage.self, from: Data(json.utf8)).items
        let decoder = YajlDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        for size in [1, 7, 64, json.utf8.count] {
            let (elements, _) = try Self.streamed(json, chunk: size, decoder: decoder, as: SnakeRepository.self)
            #expect(elements == expected, "chunks of \(size)")
        }
    }

    @Test func fromAFileAndFromData() throws {
        let json = Self.page(25)
        let expected = try JSONDecoder().decode(Page.self, from: Data(json.utf8)).items
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("yajl-stream-\(UUID()).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var fromFile: [Owner] = []
        let summary = try YajlDecoder().stream(Owner.self, from: .file(file.path)) { fromFile.append($0) }
        #expect(fromFile == expected)
        #expect(summary.count == 25)
        #expect(summary.location(of: "total_count") == JSONLocation(offset: 16, line: 1, column: 17))
        #expect(summary.location(of: "items")?.line == 1 && summary.location(of: "items")?.column == 30)
        let lastLine = json.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(summary.location(of: "after[0]")?.line == lastLine)
        var fromData: [Owner] = []
        _ = try YajlDecoder().stream(Owner.self, from: Data(json.utf8)) { fromData.append($0) }
        #expect(fromData == expected)
    }

    @Test func aBrokenElementFailsAtItsPathLineAndColumn() throws {
        let json = Self.page(30, broken: 17)
        var error: DecodingError?
        do { _ = try JSONDecoder().decode(Page.self, from: Data(json.utf8)) } catch let e as DecodingError { error = e }
        guard case .typeMismatch(_, let expected)? = error else {
            Issue.record("JSONDecoder did not fail")
            return
        }
        for size in [5, 64, 4096] {
            var seen = 0
            do {
                _ = try Self.streamed(json, chunk: size)
                Issue.record("no error")
            } catch DecodingError.typeMismatch(_, let context) {
                #expect(DecodeOutcome<Int>.path(context.codingPath) == DecodeOutcome<Int>.path(expected.codingPath))
                // Item 17 is on line 19 (the envelope's first line, then one item a line, two for odd items).
                let line = json.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("\"id\": \"17\"") }.map { $0 + 1 }
                #expect(context.debugDescription.contains("(line \(line ?? 0), column"), "\(context.debugDescription)")
                seen += 1
            }
            #expect(seen == 1)
        }
    }

    @Test func inputErrorsAreTheDecodersAtTheSameLineAndColumn() throws {
        for broken in [
            Self.page(5).replacingOccurrences(of: "\"id\": 3,", with: "\"id\": 3,,"),
            Self.page(5).replacingOccurrences(of: "2.5e3", with: "2.5e"),
            String(Self.page(6).dropLast(12)),
        ] {
            var whole = ""
            do { _ = try YajlDecoder().decode(Page.self, from: Data(broken.utf8)) } catch { whole = "\(error)" }
            var streamed = ""
            do { _ = try Self.streamed(broken, chunk: 9) } catch let error as JSONParseError {
                streamed = "\(YajlDecoder.notJSON(error))"
            } catch { streamed = "\(error)" }
            #expect(!whole.isEmpty && whole == streamed)
        }
    }

    @Test func aTopLevelArrayAndAnArrayFurtherIn() throws {
        var top: [Int] = []
        let summary = try YajlDecoder().stream(Int.self, from: Data("[1, 2, 3]".utf8), elementsAt: []) {
            top.append($0)
        }
        #expect(top == [1, 2, 3] && summary.count == 3)
        var inner: [[String]] = []
        let json = #"{"data": {"pages": [{"r": ["skip"]}, {"r": [["a"], ["b", "c"]]}]}, "r": [["no"]]}"#
        _ = try YajlDecoder().stream([String].self, from: Data(json.utf8), elementsAt: "data.pages[1].r") {
            inner.append($0)
        }
        #expect(inner == [["a"], ["b", "c"]])
        var none: [Int] = []
        let missing = try YajlDecoder().stream(Int.self, from: Data(#"{"items": {"a": 1}}"#.utf8)) { none.append($0) }
        #expect(none.isEmpty && missing.count == 0 && missing.envelope["items"]["a"].int == 1)
    }

    @Test func jsonLines() throws {
        let lines =
            "{\"login\": \"a\", \"id\": 1}\n{\"id\": 2, \"login\": \"b\", \"x\": [1]}\n\n{\"login\": \"c\", \"id\": 3}\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("yajl-lines-\(UUID()).jsonl")
        try Data(lines.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var owners: [Owner] = []
        let count = try YajlDecoder().streamLines(Owner.self, from: .file(file.path)) { owners.append($0) }
        #expect(count == 3)
        #expect(owners.map(\.login) == ["a", "b", "c"] && owners.map(\.id) == [1, 2, 3])
        try Data((lines + "{\"login\": 4, \"id\": 4}\n").utf8).write(to: file)
        #expect {
            try YajlDecoder().streamLines(Owner.self, from: .file(file.path)) { _ in }
        } throws: { error in
            "\(error)".contains("(line 5, column 11)")
        }
    }

    @Test func aThrowingBodyStopsTheStream() {
        var seen = 0
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try YajlDecoder().stream(Owner.self, from: Data(Self.page(20).utf8)) { _ in
                seen += 1
                if seen == 4 { throw Stop() }
            }
        }
        #expect(seen == 4)
    }

    /// `bytes` as an asynchronous sequence of chunks of `size` bytes.
    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            var start = 0
            while start < bytes.count {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
                start += size
            }
            continuation.finish()
        }
    }

    /// `bytes` as an asynchronous sequence of bytes.
    static func byteSequence(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
        AsyncStream { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
    }

    @Test func asyncElementsFromBytesAndFromChunks() async throws {
        let json = Self.page(30)
        let expected = try JSONDecoder().decode(Page.self, from: Data(json.utf8)).items
        let decoder = YajlDecoder()
        var fromBytes: [Owner] = []
        for try await owner in decoder.elements(Owner.self, of: Self.byteSequence(Array(json.utf8))) {
            fromBytes.append(owner)
        }
        #expect(fromBytes == expected)
        for size in [1, 13, 1000] {
            var fromChunks: [Owner] = []
            for try await owner in decoder.elements(Owner.self, ofChunks: Self.chunks(Array(json.utf8), size: size)) {
                fromChunks.append(owner)
            }
            #expect(fromChunks == expected, "chunks of \(size)")
        }
    }

    @Test func asyncLinesAndAnErrorAfterTheValuesBeforeIt() async throws {
        let lines = "{\"login\": \"a\", \"id\": 1}\n{\"login\": \"b\", \"id\": 2}\n{\"login\": \"c\", \"id\": }\n"
        var logins: [String] = []
        var failure: (any Error)?
        do {
            for try await owner in YajlDecoder().lines(Owner.self, ofChunks: Self.chunks(Array(lines.utf8), size: 4096))
            {
                logins.append(owner.login)
            }
        } catch {
            failure = error
        }
        #expect(logins == ["a", "b"])
        #expect("\(failure.map { "\($0)" } ?? "")".contains("line 3, column 22: unexpected"))
        var first: Owner?
        for try await owner in YajlDecoder().lines(Owner.self, of: Self.byteSequence(Array(lines.utf8))) {
            first = owner
            break
        }
        #expect(first?.login == "a")
    }
}
