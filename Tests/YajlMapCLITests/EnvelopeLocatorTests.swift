import Foundation
import Testing
import GitHubModels
@testable import YajlMapCLI
import YajlMapper

@Suite("EnvelopeLocator")
struct EnvelopeLocatorTests {
    /// Feeds the text in chunks of `size` bytes.
    private func locate(_ text: String, chunk size: Int) -> EnvelopeLocator {
        let locator = EnvelopeLocator()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { all in
            var start = 0
            while start < all.count {
                let end = min(start + size, all.count)
                locator.feed(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
        return locator
    }

    @Test func findsWhatTheWholeDocumentPathFindsInAnyChunking() throws {
        // Every envelope value of the wrong kind, so the whole-document path locates each;
        // strings with escaped quotes, backslashes and brackets at every level around them.
        var page = try JSON(parsing: String(decoding: SearchPayloadGenerator(seed: 5).generate(items: 4, pretty: true), as: UTF8.self))
        var items = page["items"].arrayValue
        items[1]["description"] = "ends in a backslash \\"
        items[2]["description"] = "a \"quoted\" ] } word"
        page = .object(JSONObject([("note\"s", "\\\" { ["), ("total_count", "many"), ("items", .array(items)),
                                   ("after", .object(JSONObject([("x", "]\\\\")]))), ("incomplete_results", 7)]))
        let text = "\n  " + (try page.serialized(.pretty))
        let whole = try Array(text.utf8).withUnsafeBytes { try Mapper<GitHubRepositories>().mapResult(bytes: $0) }
        let expected = whole.problems.filter { !$0.keyPath.hasPrefix("items[") }
        #expect(expected.map(\.keyPath) == ["total_count", "incomplete_results"])
        for size in [1, 2, 3, 5, 7, 64, 1000, text.utf8.count] {
            let locator = locate(text, chunk: size)
            #expect(locator.root == JSONLocation(offset: 3, line: 2, column: 3), "\(size)")
            for problem in expected {
                var bare = problem
                bare.location = nil
                #expect(locator.locate(bare).location == problem.location, "\(size) \(problem.keyPath)")
            }
            #expect(locator.values["items"] != nil && locator.values["after"] != nil, "\(size)")
            #expect(locator.leadingTotalCount == nil, "\(size)")
        }
    }

    @Test func leadingTotalCountOnlyBeforeItems() {
        for size in [1, 4, 100] {
            #expect(locate(#"{"total_count" : -12 ,"items":[]}"#, chunk: size).leadingTotalCount == -12)
            #expect(locate(#"{"total_count":1677}"#, chunk: size).leadingTotalCount == 1677)
            #expect(locate(#"{"items":[{"total_count":3}],"total_count":5}"#, chunk: size).leadingTotalCount == nil)
            #expect(locate(#"{"total_count":"5","items":[]}"#, chunk: size).leadingTotalCount == nil)
            #expect(locate(#"[{"total_count":5}]"#, chunk: size).leadingTotalCount == nil)
        }
    }
}
