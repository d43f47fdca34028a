import GitHubModels

/// What happens to a search: the user edits the query, a request starts, a response arrives.
public enum SearchEvent: Sendable {
    /// The text in the search field changed (spaces included, trimmed by the reducer).
    case queryChanged(String)
    /// A request for this query (trimmed) started.
    case loadingStarted(query: String)
    /// The request for this query (trimmed) finished, with a page or an error.
    case responseArrived(query: String, Result<GitHubRepositories, SearchError>)
}
