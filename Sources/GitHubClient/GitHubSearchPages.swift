import GitHubModels
import GitHubRequests

/// The pages of a repository search, each fetched when the iteration asks for it; see
/// ``GitHubClient/searchPages(_:limit:secondaryLimitWait:)``.
///
/// Each page holds only the repositories within the limit. The iterator's ``AsyncIterator/paging``
/// says how many were kept and, once the pages end, why (``GitHubSearchPaging/End``).
public struct GitHubSearchPages: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = GitHubSearchPage

    let client: GitHubClient
    let paging: GitHubSearchPaging
    let secondaryLimitWait: Duration

    /// Fetches the pages one at a time.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, paging: paging, secondaryLimitWait: secondaryLimitWait)
    }

    /// Fetches the next page when asked.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Waits out at most this many secondary limits in a row for one page.
        static let retries = 3

        let client: GitHubClient
        /// Where the search stands: results kept, pages received, why it ended.
        public private(set) var paging: GitHubSearchPaging
        let secondaryLimitWait: Duration

        /// The next page, cut to the limit; `nil` once the search has ended.
        /// - Throws: ``GitHubClientError``; `CancellationError` when the task is cancelled.
        public mutating func next() async throws -> GitHubSearchPage? {
            guard let query = paging.next else { return nil }
            var page: GitHubSearchPage
            do {
                page = try await fetch(query)
            } catch GitHubClientError.validationFailed(let body)
                where paging.pages > 0 && GitHubSearchPaging.isResultCapMessage(body.message)
            {
                paging.endAtResultCap()
                return nil
            }
            let kept = paging.advance(
                itemCount: page.repositories.items.count, totalCount: page.repositories.totalCount,
                nextPage: page.nextPage)
            page.repositories.items.removeSubrange(kept...)
            return page
        }

        /// Whether a `Retry-After` is within the wait the caller allows.
        private func waitable(_ retryAfter: Double?) -> Bool {
            guard let retryAfter else { return false }
            return .seconds(retryAfter) <= secondaryLimitWait
        }

        /// One page, after waiting out each secondary limit whose `Retry-After` is short enough.
        private func fetch(_ query: GitHubSearchQuery) async throws -> GitHubSearchPage {
            var waits = 0
            while true {
                do {
                    return try await client.searchPage(query)
                } catch GitHubClientError.secondaryRateLimit(let limit)
                    where waits < Self.retries && waitable(limit.retryAfter)
                {
                    waits += 1
                    try await Task.sleep(for: .seconds(limit.retryAfter ?? 0))
                }
            }
        }
    }
}

/// The repositories of a search across pages, fetched a page at a time as the iteration
/// reaches them; see ``GitHubClient/searchRepositories(_:limit:secondaryLimitWait:)``.
public struct GitHubSearchResults: AsyncSequence, Sendable {
    /// A repository.
    public typealias Element = GitHubRepository

    let pages: GitHubSearchPages

    /// Walks the pages' repositories in order.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    /// Hands out a page's repositories, then fetches the next page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: GitHubSearchPages.AsyncIterator
        var pending: ArraySlice<GitHubRepository> = []
        /// The rate-limit headers of the last page fetched.
        public private(set) var rateLimit: GitHubRateLimit?

        /// Where the search stands: results kept, pages received, why it ended.
        public var paging: GitHubSearchPaging { pages.paging }

        /// The next repository; `nil` once the search has ended.
        /// - Throws: ``GitHubClientError``; `CancellationError` when the task is cancelled.
        public mutating func next() async throws -> GitHubRepository? {
            while pending.isEmpty {
                guard let page = try await pages.next() else { return nil }
                rateLimit = page.rateLimit ?? rateLimit
                pending = page.repositories.items[...]
            }
            return pending.popFirst()
        }
    }
}
