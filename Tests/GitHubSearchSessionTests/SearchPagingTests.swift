import Foundation
import GitHubModels
import GitHubRequests
import GitHubSearchSession
import Testing

/// `count` repositories from `first` on, most stars first.
func repositories(_ first: Int, _ count: Int) -> [GitHubRepository] {
    (first..<(first + count)).map { repository("o/r\($0)", stars: 100_000 - $0) }
}

/// A page of a search of `total`, with the next page's number.
func searchPage(
    _ total: Int, _ items: [GitHubRepository], next: Int?, rateLimit: GitHubRateLimit? = nil
) -> GitHubSearchPage {
    GitHubSearchPage(
        repositories: GitHubRepositories(totalCount: total, incompleteResults: false, items: items), nextPage: next,
        rateLimit: rateLimit)
}

@Suite("Search driver: pages")
struct SearchPagingDriverTests {
    let low = GitHubRateLimit(status: 200, limit: 30, remaining: 2, resetsAt: Date(timeIntervalSince1970: 2e9))
    var fortyFive: [GitHubSearchPage] {
        [searchPage(45, repositories(0, 30), next: 2), searchPage(45, repositories(30, 15), next: nil, rateLimit: low)]
    }

    /// Types a query and returns the state its first page shows.
    func shown(_ harness: inout SearchDriverHarness, _ text: String) async -> SearchState? {
        _ = await harness.type(text)
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        return await harness.next()
    }

    @Test func loadMoreAppendsTheNextPageUntilTheLast() async {
        let client = FakeSearchClient(["swift": .pages(fortyFive)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        let first = await shown(&harness, "swift")
        #expect(first?.results == repositories(0, 30))
        #expect(first?.hasMore == true && first?.title == "45 results")
        harness.send(.loadMore)
        let loading = await harness.next()
        #expect(loading?.isLoadingMore == true && loading?.results.count == 30)
        let more = await harness.next()
        #expect(more?.results == repositories(0, 45))
        #expect(more?.hasMore == false && more?.isLoadingMore == false && more?.reachedCap == false)
        #expect(more?.rateLimit == low)
        harness.send(.loadMore)
        await settle()
        #expect(
            client.snapshot.calls == [
                GitHubSearchQuery("swift", sort: .stars, order: .desc, perPage: 30),
                GitHubSearchQuery("swift", sort: .stars, order: .desc, perPage: 30, page: 2),
            ], "no request past the last page")
        #expect(await harness.finish().isEmpty)
    }

    @Test func loadMoreWithoutResultsOrForAnotherQueryAsksNothing() async {
        let client = FakeSearchClient(["swift": .pages(fortyFive)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        harness.send(.loadMore)
        _ = await shown(&harness, "swift")
        _ = await harness.type("swiftui")
        harness.send(.loadMore)
        await settle()
        #expect(client.snapshot.calls.count == 1, "the pages shown are another query's")
        harness.endTyping()
        harness.advance(milliseconds: 500)
        _ = await harness.remaining()
    }

    @Test func refreshSearchesTheQueryAgainAtOnce() async {
        let client = FakeSearchClient(["swift": .pages(fortyFive)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await shown(&harness, "swift")
        harness.send(.loadMore)
        _ = await harness.next()
        let twoPages = await harness.next()
        #expect(twoPages?.results.count == 45)
        harness.send(.refresh)
        #expect(await harness.next()?.isLoading == true, "no pause before a refresh")
        let refreshed = await harness.next()
        #expect(refreshed?.results == repositories(0, 30) && refreshed?.hasMore == true)
        #expect(client.snapshot.calls.map(\.page) == [nil, 2, nil])
        _ = await harness.finish()
    }

    @Test func theThousandthResultEndsTheLoading() async {
        let pages = (0..<10).map { searchPage(5000, repositories($0 * 100, 100), next: $0 + 2) }
        let client = FakeSearchClient(["swift": .pages(pages)])
        var harness = SearchDriverHarness(client, makeQuery: { GitHubSearchQuery($0, perPage: 100) })
        _ = await harness.next()
        var state = await shown(&harness, "swift")
        while state?.hasMore == true {
            harness.send(.loadMore)
            _ = await harness.next()
            state = await harness.next()
        }
        #expect(state?.results.count == 1000 && state?.reachedCap == true)
        #expect(client.snapshot.calls.count == 10)
        _ = await harness.finish()
    }

    @Test func aFailedPageCanBeAskedForAgain() async {
        let client = FakeSearchClient(["swift": .pages(fortyFive)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await shown(&harness, "swift")
        client.setReply(.failure(SearchError(message: "offline")), for: "swift")
        harness.send(.loadMore)
        _ = await harness.next()
        let failed = await harness.next()
        #expect(failed?.lastError?.message == "offline")
        #expect(failed?.results.count == 30 && failed?.hasMore == true && failed?.isLoadingMore == false)
        client.setReply(.pages(fortyFive), for: "swift")
        harness.send(.loadMore)
        _ = await harness.next()
        #expect(await harness.next()?.results.count == 45)
        _ = await harness.finish()
    }
}

@Suite("Search reducer: pages")
struct SearchPagingReducerTests {
    let shown = SearchState.reduce(
        SearchState(query: "swift"),
        .responseArrived(
            query: "swift", .success(GitHubRepositories(totalCount: 45, items: repositories(0, 30))),
            info: SearchPageInfo(hasMore: true)))

    @Test func moreArrivesAfterTheResultsShown() {
        #expect(shown.hasMore && shown.results.count == 30)
        let loading = SearchState.reduce(shown, .loadingMoreStarted(query: "swift "))
        #expect(loading.isLoadingMore && loading.lastError == nil)
        let limit = GitHubRateLimit(status: 200, limit: 30, remaining: 3)
        let more = SearchState.reduce(
            loading,
            .moreArrived(
                query: "swift", .success(GitHubRepositories(totalCount: 45, items: repositories(30, 15).reversed())),
                info: SearchPageInfo(hasMore: false, rateLimit: limit)))
        #expect(more.results == repositories(0, 45), "the new page most-starred first, after the others")
        #expect(!more.hasMore && !more.isLoadingMore && more.rateLimit == limit && more.title == "45 results")
    }

    @Test func aFailedPageKeepsTheResultsAndTheWayOn() {
        let failed = SearchState.reduce(
            SearchState.reduce(shown, .loadingMoreStarted(query: "swift")),
            .moreArrived(query: "swift", .failure(SearchError(message: "offline"))))
        #expect(failed.results == shown.results && failed.hasMore && !failed.isLoadingMore)
        #expect(failed.lastError?.message == "offline")
    }

    @Test func pagesForAnotherQueryChangeNothing() {
        #expect(SearchState.reduce(shown, .loadingMoreStarted(query: "rust")) == shown)
        let stale = SearchState.reduce(
            shown, .moreArrived(query: "rust", .success(GitHubRepositories(totalCount: 1, items: repositories(99, 1)))))
        #expect(stale == shown)
    }

    @Test func clearingTheQueryClearsThePaging() {
        var loading = SearchState.reduce(shown, .loadingMoreStarted(query: "swift"))
        loading.reachedCap = true
        let cleared = SearchState.reduce(loading, .queryChanged(""))
        #expect(!cleared.hasMore && !cleared.isLoadingMore && !cleared.reachedCap && cleared.results.isEmpty)
        #expect(!SearchState.reduce(loading, .queryChanged("rust")).isLoadingMore)
    }
}
