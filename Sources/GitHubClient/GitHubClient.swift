import Foundation
import GitHubModels
import GitHubRequests
import YajlMapper

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `async` GitHub REST client for repository searches, mapping each response with the
/// streaming engine as its bytes arrive.
///
/// ```swift
/// let client = GitHubClient(configuration: try .fromEnvironment())
/// let page = try await client.searchRepositories(GitHubSearchQuery("tetris", .language("swift")))
/// print("\(page.totalCount) results")
/// ```
///
/// Bodies stream through a `URLSessionDataDelegate`: each chunk URLSession hands over is fed
/// to a ``MappingStreamParser`` at once, so a page is mapped while it downloads
/// (`URLSession.bytes(for:)` does not exist in FoundationNetworking on Linux).
///
/// Errors are ``GitHubClientError``s, or `CancellationError` when the calling task is
/// cancelled (the request is cancelled with it). No error, description or dump ever holds
/// the token, and a redirect to another origin goes without `Authorization`.
public final class GitHubClient: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The base URL, token, timeouts and strictness.
    public let configuration: GitHubClientConfiguration
    private let session: URLSession
    private let delegate: SessionDelegate
    private let latest = LatestRateLimit()

    /// The rate-limit headers of the last response that had them (a rate-limit error's too).
    public var lastRateLimit: GitHubRateLimit? { latest.value }

    /// Creates a client with its own URLSession (ephemeral: no cache, no cookies).
    /// - Parameter configuration: where and how to talk to GitHub.
    public init(configuration: GitHubClientConfiguration = GitHubClientConfiguration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        sessionConfiguration.timeoutIntervalForResource = configuration.resourceTimeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "GitHubClient.delegate"
        delegate = SessionDelegate()
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: the API root.
    ///   - token: a token, or `nil`.
    ///   - requestTimeout: idle timeout in seconds.
    ///   - resourceTimeout: whole-request timeout in seconds.
    public convenience init(
        baseURL: URL, token: String? = nil, requestTimeout: TimeInterval = 30, resourceTimeout: TimeInterval = 60
    ) {
        self.init(
            configuration: GitHubClientConfiguration(
                baseURL: baseURL, token: token.flatMap(GitHubToken.init),
                requestTimeout: requestTimeout, resourceTimeout: resourceTimeout))
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// `GET /search/repositories`: one page of repositories matching a query.
    ///
    /// ```swift
    /// var query = GitHubSearchQuery("tetris")
    /// query.sort = .stars
    /// let page = try await client.searchRepositories(query)
    /// ```
    /// - Parameter query: the search.
    /// - Returns: the page: total count, whether it is incomplete, the repositories.
    /// - Throws: ``GitHubClientError``; `CancellationError` when the task is cancelled.
    public func searchRepositories(_ query: GitHubSearchQuery) async throws -> GitHubRepositories {
        try await searchPage(query).repositories
    }

    /// `GET /search/repositories`: one page, with the next page its `Link` header names and
    /// its rate-limit headers.
    /// - Parameter query: the search.
    /// - Returns: the page.
    /// - Throws: ``GitHubClientError``; `CancellationError` when the task is cancelled.
    public func searchPage(_ query: GitHubSearchQuery) async throws -> GitHubSearchPage {
        let strict = configuration.strict
        let (page, head) = try await send(.searchRepositories(query)) {
            StreamedArrayBody<GitHubRepository, GitHubRepositories>(strict: strict, elementsAt: "items") {
                items, summary in
                // The envelope maps with the same strictness; its `items` reads as empty.
                var page = try Mapper<GitHubRepositories>(strict: strict).map(json: summary.envelope)
                page.items = items
                return page
            }
        }
        let limit = GitHubRateLimit(status: head.status, headers: head.value)
        return GitHubSearchPage(
            repositories: page, nextPage: head.value("Link").flatMap(LinkHeader.nextPage),
            rateLimit: limit.hasQuota ? limit : nil)
    }

    /// A search across pages, following each response's `Link: rel="next"`: the pages stop at
    /// the limit, at the last page, or at GitHub's 1,000th result.
    ///
    /// ```swift
    /// var pages = client.searchPages(GitHubSearchQuery("tetris", perPage: 30), limit: 75).makeAsyncIterator()
    /// while let page = try await pages.next() { print(page.repositories.items.count) }   // 30, 30, 15
    /// print(pages.paging.end)                                                              // .limit
    /// ```
    /// - Parameters:
    ///   - query: the search; its `perPage` (else the limit's, at most 100) and `page` (else 1).
    ///   - limit: the most repositories to fetch.
    ///   - secondaryLimitWait: the longest `Retry-After` of a secondary rate limit to wait out
    ///     before asking for a page again; zero never waits (the limit is thrown).
    /// - Returns: the pages, fetched as the iteration reaches them.
    public func searchPages(
        _ query: GitHubSearchQuery, limit: Int = 30, secondaryLimitWait: Duration = .zero
    ) -> GitHubSearchPages {
        GitHubSearchPages(
            client: self, paging: GitHubSearchPaging(query, limit: limit), secondaryLimitWait: secondaryLimitWait)
    }

    /// The repositories of a search across pages, as ``searchPages(_:limit:secondaryLimitWait:)``
    /// fetches them.
    ///
    /// ```swift
    /// for try await repository in client.searchRepositories(GitHubSearchQuery("tetris"), limit: 200) {
    ///     print(repository.fullName)
    /// }
    /// ```
    /// - Parameters:
    ///   - query: the search.
    ///   - limit: the most repositories to fetch.
    ///   - secondaryLimitWait: the longest `Retry-After` of a secondary rate limit to wait out.
    /// - Returns: the repositories, in the API's order.
    public func searchRepositories(
        _ query: GitHubSearchQuery, limit: Int, secondaryLimitWait: Duration = .zero
    ) -> GitHubSearchResults {
        GitHubSearchResults(pages: searchPages(query, limit: limit, secondaryLimitWait: secondaryLimitWait))
    }

    /// `GET /users/{name}/repos`: one page of a user's repositories.
    /// - Parameter query: the user and paging.
    /// - Returns: the repositories.
    /// - Throws: ``GitHubClientError``; `CancellationError` when the task is cancelled.
    public func userRepositories(_ query: GitHubUserRepositoriesQuery) async throws -> [GitHubRepository] {
        try await send(.userRepositories(query)) {
            StreamedArrayBody<GitHubRepository, [GitHubRepository]>(strict: self.configuration.strict, elementsAt: "") {
                items, _ in items
            }
        }.value
    }

    /// Sends a request and streams its success body into a fresh body; keeps the response's
    /// rate-limit headers.
    private func send<Body: ResponseBody>(
        _ endpoint: GitHubAPI.Endpoint, body makeBody: () -> Body
    ) async throws -> (value: Body.Value, head: ResponseHead) {
        let token = configuration.token
        do {
            try Task.checkCancellation()
            var request: URLRequest
            do {
                request = try configuration.api.request(endpoint)
            } catch let error as GitHubRequestError {
                throw GitHubClientError.invalidRequest(error)
            }
            request.timeoutInterval = configuration.requestTimeout
            request.cachePolicy = .reloadIgnoringLocalCacheData
            let body = makeBody()
            let handle = TaskHandle()
            let timeouts = (request: configuration.requestTimeout, resource: configuration.resourceTimeout)
            let result = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: RequestState<Body>.Continuation) in
                    let task = session.dataTask(with: request)
                    delegate.register(
                        task,
                        RequestState(
                            continuation: continuation, body: body, url: request.url,
                            timeouts: timeouts, handle: handle))
                    if !handle.set(task) { task.cancel() }
                    task.resume()
                    // FoundationNetworking on Linux ignores timeoutIntervalForResource.
                    DispatchQueue.global().asyncAfter(deadline: .now() + timeouts.resource) { [weak handle] in
                        handle?.timeOut()
                    }
                }
            } onCancel: {
                handle.cancel()
            }
            latest.keep(GitHubRateLimit(status: result.head.status, headers: result.head.value))
            return result
        } catch let error as GitHubClientError {
            let redacted = error.redacted(token)
            switch redacted {
            case .rateLimited(let limit), .secondaryRateLimit(let limit): latest.keep(limit)
            default: break
            }
            throw redacted
        }
    }

    /// `GitHubClient(https://api.github.com, token: <redacted>)`.
    public var description: String {
        "GitHubClient(\(configuration.baseURL.absoluteString), token: \(configuration.token == nil ? "none" : "<redacted>"))"
    }

    /// The configuration, with the token redacted.
    public var debugDescription: String { "GitHubClient(\(configuration))" }

    /// Only the configuration, whose token shows as `<redacted>`.
    public var customMirror: Mirror { Mirror(self, children: ["configuration": configuration], displayStyle: .class) }
}

/// The last rate-limit headers seen, shared by the client's concurrent requests.
private final class LatestRateLimit: @unchecked Sendable {
    private let lock = NSLock()
    private var limit: GitHubRateLimit?

    var value: GitHubRateLimit? { lock.withLock { limit } }

    /// Keeps headers that say something about the quota.
    func keep(_ limit: GitHubRateLimit) {
        guard limit.hasQuota else { return }
        lock.withLock { self.limit = limit }
    }
}
