import GitHubModels
import GitHubRequests
import GitHubSearchSession

/// A search client for tests: answers each query text as told, records every call and every
/// cancellation, and can hold a request until the test releases it.
final class FakeSearchClient: RepositorySearching {
    /// How to answer a query.
    enum Reply {
        /// Return this page at once.
        case page(GitHubRepositories)
        /// Throw this error at once.
        case failure(any Error)
        /// Wait until ``release(_:with:)``; when cancelled, record it and, if `honoursCancellation`,
        /// throw `CancellationError` at once (else keep waiting for the release, like a slow
        /// server whose response is already on its way).
        case held(honoursCancellation: Bool)
        /// Answer `searchPage` with the page of the query's number (the first without one); an
        /// empty last page past them.
        case pages([GitHubSearchPage])
    }

    private struct Held {
        var id: Int
        var text: String
        var continuation: CheckedContinuation<GitHubRepositories, any Error>
        var honoursCancellation: Bool
    }

    private struct State {
        var replies: [String: Reply] = [:]
        var calls: [GitHubSearchQuery] = []
        var cancelled: [String] = []
        /// Held requests, oldest first.
        var held: [Held] = []
        var nextID = 0
        var cancelledIDs: Set<Int> = []
        var releasedEarly: [String: [Result<GitHubRepositories, any Error>]] = [:]
        var waiters: [(condition: @Sendable (Snapshot) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// What a test can look at.
    struct Snapshot: Sendable {
        var calls: [GitHubSearchQuery]
        var cancelled: [String]
        /// The texts of the held requests, oldest first.
        var held: [String]
        var texts: [String] { calls.map(\.text) }
    }

    private let state = Locked(State())

    init(_ replies: [String: Reply] = [:]) {
        state.withLock { $0.replies = replies }
    }

    var snapshot: Snapshot { state.withLock { Self.snapshot($0) } }

    private static func snapshot(_ state: State) -> Snapshot {
        Snapshot(calls: state.calls, cancelled: state.cancelled, held: state.held.map(\.text))
    }

    func search(_ query: GitHubSearchQuery) async throws -> GitHubRepositories {
        let reply = change { state in
            state.calls.append(query)
            return state.replies[query.text] ?? .page(GitHubRepositories())
        }
        switch reply {
        case .page(let page):
            return page
        case .pages(let pages):
            return pages.first?.repositories ?? GitHubRepositories()
        case .failure(let error):
            throw error
        case .held(let honoursCancellation):
            let text = query.text
            let id = change { state in
                state.nextID += 1
                return state.nextID
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let early: Result<GitHubRepositories, any Error>? = change { state in
                        if honoursCancellation, state.cancelledIDs.contains(id) { return .failure(CancellationError()) }
                        if var queued = state.releasedEarly[text], !queued.isEmpty {
                            let early = queued.removeFirst()
                            state.releasedEarly[text] = queued
                            return early
                        }
                        state.held.append(
                            Held(
                                id: id, text: text, continuation: continuation,
                                honoursCancellation: honoursCancellation))
                        return nil
                    }
                    if let early { continuation.resume(with: early) }
                }
            } onCancel: {
                let held = change { state in
                    state.cancelled.append(text)
                    state.cancelledIDs.insert(id)
                    guard let index = state.held.firstIndex(where: { $0.id == id }),
                        state.held[index].honoursCancellation
                    else { return nil as Held? }
                    return state.held.remove(at: index)
                }
                held?.continuation.resume(throwing: CancellationError())
            }
        }
    }

    func searchPage(_ query: GitHubSearchQuery) async throws -> GitHubSearchPage {
        let pages: [GitHubSearchPage]? = change { state in
            guard case .pages(let pages)? = state.replies[query.text] else { return nil }
            state.calls.append(query)
            return pages
        }
        guard let pages else { return GitHubSearchPage(repositories: try await search(query)) }
        let index = (query.page ?? 1) - 1
        return pages.indices.contains(index) ? pages[index] : GitHubSearchPage(repositories: GitHubRepositories())
    }

    /// Changes the answer for a text, for the calls to come.
    func setReply(_ reply: Reply, for text: String) {
        change { $0.replies[text] = reply }
    }

    /// Answers the oldest held request for this text (or the next one, if none is held yet).
    func release(_ text: String, with result: Result<GitHubRepositories, any Error>) {
        let held = change { state in
            guard let index = state.held.firstIndex(where: { $0.text == text }) else {
                state.releasedEarly[text, default: []].append(result)
                return nil as Held?
            }
            return state.held.remove(at: index)
        }
        held?.continuation.resume(with: result)
    }

    /// Suspends until the condition holds (checked after every change).
    func waitUntil(_ condition: @escaping @Sendable (Snapshot) -> Bool) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if condition(Self.snapshot(state)) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Changes the state, then wakes the waiters whose condition now holds.
    @discardableResult
    private func change<T>(_ body: (inout State) -> T) -> T {
        let (result, ready) = state.withLock { state in
            let result = body(&state)
            let snapshot = Self.snapshot(state)
            var ready: [CheckedContinuation<Void, Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.condition(snapshot) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return (result, ready)
        }
        for continuation in ready { continuation.resume() }
        return result
    }
}
