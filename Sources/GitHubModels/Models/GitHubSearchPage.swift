/// One page of a repository search as it came: the mapped body, the page its `Link` header
/// names as the next one, and its rate-limit headers.
public struct GitHubSearchPage: Sendable, Equatable {
    /// The body: total count, whether it is incomplete, the repositories.
    public var repositories: GitHubRepositories
    /// The page number `Link: <…>; rel="next"` names; `nil` on the last page.
    public var nextPage: Int?
    /// The response's rate-limit headers, when it had any.
    public var rateLimit: GitHubRateLimit?

    /// Creates a page.
    /// - Parameters:
    ///   - repositories: the body.
    ///   - nextPage: the next page's number, or `nil`.
    ///   - rateLimit: the rate-limit headers.
    public init(repositories: GitHubRepositories, nextPage: Int? = nil, rateLimit: GitHubRateLimit? = nil) {
        self.repositories = repositories
        self.nextPage = nextPage
        self.rateLimit = rateLimit
    }
}
