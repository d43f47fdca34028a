import Foundation
import GitHubClient
import GitHubModels
import GitHubRequests
import Testing

@Suite("GitHub client: connections, timeouts, cancellation", .enabled(if: FakeGitHubAPI.isAvailable, "needs python3"))
struct GitHubClientTransportTests {
    @Test func offline() async throws {
        let port = closedPort()
        let client = GitHubClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, token: FakeGitHubAPI.token, requestTimeout: 5)
        let error = await thrownError { try await client.searchRepositories(route("ok")) }
        guard case .cannotConnect(let host, _)? = error as? GitHubClientError else {
            Issue.record("expected cannot connect, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1:\(port)")
        #expect("\(error!)".hasPrefix("cannot connect to 127.0.0.1:\(port): "))
    }

    @Test func idleTimeoutBeforeTheHeaders() async throws {
        try await FakeGitHubAPI.with { api in
            // The slow route answers after 30 s: a timeout error (not the page) shows the
            // client gave up first. No wall-clock bound: machines here are noisy.
            let error = await thrownError {
                try await api.client(requestTimeout: 0.5).searchRepositories(route("slow"))
            }
            guard case .timedOut(let seconds)? = error as? GitHubClientError else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(seconds == 0.5)
            #expect("\(error!)" == "the request timed out (no answer within 0.5 s)")
        }
    }

    @Test func idleTimeoutInTheBody() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError {
                try await api.client(requestTimeout: 0.5).searchRepositories(route("slow-body"))
            }
            guard case .timedOut? = error as? GitHubClientError else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func wholeRequestTimeout() async throws {
        try await FakeGitHubAPI.with { api in
            let error = await thrownError {
                try await api.client(requestTimeout: 10, resourceTimeout: 1).searchRepositories(route("slow"))
            }
            guard case .timedOut? = error as? GitHubClientError else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func cancellingAnInFlightRequest() async throws {
        try await FakeGitHubAPI.with { api in
            // No timeout and no answer can come first, however late a loaded machine runs the
            // cancel: the hang route answers after 600 s, the client waits 900 s.
            let client = api.client(requestTimeout: 900, resourceTimeout: 900)
            let task = Task { try await client.searchRepositories(route("hang")) }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            // A failure, not the page: the request stopped.
            let result = await task.result
            guard case .failure(let error) = result else {
                Issue.record("the cancelled request succeeded")
                return
            }
            #expect(error is CancellationError, "got \(error)")
            // The client still works afterwards.
            #expect(try await client.searchRepositories(route("ok")).items.count == 2)
        }
    }

    @Test func cancelledBeforeStarting() async throws {
        let client = GitHubClient(baseURL: URL(string: "http://127.0.0.1:\(closedPort())")!)
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await client.searchRepositories(route("ok"))
        }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("the cancelled request succeeded")
            return
        }
        #expect(error is CancellationError, "got \(error)")
    }
}
