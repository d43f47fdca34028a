import GitHubModels

/// What happens to a search: the user edits the query, a request starts, a response arrives.
public enum SearchEvent: Sendable {
    /// The text in the search field changed (spaces included, trimmed by the reducer).
    case queryChanged(String)
    /// A request for the first page of this query (trimmed) started.
    case loadingStarted(query: String)
    /// The first page for this query (trimmed) arrived, or an error; `info` says what follows.
    case responseArrived(
        query: String, Result<GitHubRepositories, SearchError>, info: SearchPageInfo = SearchPageInfo())
    /// A request for the next page of this query started.
    case loadingMoreStarted(query: String)
    /// The next page for this query arrived (its repositories follow the ones shown), or an error.
    case moreArrived(query: String, Result<GitHubRepositories, SearchError>, info: SearchPageInfo = SearchPageInfo())
}
