import GitHubRequests
import Testing

@Suite("Search paging rules")
struct GitHubSearchPagingTests {
    @Test func perPageFollowsTheLimitUnlessTheQuerySetsIt() {
        #expect(GitHubSearchPaging(GitHubSearchQuery("x"), limit: 30).next?.perPage == 30)
        #expect(GitHubSearchPaging(GitHubSearchQuery("x"), limit: 7).next?.perPage == 7)
        #expect(GitHubSearchPaging(GitHubSearchQuery("x"), limit: 1000).next?.perPage == 100)
        #expect(GitHubSearchPaging(GitHubSearchQuery("x", perPage: 30), limit: 1000).next?.perPage == 30)
        #expect(GitHubSearchPaging(GitHubSearchQuery("x"), limit: 0).limit == 1)
        let first = GitHubSearchPaging(GitHubSearchQuery("x", sort: .stars, page: 3), limit: 10).next
        #expect(first == GitHubSearchQuery("x", sort: .stars, perPage: 10, page: 3))
        #expect(GitHubSearchPaging(GitHubSearchQuery("x"), limit: 10).next?.page == nil, "page 1 is GitHub's default")
    }

    @Test func theLinksNextPageIsAskedForUntilTheLimit() {
        var paging = GitHubSearchPaging(GitHubSearchQuery("x", perPage: 30), limit: 75)
        #expect(paging.advance(itemCount: 30, totalCount: 200, nextPage: 2) == 30)
        #expect(paging.next?.page == 2 && paging.end == nil)
        #expect(paging.advance(itemCount: 30, totalCount: 200, nextPage: 3) == 30)
        #expect(paging.advance(itemCount: 30, totalCount: 200, nextPage: 4) == 15)
        #expect(paging.next == nil && paging.end == .limit)
        #expect(paging.received == 75 && paging.pages == 3)
        #expect(paging.advance(itemCount: 30, totalCount: 200, nextPage: 5) == 0)
        #expect(paging.pages == 3)
    }

    @Test func noNextLinkOrAnEmptyPageIsTheLastPage() {
        var lastLink = GitHubSearchPaging(GitHubSearchQuery("x", perPage: 30), limit: 100)
        #expect(lastLink.advance(itemCount: 30, totalCount: 45, nextPage: 2) == 30)
        #expect(lastLink.advance(itemCount: 15, totalCount: 45, nextPage: nil) == 15)
        #expect(lastLink.end == .lastPage && lastLink.received == 45)
        var empty = GitHubSearchPaging(GitHubSearchQuery("x"), limit: 100)
        #expect(empty.advance(itemCount: 0, totalCount: 0, nextPage: 2) == 0)
        #expect(empty.end == .lastPage)
        var backwards = GitHubSearchPaging(GitHubSearchQuery("x", perPage: 10, page: 4), limit: 100)
        _ = backwards.advance(itemCount: 10, totalCount: 90, nextPage: 4)
        #expect(backwards.end == .lastPage, "a link that does not move forward ends the paging")
    }

    @Test func theThousandthResultIsTheCap() {
        var paging = GitHubSearchPaging(GitHubSearchQuery("x", perPage: 30, page: 33), limit: 5000)
        #expect(paging.advance(itemCount: 30, totalCount: 2000, nextPage: 34) == 30)
        #expect(paging.advance(itemCount: 10, totalCount: 2000, nextPage: nil) == 10)
        #expect(paging.end == .resultCap)
        // A page that reaches past the cap is cut at it.
        var over = GitHubSearchPaging(GitHubSearchQuery("x", perPage: 100, page: 10), limit: 5000)
        #expect(over.advance(itemCount: 100, totalCount: 5000, nextPage: 11) == 100)
        #expect(over.end == .resultCap)
        // Exactly 1,000 results end as the last page, not at the cap.
        var exact = GitHubSearchPaging(GitHubSearchQuery("x", perPage: 100, page: 10), limit: 5000)
        _ = exact.advance(itemCount: 100, totalCount: 1000, nextPage: nil)
        #expect(exact.end == .lastPage)
        var refused = GitHubSearchPaging(GitHubSearchQuery("x"), limit: 50)
        refused.endAtResultCap()
        #expect(refused.next == nil && refused.end == .resultCap)
        #expect(GitHubSearchPaging.isResultCapMessage("Only the first 1000 search results are available"))
        #expect(!GitHubSearchPaging.isResultCapMessage("Validation Failed"))
    }

    @Test func newQualifiers() {
        let query = GitHubSearchQuery(
            "x", .license("apache-2.0"), .created(">=2024-01-01"), .pushed("2023-01-01..2023-12-31"))
        #expect(query.q == "x license:apache-2.0 created:>=2024-01-01 pushed:2023-01-01..2023-12-31")
    }
}
