import GitHubClient
import GitHubModels
import GitHubRequests
import GitHubSearchSession

/// The client is what a ``SearchDriver`` searches with in the app:
/// `SearchDriver(client: GitHubClient(configuration: ...))`. The client's own
/// `searchPage(_:)` gives the driver each page's `Link` and rate-limit headers.
extension GitHubClient: RepositorySearching {
    /// Runs one repository search (for the search session).
    public func search(_ query: GitHubSearchQuery) async throws -> GitHubRepositories {
        try await searchRepositories(query)
    }
}
