import GitHubModels
import GitHubRequests

/// What a repository search shows: the query being typed, the title line, whether a request
/// is running, the repositories (most-starred first, page after page), whether more can be
/// loaded, the rate limit and the last error.
///
/// The state changes only through ``reduce(_:_:)``; ``SearchDriver`` feeds it the events.
///
/// ```swift
/// var state = SearchState()
/// state = SearchState.reduce(state, .queryChanged("tetris"))
/// state = SearchState.reduce(state, .responseArrived(query: "tetris", .success(page)))
/// print(state.title)   // "1,677 results"
/// ```
public struct SearchState: Equatable, Sendable {
    /// The title shown while there is no query: "Search GitHub".
    public static let defaultTitle = "Search GitHub"

    /// The text as typed, spaces included.
    public var query: String
    /// The title line: ``defaultTitle`` or "N results" for the repositories shown.
    public var title: String
    /// A request for the current query is running.
    public var isLoading: Bool
    /// The repositories shown, most-starred first.
    public var results: [GitHubRepository]
    /// `total_count` of the response shown; `nil` before the first response and after the
    /// query was cleared.
    public var totalCount: Int?
    /// `incomplete_results` of the response shown: GitHub timed out and the results may be partial.
    public var incompleteResults: Bool
    /// Why the last search failed: kept while typing, cleared when the next search starts or
    /// succeeds and when the query is cleared.
    public var lastError: SearchError?
    /// Another page of the current query can be loaded.
    public var hasMore: Bool
    /// A request for the next page is running.
    public var isLoadingMore: Bool
    /// The results end at GitHub's cap of 1,000, not at the last match.
    public var reachedCap: Bool
    /// The rate-limit headers of the last response that had them.
    public var rateLimit: GitHubRateLimit?

    /// Creates a state; with no arguments, the empty search.
    /// - Parameters:
    ///   - query: the text as typed.
    ///   - title: the title line.
    ///   - isLoading: whether a request is running.
    ///   - results: the repositories shown.
    ///   - totalCount: `total_count` of the response shown.
    ///   - incompleteResults: `incomplete_results` of the response shown.
    ///   - lastError: the last error.
    ///   - hasMore: another page can be loaded.
    ///   - isLoadingMore: a request for the next page is running.
    ///   - reachedCap: the results end at the cap.
    ///   - rateLimit: the last rate-limit headers.
    public init(
        query: String = "", title: String = SearchState.defaultTitle, isLoading: Bool = false,
        results: [GitHubRepository] = [], totalCount: Int? = nil, incompleteResults: Bool = false,
        lastError: SearchError? = nil, hasMore: Bool = false, isLoadingMore: Bool = false, reachedCap: Bool = false,
        rateLimit: GitHubRateLimit? = nil
    ) {
        self.query = query
        self.title = title
        self.isLoading = isLoading
        self.results = results
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.lastError = lastError
        self.hasMore = hasMore
        self.isLoadingMore = isLoadingMore
        self.reachedCap = reachedCap
        self.rateLimit = rateLimit
    }

    /// The query without leading and trailing white space: what is searched, and what a
    /// response must match to be shown.
    public var searchText: String { query.trimmingSpaces }
}
