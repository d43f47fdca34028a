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
        let strict = configuration.strict
        return try await send(.searchRepositories(query)) {
            StreamedArrayBody<GitHubRepository, GitHubRepositories>(strict: strict, elementsAt: "items") {
                items, summary in
                // The envelope maps with the same strictness; its `items` reads as empty.
                var page = try Mapper<GitHubRepositories>(strict: strict).map(json: summary.envelope)
                page.items = items
                return page
            }
        }
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
        }
    }

    /// Sends a request and streams its success body into a fresh body.
    private func send<Body: ResponseBody>(
        _ endpoint: GitHubAPI.Endpoint, body makeBody: () -> Body
    ) async throws -> Body.Value {
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
            return try await withTaskCancellationHandler {
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
        } catch let error as GitHubClientError {
            throw error.redacted(token)
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
