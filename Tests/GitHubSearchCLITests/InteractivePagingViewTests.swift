import CommandLineOutput
import Foundation
import GitHubModels
import GitHubSearchSession
import Testing

@testable import GitHubSearchCLI

@Suite struct InteractivePagingViewTests {
    static func results(_ range: Range<Int>) -> [GitHubRepository] {
        range.map { InteractiveSearchViewTests.repository("o/r\($0)", stars: 1000 - $0) }
    }

    /// A view showing the first 30 of 45 results, more to load.
    static func firstPage() -> SearchView {
        var view = SearchView()
        view.query = "tetris"
        view.show(
            SearchState(query: "tetris", title: "45 results", results: results(0..<30), totalCount: 45, hasMore: true),
            now: ContinuousClock().now)
        return view
    }

    func plain(_ view: SearchView) -> [String] { view.lines().map(InteractiveSearchViewTests.stripStyles) }

    @Test func theLastLoadedRowAsksForMoreAndTheNewRowsKeepTheSelection() {
        var view = Self.firstPage()
        #expect(plain(view)[1].hasSuffix("1/30 loaded"))
        for _ in 0..<28 { #expect(view.handle(.down) == .none) }
        #expect(view.handle(.down) == .loadMore, "row 30 of 30")
        #expect(view.handle(.down) == .loadMore, "still on the last row, still more to load")
        var state = view.state
        state.isLoadingMore = true
        view.show(state, now: ContinuousClock().now)
        #expect(view.handle(.down) == .none, "already loading")
        #expect(plain(view).contains("  loading more…"))
        #expect(plain(view).contains { $0.hasPrefix("> o/r29") })
        state.isLoadingMore = false
        state.hasMore = false
        state.results = Self.results(0..<45)
        view.show(state, now: ContinuousClock().now)
        #expect(view.selection == 29 && view.mode == .list)
        #expect(plain(view)[1].hasSuffix("30/45 loaded"))
        for _ in 0..<5 { _ = view.handle(.down) }
        #expect(plain(view)[1].hasSuffix("35/45 loaded"))
        #expect(view.handle(.end) == .none)
        #expect(plain(view).contains("  no more results"))
        #expect(plain(view).contains { $0.hasPrefix("> o/r44") })
    }

    @Test func theCapSaysSo() {
        var view = Self.firstPage()
        var state = view.state
        state.hasMore = false
        state.reachedCap = true
        view.show(state, now: ContinuousClock().now)
        _ = view.handle(.end)
        #expect(plain(view).contains("  no more results (GitHub serves the first 1,000)"))
    }

    @Test func controlRRefreshesAQuery() {
        var view = Self.firstPage()
        #expect(view.handle(.refresh) == .refresh)
        var empty = SearchView()
        #expect(empty.handle(.refresh) == .none)
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x12]) == [.refresh])
    }

    @Test func aLowRateLimitShowsWhatIsLeftAndWhenItResets() {
        var view = Self.firstPage()
        let now = Date(timeIntervalSince1970: 1_000_000)
        var state = view.state
        state.rateLimit = GitHubRateLimit(
            status: 200, limit: 30, remaining: 6, resetsAt: now.addingTimeInterval(90), resource: "search")
        view.show(state, now: ContinuousClock().now, date: now)
        #expect(plain(view).last == "6 of 30 requests left; the limit resets in 2 min")
        view.tick(now: ContinuousClock().now, date: now.addingTimeInterval(50))
        #expect(plain(view).last == "6 of 30 requests left; the limit resets in 40 s")
        state.rateLimit?.remaining = 7
        view.show(state, now: ContinuousClock().now, date: now)
        #expect(plain(view).last?.contains("Esc quit") == true, "7 of 30 is not low")
    }
}
