import Foundation
import GitHubClient
import GitHubSearchCLI
import GitHubSearchSession
import Testing

@Suite("GitHub client driving the search session", .enabled(if: FakeGitHubAPI.isAvailable, "needs python3"))
struct GitHubClientSearchDriverTests {
    /// What the README shows: `SearchDriver(client:)` given the client of the library product,
    /// searching the loopback API after the pause in typing.
    @Test func driverSearchesWithTheClient() async throws {
        try await FakeGitHubAPI.with { api in
            let driver = SearchDriver(client: api.client())
            let edits = AsyncStream<String> { edits in
                edits.yield("big")
                edits.finish()
            }
            var states: [SearchState] = []
            for await state in driver.states(for: edits) { states.append(state) }
            #expect(states.contains { $0.isLoading && $0.query == "big" })
            let last = try #require(states.last)
            #expect(last.lastError == nil && !last.isLoading)
            #expect(last.title == "871 results" && last.totalCount == 871)
            #expect(last.results.count == 100)
            let stars = last.results.map(\.stargazersCount)
            #expect(stars == stars.sorted(by: >), "most-starred first")
        }
    }
}
