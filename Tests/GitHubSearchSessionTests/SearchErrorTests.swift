import Foundation
import GitHubSearchSession
import Testing

@Suite("Search errors")
struct SearchErrorTests {
    struct Described: Error, CustomStringConvertible {
        var description: String { "HTTP 500: Server Error" }
    }

    struct Localized: LocalizedError {
        var errorDescription: String? { "rate limited; resets at 14:05" }
    }

    @Test func theMessageComesFromTheError() {
        #expect(SearchError(Described()).message == "HTTP 500: Server Error")
        #expect(SearchError(Localized()).message == "rate limited; resets at 14:05")
        #expect(SearchError(Described()).underlying is Described)
        #expect("\(SearchError(message: "offline"))" == "offline")
    }

    @Test func aSearchErrorIsKept() {
        let error = SearchError(message: "offline")
        #expect(SearchError(error as any Error) == error)
        #expect(SearchError(error as any Error).underlying == nil)
    }

    @Test func equalityComparesMessages() {
        #expect(SearchError(Described()) == SearchError(message: "HTTP 500: Server Error"))
        #expect(SearchError(message: "a") != SearchError(message: "b"))
    }
}
