import GitHubClient
import GitHubModels
import GitHubRequests
import GitHubSearchSession

/// The client is what a ``SearchDriver`` searches with in the app:
/// `SearchDriver(client: GitHubClient(configuration: ...))`.
extension GitHubClient: RepositorySearching {
    /// Runs one repository search (for the search session).
    public func search(_ query: GitHubSearchQuery) async throws -> GitHubRepositories {
        try await searchRepositories(query)
    }
}
