import GitHubModels
import GitHubRequests

/// Something that runs a repository search: the GitHub client, or a fake in tests.
///
/// ``SearchDriver`` cancels the task of a search whose query is no longer current; an
/// implementation should stop its request then (throwing `CancellationError` is fine: the
/// driver ignores whatever a cancelled search returns or throws).
public protocol RepositorySearching: Sendable {
    /// Runs one search and returns its page.
    /// - Parameter query: the search.
    /// - Returns: the page of repositories.
    /// - Throws: whatever the client throws (network, HTTP, mapping, cancellation); the driver
    ///   shows it as a ``SearchError``.
    func search(_ query: GitHubSearchQuery) async throws -> GitHubRepositories

    /// Runs one search and returns its page with the next page's number and the rate limit;
    /// the driver searches with this.
    /// - Parameter query: the search (its `page` set for a page after the first).
    /// - Returns: the page.
    /// - Throws: as ``search(_:)``.
    func searchPage(_ query: GitHubSearchQuery) async throws -> GitHubSearchPage
}

extension RepositorySearching {
    /// The page ``search(_:)`` returns, as the last one (a client that does not say whether
    /// more follow has no more to load).
    public func searchPage(_ query: GitHubSearchQuery) async throws -> GitHubSearchPage {
        GitHubSearchPage(repositories: try await search(query))
    }
}
