/// A search across pages: the query of the page to ask for next, how many of a page's
/// results to keep, and why the search stops.
///
/// The next page is the one the last response's `Link: <…>; rel="next"` names; its request is
/// built from the query like the first (same API root, same headers). The search stops at
/// the limit, at the last page, or at GitHub's cap of 1,000 results, past which GitHub answers
/// 422 "Only the first 1000 search results are available".
///
/// ```swift
/// var paging = GitHubSearchPaging(GitHubSearchQuery("tetris"), limit: 75)
/// while let query = paging.next {
///     let page = try await fetch(query)      // GET /search/repositories?q=tetris&per_page=75
///     let kept = paging.advance(itemCount: page.items.count, totalCount: page.totalCount, nextPage: link)
///     show(page.items.prefix(kept))
/// }
/// print(paging.end)                          // .limit, .lastPage or .resultCap
/// ```
public struct GitHubSearchPaging: Sendable, Equatable {
    /// Why a search stopped.
    public enum End: Sendable, Equatable {
        /// It has as many results as the limit asked for.
        case limit
        /// GitHub has no more results.
        case lastPage
        /// GitHub gives no results past the first 1,000.
        case resultCap
    }

    /// GitHub serves the first 1,000 results of a search, no more.
    public static let resultCap = 1000
    /// The largest `per_page` GitHub accepts.
    public static let maximumPerPage = 100

    /// The most results to keep.
    public let limit: Int
    /// Results per page: the query's, else the limit's (at most 100).
    public let perPage: Int
    /// The query of the page to ask for next; `nil` once the search has ended.
    public private(set) var next: GitHubSearchQuery?
    /// The results kept so far.
    public private(set) var received = 0
    /// The pages received so far.
    public private(set) var pages = 0
    /// Why the search ended; `nil` while it goes on.
    public private(set) var end: End?

    /// Starts at the query's page (the first when it has none, sent without `page`).
    /// - Parameters:
    ///   - query: the search; its `perPage` and `page` are kept when set.
    ///   - limit: the most results to keep (at least 1).
    public init(_ query: GitHubSearchQuery, limit: Int) {
        self.limit = max(1, limit)
        perPage = query.perPage ?? min(self.limit, Self.maximumPerPage)
        var first = query
        first.perPage = perPage
        next = first
    }

    /// Takes in the page that answered ``next``.
    /// - Parameters:
    ///   - itemCount: the repositories on the page.
    ///   - totalCount: the page's `total_count`.
    ///   - nextPage: the page `Link: rel="next"` names, or `nil`.
    /// - Returns: how many of the page's repositories to keep, from its first.
    public mutating func advance(itemCount: Int, totalCount: Int, nextPage: Int?) -> Int {
        guard let current = next else { return 0 }
        let page = current.page ?? 1
        let start = (page - 1) * perPage
        let kept = max(0, min(itemCount, limit - received, Self.resultCap - start))
        received += kept
        pages += 1
        next = nil
        if received >= limit {
            end = .limit
        } else if start + itemCount >= Self.resultCap && totalCount > Self.resultCap {
            end = .resultCap
        } else if itemCount == 0 || (nextPage ?? 0) <= page {
            end = .lastPage
        } else {
            var following = current
            following.page = nextPage
            next = following
        }
        return kept
    }

    /// Ends the search at the cap: GitHub refused ``next`` as past its first 1,000 results.
    public mutating func endAtResultCap() {
        next = nil
        end = .resultCap
    }

    /// Whether an error message is GitHub's refusal of a page past the cap.
    /// - Parameter message: a 422's message.
    public static func isResultCapMessage(_ message: String) -> Bool {
        message.contains("Only the first 1000 search results are available")
    }
}
