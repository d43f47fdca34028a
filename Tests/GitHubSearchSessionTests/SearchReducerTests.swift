import GitHubModels
import GitHubSearchSession
import Testing

@Suite("Search reducer")
struct SearchReducerTests {
    let tetris = page(
        1677, repository("a/low", stars: 10), repository("b/high", stars: 5000),
        repository("c/mid", stars: 300), repository("d/mid-too", stars: 300))

    /// A state showing results for "swift".
    var showingSwift: SearchState {
        SearchState(
            query: "swift", title: "2 results",
            results: [
                repository("apple/swift", stars: 60000),
                repository("x/swift", stars: 1),
            ],
            totalCount: 2)
    }

    // MARK: The initial state

    @Test func initialStateIsTheEmptySearch() {
        let state = SearchState()
        #expect(state.query == "")
        #expect(state.title == "Search GitHub")
        #expect(state.title == SearchState.defaultTitle)
        #expect(!state.isLoading)
        #expect(state.results.isEmpty)
        #expect(state.totalCount == nil)
        #expect(!state.incompleteResults)
        #expect(state.lastError == nil)
        #expect(state.searchText == "")
    }

    @Test func searchTextIsTrimmed() {
        #expect(SearchState(query: "  tetris \n\t").searchText == "tetris")
        #expect(SearchState(query: "hello world ").searchText == "hello world")
    }

    // MARK: queryChanged

    @Test func typingKeepsTheTextAndTheResults() {
        let state = SearchState.reduce(showingSwift, .queryChanged("swiftui"))
        var expected = showingSwift
        expected.query = "swiftui"
        #expect(state == expected)
    }

    @Test func typingAShortQueryKeepsTheResults() {
        let state = SearchState.reduce(showingSwift, .queryChanged("sw"))
        #expect(state.query == "sw")
        #expect(state.results == showingSwift.results)
        #expect(state.title == "2 results")
    }

    @Test(arguments: ["", " ", "  \t\n"])
    func anEmptyQueryClearsEverything(_ text: String) {
        var before = showingSwift
        before.isLoading = true
        before.incompleteResults = true
        before.lastError = SearchError(message: "timed out")
        let state = SearchState.reduce(before, .queryChanged(text))
        #expect(state == SearchState(query: text))
        #expect(state.title == "Search GitHub")
    }

    @Test func anEmptyQueryOnTheEmptySearchChangesNothing() {
        #expect(SearchState.reduce(SearchState(), .queryChanged("")) == SearchState())
    }

    @Test func changingTheQueryStopsLoading() {
        var loading = showingSwift
        loading.isLoading = true
        let state = SearchState.reduce(loading, .queryChanged("rust"))
        #expect(!state.isLoading)
        #expect(state.query == "rust")
        #expect(state.results == showingSwift.results)
    }

    @Test func spacesAroundTheSameQueryKeepLoading() {
        var loading = showingSwift
        loading.isLoading = true
        let state = SearchState.reduce(loading, .queryChanged(" swift  "))
        #expect(state.isLoading)
        #expect(state.query == " swift  ")
    }

    @Test func typingKeepsTheLastErrorUntilTheNextSearch() {
        var failed = showingSwift
        failed.lastError = SearchError(message: "rate limited")
        let state = SearchState.reduce(failed, .queryChanged("swiftui"))
        #expect(state.lastError == SearchError(message: "rate limited"))
    }

    // MARK: loadingStarted

    @Test func loadingStartsForTheCurrentQuery() {
        var failed = showingSwift
        failed.lastError = SearchError(message: "offline")
        let state = SearchState.reduce(failed, .loadingStarted(query: "swift"))
        #expect(state.isLoading)
        #expect(state.lastError == nil)
        #expect(state.results == showingSwift.results)
        #expect(state.title == showingSwift.title)
    }

    @Test func loadingForAnotherQueryIsIgnored() {
        #expect(SearchState.reduce(showingSwift, .loadingStarted(query: "rust")) == showingSwift)
        #expect(SearchState.reduce(SearchState(), .loadingStarted(query: "")) == SearchState())
        #expect(SearchState.reduce(SearchState(), .loadingStarted(query: "swift")) == SearchState())
    }

    @Test func loadingMatchesTheTrimmedQuery() {
        let state = SearchState.reduce(SearchState(query: " swift "), .loadingStarted(query: "swift"))
        #expect(state.isLoading)
    }

    // MARK: responseArrived

    @Test func aResponseShowsTheResultsMostStarredFirst() {
        let loading = SearchState(query: "tetris", isLoading: true)
        let state = SearchState.reduce(loading, .responseArrived(query: "tetris", .success(tetris)))
        #expect(state.title == "1,677 results")
        #expect(state.totalCount == 1677)
        #expect(!state.isLoading)
        #expect(state.lastError == nil)
        #expect(state.results.map(\.fullName) == ["b/high", "c/mid", "d/mid-too", "a/low"])
        #expect(state.results.map(\.stargazersCount) == [5000, 300, 300, 10])
    }

