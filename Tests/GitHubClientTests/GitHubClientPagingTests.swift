import Foundation
import GitHubModels
import GitHubRequests
import Testing

@testable import GitHubClient

@Suite("GitHub client: searches across pages", .enabled(if: FakeGitHubAPI.isAvailable, "needs python3"))
struct GitHubClientPagingTests {
    /// Every page of a search, and where the paging stood at the end.
    func fetchPages(
        _ client: GitHubClient, _ query: GitHubSearchQuery, limit: Int, wait: Duration = .zero
    ) async throws -> (pages: [GitHubSearchPage], paging: GitHubSearchPaging) {
        var iterator = client.searchPages(query, limit: limit, secondaryLimitWait: wait).makeAsyncIterator()
        var pages: [GitHubSearchPage] = []
        while let page = try await iterator.next() { pages.append(page) }
        return (pages, iterator.paging)
    }

    /// `paged/repo-0001` ... in order.
    func names(_ range: ClosedRange<Int>) -> [String] { range.map { String(format: "paged/repo-%04d", $0) } }

    @Test func limit75WithPagesOf30TakesThreePagesInOrder() async throws {
        try await FakeGitHubAPI.with { api in
            let (pages, paging) = try await fetchPages(
                api.client(), GitHubSearchQuery("count-100", perPage: 30), limit: 75)
            #expect(pages.map(\.repositories.items.count) == [30, 30, 15])
            #expect(pages.map(\.nextPage) == [2, 3, 4])
            let items = pages.flatMap(\.repositories.items)
            #expect(items.map(\.fullName) == names(1...75))
            #expect(items.map(\.description) == (1...75).map { "result \($0), page \(($0 - 1) / 30 + 1), per_page 30" })
            #expect(paging.end == .limit && paging.received == 75 && paging.pages == 3)
        }
    }

    @Test func aLimitAboveTheTotalGivesEveryResult() async throws {
        try await FakeGitHubAPI.with { api in
            let (pages, paging) = try await fetchPages(
                api.client(), GitHubSearchQuery("count-45", perPage: 30), limit: 100)
            #expect(pages.map(\.repositories.items.count) == [30, 15])
            #expect(pages.last?.nextPage == nil)
            #expect(pages.flatMap(\.repositories.items).map(\.fullName) == names(1...45))
            #expect(paging.end == .lastPage && paging.received == 45)
        }
    }

