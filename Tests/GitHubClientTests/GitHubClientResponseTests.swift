import Foundation
import GitHubClient
import GitHubModels
import GitHubRequests
import Testing
import YajlMapper

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("GitHub client: responses and API errors", .enabled(if: FakeGitHubAPI.isAvailable, "needs python3"))
struct GitHubClientResponseTests {
    @Test func searchMapsAPage() async throws {
        try await FakeGitHubAPI.with { api in
            let page = try await api.client().searchRepositories(route("ok"))
            #expect(page.totalCount == 1677)
            #expect(!page.incompleteResults)
            #expect(page.items.count == 2)
            #expect(page.items.first?.fullName == "daniel-e/tetros")
            // The same bytes through the in-memory mapper give the same page.
            let file = FakeGitHubAPI.script.deletingLastPathComponent()
                .appendingPathComponent("../../Fixtures/github/search/schema-2019.json")
            #expect(page == (try Mapper<GitHubRepositories>(strict: true).map(data: Data(contentsOf: file))))
        }
    }

    @Test func emptyResults() async throws {
        try await FakeGitHubAPI.with { api in
            let page = try await api.client().searchRepositories(route("empty"))
            #expect(page.totalCount == 0)
            #expect(page.items.isEmpty)
        }
    }

    @Test func largePageArrivingInChunks() async throws {
        try await FakeGitHubAPI.with { api in
            let page = try await api.client().searchRepositories(route("big"))
            #expect(page.items.count == 100)
            #expect(Set(page.items.map(\.id)).count == 100)
        }
    }

    @Test func userRepositories() async throws {
        try await FakeGitHubAPI.with { api in
            let repositories = try await api.client().userRepositories(GitHubUserRepositoriesQuery(user: "octocat"))
            #expect(repositories.count == 3)
            let error = await thrownError {
                try await api.client().userRepositories(GitHubUserRepositoriesQuery(user: "not-array"))
            }
            guard case .mapping(let mapping)? = error as? GitHubClientError else {
                Issue.record("expected a mapping error, got \(String(describing: error))")
                return
            }
            #expect(mapping.first.kind == .typeMismatch)
        }
    }

    @Test func rateLimitedWithReset() async throws {
        try await FakeGitHubAPI.with { api in
            for (name, status) in [("rate-limit", 403), ("rate-limit-429", 429)] {
                let error = await thrownError { try await api.client().searchRepositories(route(name)) }
                guard case .rateLimited(let limit)? = error as? GitHubClientError else {
                    Issue.record("\(name): expected rate limited, got \(String(describing: error))")
                    continue
                }
                #expect(limit.status == status)
                #expect(limit.remaining == 0)
                #expect(limit.limit == 30)
                #expect(limit.resource == "search")
                #expect(limit.resetsAt == Date(timeIntervalSince1970: 2_000_000_000))
                #expect(limit.retryDate() == Date(timeIntervalSince1970: 2_000_000_000))
                let text = "\(error!)"
                #expect(text.contains("rate limit exceeded for search (0 of 30 left)"))
                #expect(text.contains("resets at 2033-05-18T03:33:20Z"))
                #expect(text.contains("API rate limit exceeded for 203.0.113.7"))
            }
        }
    }

