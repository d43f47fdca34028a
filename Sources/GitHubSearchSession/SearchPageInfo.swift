import GitHubModels

/// What a response says beyond its repositories: whether another page can be loaded, whether
/// GitHub's 1,000-result cap ended the results, and the rate limit.
public struct SearchPageInfo: Sendable, Equatable {
    /// Another page can be loaded.
    public var hasMore: Bool
    /// The results end at GitHub's cap of 1,000, not at the last match.
    public var reachedCap: Bool
    /// The response's rate-limit headers.
    public var rateLimit: GitHubRateLimit?

    /// Creates the information; with no arguments, a last page without headers.
    /// - Parameters:
    ///   - hasMore: another page can be loaded.
    ///   - reachedCap: the cap ended the results.
    ///   - rateLimit: the rate-limit headers.
    public init(hasMore: Bool = false, reachedCap: Bool = false, rateLimit: GitHubRateLimit? = nil) {
        self.hasMore = hasMore
        self.reachedCap = reachedCap
        self.rateLimit = rateLimit
    }
}
