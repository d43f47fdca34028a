import GitHubModels
import GitHubRequests

extension SearchState {
    /// The next state after an event: the search's only rules, pure and synchronous.
    ///
    /// - `queryChanged`: keeps the text. An empty (or all-space) query clears the results,
    ///   the count and the error and restores ``defaultTitle``. A query whose trimmed text
    ///   differs from before stops loading (the driver cancels the request for the old text)
    ///   but keeps the results and the error on screen until the next search.
    /// - `loadingStarted`: for the current query, sets loading and clears the error.
    /// - `responseArrived` with a page: the results, most-starred first, and the title
    ///   "N results"; clears loading and the error; whether more can be loaded, the cap and the
    ///   rate limit from its info.
    /// - `responseArrived` with an error: sets the error and stops loading; the results stay.
    /// - `loadingMoreStarted`: sets loading more and clears the error.
    /// - `moreArrived` with a page: its repositories (most-starred first among themselves) after
    ///   the ones shown, so a selection keeps its row; the rest as `responseArrived`.
    /// - `moreArrived` with an error: sets the error and stops loading more; more can still be
    ///   asked for.
    /// - Any `loadingStarted` or `responseArrived` for a query that is no longer the current
    ///   one (compared trimmed) changes nothing: a stale response never overwrites a newer query.
    ///
    /// ```swift
    /// let state = SearchState.reduce(SearchState(query: "tetris"),
    ///                                .responseArrived(query: "tetris", .success(page)))
    /// ```
    /// - Parameters:
    ///   - state: the state before.
    ///   - event: what happened.
    /// - Returns: the state after.
    public static func reduce(_ state: SearchState, _ event: SearchEvent) -> SearchState {
        var next = state
        switch event {
        case .queryChanged(let text):
            next.query = text
            let searchText = next.searchText
            if searchText.isEmpty {
                next.title = defaultTitle
                next.isLoading = false
                next.results = []
                next.totalCount = nil
                next.incompleteResults = false
                next.lastError = nil
                next.hasMore = false
                next.isLoadingMore = false
                next.reachedCap = false
            } else if searchText != state.searchText {
                next.isLoading = false
                next.isLoadingMore = false
            }
        case .loadingStarted(let query):
            guard !state.searchText.isEmpty, query.trimmingSpaces == state.searchText else { return state }
            next.isLoading = true
            next.isLoadingMore = false
            next.lastError = nil
        case .responseArrived(let query, let result, let info):
            guard !state.searchText.isEmpty, query.trimmingSpaces == state.searchText else { return state }
            next.isLoading = false
            switch result {
            case .success(let page):
                next.results = mostStarredFirst(page.items)
                next.shows(page, info)
            case .failure(let error):
                next.lastError = error
            }
        case .loadingMoreStarted(let query):
            guard !state.searchText.isEmpty, query.trimmingSpaces == state.searchText else { return state }
            next.isLoadingMore = true
            next.lastError = nil
        case .moreArrived(let query, let result, let info):
            guard !state.searchText.isEmpty, query.trimmingSpaces == state.searchText else { return state }
            next.isLoadingMore = false
            switch result {
            case .success(let page):
                next.results += mostStarredFirst(page.items)
                next.shows(page, info)
            case .failure(let error):
                next.lastError = error
            }
        }
        return next
    }

    /// A page's count and title, and what its info says follows.
    private mutating func shows(_ page: GitHubRepositories, _ info: SearchPageInfo) {
        totalCount = page.totalCount
        incompleteResults = page.incompleteResults
        title = Self.title(totalCount: page.totalCount)
        lastError = nil
        hasMore = info.hasMore
        reachedCap = info.reachedCap
        rateLimit = info.rateLimit ?? rateLimit
    }

    /// The title for a response: "0 results", "1 result", "1,677 results".
    /// - Parameter totalCount: `total_count`.
    /// - Returns: the count with a comma every three digits, and "result" or "results".
    public static func title(totalCount: Int) -> String {
        "\(groupedDigits(totalCount)) \(totalCount == 1 ? "result" : "results")"
    }

    /// `1677` as `1,677`: commas every three digits, the same in every locale.
    static func groupedDigits(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }

    /// Sorted by stars, most first; repositories with as many stars keep the API's order.
    static func mostStarredFirst(_ items: [GitHubRepository]) -> [GitHubRepository] {
        items.enumerated()
            .sorted {
                $0.element.stargazersCount != $1.element.stargazersCount
                    ? $0.element.stargazersCount > $1.element.stargazersCount
                    : $0.offset < $1.offset
            }
            .map(\.element)
    }
}
