import GitHubModels
import GitHubRequests

/// Runs a search as the user types: turns a sequence of query edits into a sequence of
/// ``SearchState``s, searching with an injected client on an injected clock.
///
/// For each edit the driver reports the edited state at once, then:
/// - ignores a query shorter than ``minimumQueryLength`` characters (trimmed);
/// - waits until typing pauses for ``debounce`` before searching;
/// - skips a query equal to the one searched before (unless that search failed or was
///   cancelled, or the query was cleared in between);
/// - cancels the request in flight as soon as the query changes, and ignores whatever a
///   cancelled request returns, so a stale response never overwrites a newer query;
/// - on ``SearchInput/loadMore``, loads the page after the ones shown (the one its `Link`
///   header names, ``pageSize`` results a page, up to GitHub's 1,000), one page at a time;
/// - on ``SearchInput/refresh``, searches the current query again from its first page.
///
/// ```swift
/// let (edits, typing) = AsyncStream.makeStream(of: String.self)
/// let driver = SearchDriver(client: client)
/// Task { for await state in driver.states(for: edits) { render(state) } }
/// typing.yield("tetris")
/// ```
public struct SearchDriver: Sendable {
    /// Queries shorter than this (trimmed) are not searched: 3.
    public static let defaultMinimumQueryLength = 3
    /// How long typing must pause before a search: half a second.
    public static let defaultDebounce: Duration = .milliseconds(500)
    /// Results per page when the query does not say: GitHub's default, 30.
    public static let pageSize = 30

    /// Runs the searches.
    public var client: any RepositorySearching
    /// Measures the pause in typing; a test clock in tests.
    public var clock: any Clock<Duration>
    /// Queries shorter than this, trimmed, are not searched.
    public var minimumQueryLength: Int
    /// How long typing must pause before a search.
    public var debounce: Duration
    /// Turns the trimmed text into a search; ``mostStarred(_:)`` by default.
    public var makeQuery: @Sendable (String) -> GitHubSearchQuery

    /// Creates a driver.
    /// - Parameters:
    ///   - client: runs the searches.
    ///   - clock: measures the pause in typing (`ContinuousClock` by default).
    ///   - minimumQueryLength: the shortest query searched, in characters, trimmed.
    ///   - debounce: how long typing must pause before a search.
    ///   - makeQuery: turns the trimmed text into a search.
    public init(
        client: any RepositorySearching, clock: any Clock<Duration> = ContinuousClock(),
        minimumQueryLength: Int = SearchDriver.defaultMinimumQueryLength,
        debounce: Duration = SearchDriver.defaultDebounce,
        makeQuery: @escaping @Sendable (String) -> GitHubSearchQuery = SearchDriver.mostStarred
    ) {
        self.client = client
        self.clock = clock
        self.minimumQueryLength = minimumQueryLength
        self.debounce = debounce
        self.makeQuery = makeQuery
    }

    /// The seed app's search: the text, sorted by stars, most first.
    /// - Parameter text: the trimmed text.
    /// - Returns: `GitHubSearchQuery(text, sort: .stars, order: .desc)`.
    @Sendable public static func mostStarred(_ text: String) -> GitHubSearchQuery {
        GitHubSearchQuery(text, sort: .stars, order: .desc)
    }

    /// The states of a search driven by query edits.
    ///
    /// The first element is `initial`; then one state per edit and per search started or
    /// finished (unless nothing changed). When `edits` ends, the stream ends once the pending
    /// pause has elapsed and every request (cancelled ones included) has returned. Stopping
    /// the iteration (or cancelling its task) cancels the pending pause and every request.
    /// - Parameters:
    ///   - edits: the text of the search field after each edit.
    ///   - initial: the state to start from.
    /// - Returns: the states, in order.
    public func states<Edits: AsyncSequence & Sendable>(
        for edits: Edits, initial: SearchState = SearchState()
    )
        -> AsyncStream<SearchState> where Edits.Element == String
    {
        states(initial: initial) { inbox in
            for try await text in edits { inbox.yield(.input(.edit(text))) }
        }
    }

    /// The states of a search driven by the user's inputs: edits, requests for the next page,
    /// refreshes; otherwise as the form that takes only the edits.
    /// - Parameters:
    ///   - inputs: what the user does, in order.
    ///   - initial: the state to start from.
    /// - Returns: the states, in order.
    public func states<Inputs: AsyncSequence & Sendable>(
        for inputs: Inputs, initial: SearchState = SearchState()
    )
        -> AsyncStream<SearchState> where Inputs.Element == SearchInput
    {
        states(initial: initial) { inbox in
            for try await input in inputs { inbox.yield(.input(input)) }
        }
    }

    /// Reads the inputs into the loop's inbox and runs the loop.
    private func states(
        initial: SearchState,
        read: @escaping @Sendable (AsyncStream<SearchLoopMessage>.Continuation) async throws -> Void
    ) -> AsyncStream<SearchState> {
        let (states, output) = AsyncStream.makeStream(of: SearchState.self)
        let (messages, inbox) = AsyncStream.makeStream(of: SearchLoopMessage.self)
        let reader = Task {
            do {
                try await read(inbox)
            } catch {}
            inbox.yield(.inputsFinished)
        }
        let driver = self
        let loop = Task {
            await driver.run(messages: messages, inbox: inbox, output: output, initial: initial)
            reader.cancel()
        }
        output.onTermination = { _ in
            loop.cancel()
            reader.cancel()
        }
        return states
    }

    /// Opens the clock and runs the loop until it is done or cancelled.
    private func run(
        messages: AsyncStream<SearchLoopMessage>, inbox: AsyncStream<SearchLoopMessage>.Continuation,
        output: AsyncStream<SearchState>.Continuation, initial: SearchState
    ) async {
        await runLoop(clock: clock, messages: messages, inbox: inbox, output: output, initial: initial)
    }

    private func runLoop<C: Clock>(
        clock: C, messages: AsyncStream<SearchLoopMessage>,
        inbox: AsyncStream<SearchLoopMessage>.Continuation,
        output: AsyncStream<SearchState>.Continuation,
        initial: SearchState
    ) async where C.Duration == Duration {
        var loop = SearchLoop(driver: self, clock: clock, inbox: inbox, output: output, state: initial)
        output.yield(initial)
        for await message in messages {
            loop.handle(message)
            if loop.isDone { break }
        }
        loop.cancelAll()
        inbox.finish()
        output.finish()
    }
}