    @Test func secondaryRateLimit() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError { try await api.client().searchRepositories(route("secondary")) }
            guard case .secondaryRateLimit(let limit)? = error as? GitHubClientError else {
                Issue.record("expected a secondary rate limit, got \(String(describing: error))")
                return
            }
            #expect(limit.status == 403)
            #expect(limit.remaining == 29)
            #expect("\(error!)".hasPrefix("GitHub secondary rate limit exceeded"))
            #expect("\(error!)".contains("You have exceeded a secondary rate limit"))
        }
    }

    @Test func retryAfterIsASecondaryLimit() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError { try await api.client().searchRepositories(route("retry-after")) }
            guard case .secondaryRateLimit(let limit)? = error as? GitHubClientError else {
                Issue.record("expected a secondary rate limit, got \(String(describing: error))")
                return
            }
            #expect(limit.status == 429)
            #expect(limit.retryAfter == 30)
            let now = Date()
            #expect(limit.retryDate(now: now) == now.addingTimeInterval(30))
            #expect("\(error!)".contains("retry after 30 s"))
        }
    }

    @Test func validationFailed() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError { try await api.client().searchRepositories(route("invalid")) }
            guard case .validationFailed(let body)? = error as? GitHubClientError else {
                Issue.record("expected validation failed, got \(String(describing: error))")
                return
            }
            #expect(body.message == "Validation Failed")
            #expect(body.errors.map(\.code) == ["invalid"])
            #expect(
                "\(error!)".hasPrefix("validation failed (422): Validation Failed: Search.q invalid The listed users"))
        }
    }

    @Test func otherHTTPErrors() async throws {
        try await FakeGitHubAPI.with { api in
            let cases: [(GitHubClient, GitHubSearchQuery, Int, String)] = [
                (api.client(), route("server-error"), 500, "Server Error"),
                (api.client(), route("server-html"), 502, HTTPURLResponse.localizedString(forStatusCode: 502)),
                (api.client(path: "/nowhere"), route("ok"), 404, "Not Found"),
            ]
            for (client, query, status, message) in cases {
                let error = await thrownError { try await client.searchRepositories(query) }
                guard case .http(let gotStatus, let gotMessage)? = error as? GitHubClientError else {
                    Issue.record("expected HTTP \(status), got \(String(describing: error))")
                    continue
                }
                #expect(gotStatus == status)
                #expect(gotMessage == message)
                #expect("\(error!)" == "GitHub answered \(status): \(message)")
            }
        }
    }

    @Test(arguments: ["not-json", "truncated"])
    func invalidResponse(name: String) async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError { try await api.client().searchRepositories(route(name)) }
            guard case .invalidResponse(let status, let reason)? = error as? GitHubClientError else {
                Issue.record("expected an invalid response, got \(String(describing: error))")
                return
            }
            #expect(status == 200)
            #expect(reason.hasPrefix("not JSON"))
        }
    }

    @Test func mappingErrorNamesKeyPathAndPosition() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError { try await api.client().searchRepositories(route("bad-shape")) }
            guard case .mapping(let mapping)? = error as? GitHubClientError else {
                Issue.record("expected a mapping error, got \(String(describing: error))")
                return
            }
            #expect(mapping.first.keyPath == "items[1].owner.login")
            #expect(mapping.first.expected == "String")
            #expect(mapping.first.location != nil)
            let text = "\(error!)"
            #expect(text.contains("items[1].owner.login: expected String, found number 42"))
            #expect(text.contains(" at line 1, column "))
            // Lenient clients keep going.
            var configuration = GitHubClientConfiguration(baseURL: api.baseURL)
            configuration.strict = false
            let page = try await GitHubClient(configuration: configuration).searchRepositories(route("bad-shape"))
            #expect(page.items.count > 1)
        }
    }

    @Test func invalidRequestIsNotSent() async throws {
        let client = GitHubClient(baseURL: URL(string: "http://127.0.0.1:\(closedPort())")!, token: FakeGitHubAPI.token)
        let error = await thrownError { try await client.searchRepositories(GitHubSearchQuery("  ")) }
        guard case .invalidRequest(.emptyQuery)? = error as? GitHubClientError else {
            Issue.record("expected an invalid request, got \(String(describing: error))")
            return
        }
        #expect("\(error!)" == "invalid request: the search query is empty")
    }

    @Test func concurrentRequestsOnOneClient() async throws {
        try await FakeGitHubAPI.with { api in
            let client = api.client()
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for name in ["ok", "empty", "big", "ok", "empty", "big"] {
                    group.addTask { try await client.searchRepositories(route(name)).items.count }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(counts.sorted() == [0, 0, 2, 2, 100, 100])
        }
    }
}