    @Test func aResponseReplacesEarlierResultsAndClearsTheError() {
        var before = showingSwift
        before.query = "tetris"
        before.isLoading = true
        before.lastError = SearchError(message: "offline")
        let state = SearchState.reduce(before, .responseArrived(query: "tetris", .success(tetris)))
        #expect(state.results.count == 4)
        #expect(state.lastError == nil)
        #expect(state.title == "1,677 results")
    }

    @Test func anEmptyResponse() {
        let state = SearchState.reduce(showingSwift, .responseArrived(query: "swift", .success(page(0))))
        #expect(state.results.isEmpty)
        #expect(state.totalCount == 0)
        #expect(state.title == "0 results")
    }

    @Test func incompleteResultsAreKept() {
        let state = SearchState.reduce(
            SearchState(query: "swift"),
            .responseArrived(query: "swift", .success(page(1, incomplete: true))))
        #expect(state.incompleteResults)
        #expect(state.title == "1 result")
        let complete = SearchState.reduce(state, .responseArrived(query: "swift", .success(page(1))))
        #expect(!complete.incompleteResults)
    }

    @Test func aResponseMatchesTheTrimmedQuery() {
        let state = SearchState.reduce(
            SearchState(query: "tetris  "),
            .responseArrived(query: "tetris", .success(tetris)))
        #expect(state.totalCount == 1677)
    }

    @Test func anErrorStopsLoadingAndKeepsTheResults() {
        var loading = showingSwift
        loading.isLoading = true
        let error = SearchError(message: "rate limited; resets at 14:05")
        let state = SearchState.reduce(loading, .responseArrived(query: "swift", .failure(error)))
        #expect(state.lastError == error)
        #expect(state.lastError?.message == "rate limited; resets at 14:05")
        #expect(!state.isLoading)
        #expect(state.results == showingSwift.results)
        #expect(state.title == "2 results")
        #expect(state.totalCount == 2)
    }

    @Test func aStaleResponseIsIgnored() {
        var loading = showingSwift
        loading.query = "rust"
        loading.isLoading = true
        #expect(SearchState.reduce(loading, .responseArrived(query: "swift", .success(tetris))) == loading)
        #expect(
            SearchState.reduce(loading, .responseArrived(query: "swift", .failure(SearchError(message: "x"))))
                == loading)
    }

    @Test func aResponseAfterTheQueryWasClearedIsIgnored() {
        let cleared = SearchState.reduce(showingSwift, .queryChanged(""))
        #expect(SearchState.reduce(cleared, .responseArrived(query: "swift", .success(tetris))) == cleared)
        #expect(SearchState.reduce(cleared, .responseArrived(query: "", .success(tetris))) == cleared)
    }

    @Test func aResponseForAPrefixOfTheQueryIsStale() {
        let state = SearchState(query: "swiftui", isLoading: true)
        #expect(SearchState.reduce(state, .responseArrived(query: "swift", .success(tetris))) == state)
    }

    // MARK: Titles

    @Test(arguments: [
        (0, "0 results"), (1, "1 result"), (2, "2 results"), (999, "999 results"), (1000, "1,000 results"),
        (1677, "1,677 results"), (12345, "12,345 results"), (100_000, "100,000 results"),
        (1_234_567, "1,234,567 results"), (-1, "-1 results"), (-1234, "-1,234 results"),
    ])
    func titles(_ count: Int, _ title: String) {
        #expect(SearchState.title(totalCount: count) == title)
    }

    @Test func theTitleIsTheTotalCountNotThePageSize() {
        let state = SearchState.reduce(
            SearchState(query: "swift"),
            .responseArrived(query: "swift", .success(page(1, repository("a/b", stars: 1)))))
        #expect(state.title == "1 result")
        let many = SearchState.reduce(
            SearchState(query: "swift"),
            .responseArrived(query: "swift", .success(page(2_000_000, repository("a/b", stars: 1)))))
        #expect(many.title == "2,000,000 results")
        #expect(many.results.count == 1)
    }

    // MARK: A whole session

    @Test func aSessionOfEvents() {
        let events: [SearchEvent] = [
            .queryChanged("t"), .queryChanged("tetris"), .loadingStarted(query: "tetris"),
            .responseArrived(query: "tetris", .success(tetris)),
            .queryChanged("tetrisx"), .loadingStarted(query: "tetrisx"),
            .responseArrived(query: "tetrisx", .failure(SearchError(message: "HTTP 500"))),
            .responseArrived(query: "tetris", .success(page(0))),
            .queryChanged(""),
        ]
        var state = SearchState()
        var titles: [String] = []
        var loading: [Bool] = []
        for event in events {
            state = SearchState.reduce(state, event)
            titles.append(state.title)
            loading.append(state.isLoading)
        }
        #expect(
            titles == [
                "Search GitHub", "Search GitHub", "Search GitHub", "1,677 results", "1,677 results",
                "1,677 results", "1,677 results", "1,677 results", "Search GitHub",
            ])
        #expect(loading == [false, false, true, false, false, true, false, false, false])
        #expect(state == SearchState())
    }
}
