import Foundation
import GitHubClient
import GitHubModels
import GitHubRequests
import Testing

@Suite(
    "GitHub client: headers, redirects, the token never shown", .enabled(if: FakeGitHubAPI.isAvailable, "needs python3")
)
struct GitHubClientSecurityTests {
    /// The headers the server received, from the echo route's page.
    func echoedHeaders(_ client: GitHubClient, route name: String = "echo-headers") async throws -> [String: String] {
        let page = try await client.searchRepositories(route(name))
        return Dictionary(page.items.map { ($0.name, $0.description ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    @Test func requestHeaders() async throws {
        try await FakeGitHubAPI.with { api in
            let headers = try await echoedHeaders(api.client())
            #expect(headers["accept"] == "application/vnd.github+json")
            #expect(headers["x-github-api-version"] == "2022-11-28")
            #expect(headers["user-agent"] == "YajlMapper-GitHubClient")
            #expect(headers["authorization"] == "Bearer \(FakeGitHubAPI.token)")
            let anonymous = try await echoedHeaders(api.client(token: nil))
            #expect(anonymous["authorization"] == nil)
            #expect(anonymous["accept"] == "application/vnd.github+json")
        }
    }

    @Test func sameHostRedirectKeepsAuthorization() async throws {
        try await FakeGitHubAPI.with { api in
            let headers = try await echoedHeaders(api.client(), route: "redirect-same")
            #expect(headers["host"] == "127.0.0.1:\(api.baseURL.port!)")
            #expect(headers["authorization"] == "Bearer \(FakeGitHubAPI.token)")
        }
    }

    @Test func otherHostRedirectDropsAuthorization() async throws {
        try await FakeGitHubAPI.with { api in
            let headers = try await echoedHeaders(api.client(), route: "redirect-other")
            #expect(headers["host"] == "\(api.otherBaseURL.host!):\(api.otherBaseURL.port!)")
            #expect(headers["authorization"] == nil)
            #expect(headers["accept"] == "application/vnd.github+json")
        }
    }

    @Test func tokenNeverInAnyError() async throws {
        try await FakeGitHubAPI.with { api in
            var errors: [Error] = []
            let routes = [
                "rate-limit", "rate-limit-429", "secondary", "retry-after", "invalid", "server-error",
                "server-html", "not-json", "truncated", "bad-shape", "echo-message", "echo-422",
                "echo-rate-limit", "echo-secondary", "nonexistent-route",
            ]
            for name in routes {
                if let error = await thrownError({ try await api.client().searchRepositories(route(name)) }) {
                    errors.append(error)
                } else {
                    Issue.record("\(name) did not fail")
                }
            }
            let failing: [(GitHubClient, GitHubSearchQuery)] = [
                (api.client(path: "/nowhere"), route("ok")),
                (api.client(requestTimeout: 0.3), route("slow")),
                (
                    GitHubClient(baseURL: URL(string: "http://127.0.0.1:\(closedPort())")!, token: FakeGitHubAPI.token),
                    route("ok")
                ),
                (api.client(), GitHubSearchQuery("")),
            ]
            for (client, query) in failing {
                if let error = await thrownError({ try await client.searchRepositories(query) }) {
                    errors.append(error)
                }
            }
            if let error = await thrownError({
                try await api.client().userRepositories(GitHubUserRepositoriesQuery(user: "not-array"))
            }) {
                errors.append(error)
            }
            #expect(errors.count == routes.count + 5)
            for error in errors {
                let text = everyRendering(error)
                #expect(!text.contains(FakeGitHubAPI.token), "token in: \(error)")
                #expect(!text.contains("s3cr3t"), "part of the token in: \(error)")
            }
            // The echo routes did send the token back: it was redacted, not missing.
            let echoed = errors.map { "\($0)" }.filter { $0.contains("Bearer <redacted>") }
            #expect(echoed.count == 4)
        }
    }

    @Test func tokenNeverInTheClientsDescriptions() throws {
        let client = GitHubClient(baseURL: URL(string: "http://127.0.0.1:1")!, token: FakeGitHubAPI.token)
        let configuration = client.configuration
        for value in [client as Any, configuration, configuration.token as Any] {
            let text = everyRendering(value)
            #expect(!text.contains(FakeGitHubAPI.token), "token in: \(text)")
            #expect(text.contains("<redacted>"))
        }
        #expect(configuration.token?.value == FakeGitHubAPI.token)
    }
}

@Suite("GitHub client configuration")
struct GitHubClientConfigurationTests {
    @Test func defaults() throws {
        let configuration = try GitHubClientConfiguration.fromEnvironment([:])
        #expect(configuration.baseURL.absoluteString == "https://api.github.com")
        #expect(configuration.token == nil)
        #expect(configuration.strict)
    }

    @Test func environment() throws {
        let configuration = try GitHubClientConfiguration.fromEnvironment(
            ["GITHUB_API_URL": "http://127.0.0.1:8080/api/v3", "GITHUB_TOKEN": " \(FakeGitHubAPI.token)\n"])
        #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:8080/api/v3")
        #expect(configuration.token?.value == FakeGitHubAPI.token)
        #expect(try GitHubClientConfiguration.fromEnvironment(["GITHUB_TOKEN": "  "]).token == nil)
        // An explicit URL wins.
        let explicit = try GitHubClientConfiguration.fromEnvironment(
            ["GITHUB_API_URL": "http://a.example"], apiURL: "https://b.example")
        #expect(explicit.baseURL.host == "b.example")
        let url = try configuration.api.url(for: .searchRepositories(GitHubSearchQuery("x")))
        #expect(url.absoluteString == "http://127.0.0.1:8080/api/v3/search/repositories?q=x")
    }

    @Test func tokenFileWinsOverTheEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        try Data("\(FakeGitHubAPI.token)\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let configuration = try GitHubClientConfiguration.fromEnvironment(
            ["GITHUB_TOKEN": "other"], tokenFile: file.path)
        #expect(configuration.token?.value == FakeGitHubAPI.token)
    }

    @Test func badConfiguration() throws {
        let missing = "/nonexistent/\(UUID().uuidString)"
        #expect(throws: GitHubClientError.self) {
            try GitHubClientConfiguration.fromEnvironment([:], tokenFile: missing)
        }
        do {
            _ = try GitHubClientConfiguration.fromEnvironment([:], apiURL: "ftp://example.com")
            Issue.record("an ftp URL was accepted")
        } catch {
            #expect("\(error)" == "invalid configuration: not an http(s) API URL: ftp://example.com")
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        try Data("\n".utf8).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: GitHubClientError.self) {
            try GitHubClientConfiguration.fromEnvironment([:], tokenFile: empty.path)
        }
    }
}
