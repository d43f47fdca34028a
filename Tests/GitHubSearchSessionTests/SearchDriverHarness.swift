import GitHubModels
import GitHubRequests
import GitHubSearchSession

/// A driver on a test clock and a fake client, with a keyboard (`type`) and a screen (`next`).
struct SearchDriverHarness {
    let clock = TestClock()
    let client: FakeSearchClient
    private let keyboard: AsyncStream<SearchInput>.Continuation
    private var screen: AsyncStream<SearchState>.Iterator

    init(
        _ client: FakeSearchClient, minimumQueryLength: Int = SearchDriver.defaultMinimumQueryLength,
        initial: SearchState = SearchState(),
        makeQuery: @escaping @Sendable (String) -> GitHubSearchQuery = SearchDriver.mostStarred
    ) {
        self.client = client
        let (inputs, keyboard) = AsyncStream.makeStream(of: SearchInput.self)
        self.keyboard = keyboard
        let driver = SearchDriver(
            client: client, clock: clock, minimumQueryLength: minimumQueryLength, makeQuery: makeQuery)
        screen = driver.states(for: inputs, initial: initial).makeAsyncIterator()
    }

    /// The next state the driver reports; `nil` once the stream has ended.
    mutating func next() async -> SearchState? {
        await screen.next()
    }

    /// Types the whole text of the search field and returns the state it shows.
    mutating func type(_ text: String) async -> SearchState? {
        keyboard.yield(.edit(text))
        return await next()
    }

    /// Types without waiting for a state (for edits that change nothing).
    func typeSilently(_ text: String) {
        keyboard.yield(.edit(text))
    }

    /// Asks for the next page (or refreshes) without waiting for a state.
    func send(_ input: SearchInput) {
        keyboard.yield(input)
    }

    /// Moves the test clock forward.
    func advance(milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds))
    }

    /// Ends the typing.
    func endTyping() {
        keyboard.finish()
    }

    /// Every state reported until the stream ends.
    mutating func remaining() async -> [SearchState] {
        var rest: [SearchState] = []
        while let state = await next() { rest.append(state) }
        return rest
    }

    /// Ends the typing and returns every state reported until the stream ends.
    mutating func finish() async -> [SearchState] {
        endTyping()
        return await remaining()
    }
}

/// Lets other tasks run for a moment (to check that nothing happens: never a wait for something
/// to happen, which the tests do with the fake client's `waitUntil` or the states themselves).
func settle() async {
    for _ in 0..<200 { await Task.yield() }
}