    @Test func perPageFollowsTheLimit() async throws {
        try await FakeGitHubAPI.with { api in
            let small = try await fetchPages(api.client(), GitHubSearchQuery("count-45"), limit: 7)
            #expect(small.pages.count == 1)
            #expect(
                small.pages[0].repositories.items.map(\.description)
                    == (1...7).map { "result \($0), page 1, per_page 7" })
            let large = try await fetchPages(api.client(), GitHubSearchQuery("count-450"), limit: 250)
            #expect(large.pages.map(\.repositories.items.count) == [100, 100, 50])
            #expect(large.pages[2].repositories.items.first?.description == "result 201, page 3, per_page 100")
        }
    }

    @Test(arguments: [100, 30])
    func theResultCapEndsTheSearchAtTheThousandth(_ perPage: Int) async throws {
        try await FakeGitHubAPI.with { api in
            let (pages, paging) = try await fetchPages(
                api.client(), GitHubSearchQuery("count-2500", perPage: perPage), limit: 5000)
            let items = pages.flatMap(\.repositories.items)
            #expect(items.count == 1000)
            #expect(Set(items.map(\.id)).count == 1000)
            #expect(items.last?.fullName == "paged/repo-1000")
            #expect(pages.count == (1000 + perPage - 1) / perPage)
            #expect(paging.end == .resultCap)
            #expect(pages.first?.repositories.totalCount == 2500)
        }
    }

    @Test func aFirstPagePastTheCapIsGitHubsError() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError {
                try await fetchPages(api.client(), GitHubSearchQuery("count-2500", perPage: 30, page: 35), limit: 30)
            }
            guard case .validationFailed(let body)? = error as? GitHubClientError else {
                Issue.record("expected validation failed, got \(String(describing: error))")
                return
            }
            #expect(GitHubSearchPaging.isResultCapMessage(body.message))
        }
    }

    @Test func aLaterStartingPageKeepsItsPlace() async throws {
        try await FakeGitHubAPI.with { api in
            let (pages, paging) = try await fetchPages(
                api.client(), GitHubSearchQuery("count-2000", perPage: 30, page: 33), limit: 100)
            // Page 33 holds results 961-990, page 34 the last ten before the cap.
            #expect(pages.flatMap(\.repositories.items).map(\.fullName) == names(961...1000))
            #expect(paging.end == .resultCap)
        }
    }

    @Test func theRepositoriesSequenceWalksThePages() async throws {
        try await FakeGitHubAPI.with { api in
            let client = api.client()
            var iterator = client.searchRepositories(GitHubSearchQuery("count-75", perPage: 20), limit: 50)
                .makeAsyncIterator()
            var names: [String] = []
            while let repository = try await iterator.next() { names.append(repository.fullName) }
            #expect(names == self.names(1...50))
            #expect(iterator.paging.pages == 3 && iterator.paging.end == .limit)
            // The last response's headers: 29 left after the first request, 27 after the third.
            #expect(iterator.rateLimit?.remaining == 27)
            #expect(client.lastRateLimit == iterator.rateLimit)
            #expect(client.lastRateLimit?.limit == 30 && client.lastRateLimit?.resource == "search")
            #expect(client.lastRateLimit?.resetsAt == Date(timeIntervalSince1970: 2_000_000_000))
        }
    }

    @Test func aRateLimitErrorIsTheLastRateLimitToo() async throws {
        try await FakeGitHubAPI.with { api in
            let client = api.client()
            _ = try await client.searchPage(GitHubSearchQuery("count-5"))
            #expect(client.lastRateLimit?.remaining == 29)
            _ = await thrownError { try await client.searchRepositories(route("rate-limit")) }
            #expect(client.lastRateLimit?.remaining == 0 && client.lastRateLimit?.status == 403)
        }
    }

    @Test func aSecondaryLimitIsWaitedOutOnlyWhenAllowed() async throws {
        try await FakeGitHubAPI.with { api in
            let refused = await thrownError {
                try await fetchPages(api.client(), GitHubSearchQuery("flaky-40 refused"), limit: 40)
            }
            guard case .secondaryRateLimit(let limit)? = refused as? GitHubClientError else {
                Issue.record("expected a secondary rate limit, got \(String(describing: refused))")
                return
            }
            #expect(limit.retryAfter == 1)
            let tooLong = await thrownError {
                try await fetchPages(
                    api.client(), GitHubSearchQuery("flaky-40 short"), limit: 40, wait: .milliseconds(500))
            }
            #expect(tooLong is GitHubClientError)
            let start = ContinuousClock.now
            let (pages, paging) = try await fetchPages(
                api.client(), GitHubSearchQuery("flaky-40 waited", perPage: 30), limit: 40, wait: .seconds(5))
            #expect(ContinuousClock.now - start >= .seconds(2), "one second per page")
            #expect(pages.flatMap(\.repositories.items).map(\.fullName) == names(1...40))
            #expect(paging.end == .limit)
        }
    }
}

@Suite("GitHub's Link header")
struct LinkHeaderTests {
    @Test func relationsAndTheNextPage() {
        let header =
            #"<https://api.github.com/search/repositories?q=tetris&per_page=30&page=2>; rel="next", "#
            + #"<https://api.github.com/search/repositories?q=tetris&per_page=30&page=34>; rel="last""#
        let links = LinkHeader.links(header)
        #expect(
            links["next"]?.absoluteString == "https://api.github.com/search/repositories?q=tetris&per_page=30&page=2")
        #expect(links["last"]?.query?.hasSuffix("page=34") == true)
        #expect(LinkHeader.nextPage(header) == 2)
    }

    @Test func noNextLinkIsTheLastPage() {
        #expect(
            LinkHeader.nextPage(#"<https://x.test/s?page=1>; rel="first", <https://x.test/s?page=3>; rel="prev""#)
                == nil)
        #expect(LinkHeader.nextPage("") == nil)
        #expect(LinkHeader.nextPage("garbage; rel=next") == nil)
        #expect(LinkHeader.nextPage(#"<https://x.test/s?after=abc>; rel="next""#) == nil)
    }

    @Test func spacingQuotesAndSeveralRelations() {
        let header = #"<https://x.test/s?q=a%2Cb&page=5>;rel=next ,<https://x.test/s?page=9>; REL="last first""#
        let links = LinkHeader.links(header)
        #expect(LinkHeader.nextPage(header) == 5)
        #expect(links["last"] == links["first"])
        #expect(links["last"]?.absoluteString == "https://x.test/s?page=9")
    }
}
