import GitHubModels

/// What the driver's loop reacts to, one at a time, in the order they arrive.
enum SearchLoopMessage: Sendable {
    /// The search field's text after an edit.
    case edit(String)
    /// The edits ended.
    case editsFinished
    /// The pause in typing armed with this number elapsed.
    case pauseEnded(pause: Int)
    /// The request with this number returned (cancelled requests too).
    case response(request: Int, query: String, Result<GitHubRepositories, SearchError>)
}

/// The driver's state machine around ``SearchState/reduce(_:_:)``: the pending pause, the
/// request in flight and the last query searched. Owned by one task, so it needs no locks;
/// timers and requests run in their own tasks and report back through `inbox`.
struct SearchLoop<C: Clock> where C.Duration == Duration {
    let driver: SearchDriver
    let clock: C
    let inbox: AsyncStream<SearchLoopMessage>.Continuation
    let output: AsyncStream<SearchState>.Continuation
    private(set) var state: SearchState

    /// The pause being waited for: its number, the query it would search, its timer.
    private var pause: (number: Int, query: String, timer: Task<Void, Never>)?
    private var pausesArmed = 0
    /// The request whose response is wanted.
    private var inFlight: (number: Int, query: String, task: Task<Void, Never>)?
    /// Every request that has not returned yet, cancelled ones included; cancelled on shutdown.
    private var running: [Int: Task<Void, Never>] = [:]
    private var requestsStarted = 0
    /// The query last searched, to skip searching it again; cleared when that search fails
    /// or is cancelled, and when the query is cleared.
    private var lastSearched: String?
    private var editsFinished = false

    init(
        driver: SearchDriver, clock: C, inbox: AsyncStream<SearchLoopMessage>.Continuation,
        output: AsyncStream<SearchState>.Continuation, state: SearchState
    ) {
        self.driver = driver
        self.clock = clock
        self.inbox = inbox
        self.output = output
        self.state = state
    }

    /// The edits ended, no pause is pending and every request has returned.
    var isDone: Bool { editsFinished && pause == nil && running.isEmpty }

    /// Reacts to one message: an edit, the end of the edits, a pause or a response.
    mutating func handle(_ message: SearchLoopMessage) {
        switch message {
        case .edit(let text):
            edited(text)
        case .editsFinished:
            editsFinished = true
        case .pauseEnded(let number):
            guard let pause, pause.number == number else { return }
            self.pause = nil
            search(pause.query)
        case .response(let number, let query, let result):
            running[number] = nil
            guard let inFlight, inFlight.number == number else { return }
            self.inFlight = nil
            if case .failure = result { lastSearched = nil }
            apply(.responseArrived(query: query, result))
        }
    }

    /// Cancels what the edit makes stale, waits for a pause to search it, then shows it.
    ///
    /// The state is reported last, so whoever sees it can rely on the effects being in place
    /// (the pause's deadline is taken from the clock before the edit is shown).
    private mutating func edited(_ text: String) {
        let query = text.trimmingWhiteSpace
        pause?.timer.cancel()
        pause = nil
        if let inFlight, inFlight.query != query {
            inFlight.task.cancel()
            self.inFlight = nil
            if lastSearched == inFlight.query { lastSearched = nil }
        }
        if query.isEmpty { lastSearched = nil }
        if query.count >= driver.minimumQueryLength {
            pausesArmed += 1
            let number = pausesArmed
            let deadline = clock.now.advanced(by: driver.debounce)
            let timer = Task { [clock, inbox] in
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                } catch {
                    return
                }
                inbox.yield(.pauseEnded(pause: number))
            }
            pause = (number, query, timer)
        }
        apply(.queryChanged(text))
    }

    /// Starts a request for the query unless it is the one searched last.
    private mutating func search(_ query: String) {
        guard query != lastSearched else { return }
        inFlight?.task.cancel()
        lastSearched = query
        requestsStarted += 1
        let number = requestsStarted
        let request = driver.makeQuery(query)
        let task = Task { [client = driver.client, inbox] in
            let result: Result<GitHubRepositories, SearchError>
            do {
                result = .success(try await client.search(request))
            } catch {
                result = .failure(SearchError(error))
            }
            inbox.yield(.response(request: number, query: query, result))
        }
        inFlight = (number, query, task)
        running[number] = task
        apply(.loadingStarted(query: query))
    }

    /// Reduces and reports the new state when it changed.
    private mutating func apply(_ event: SearchEvent) {
        let next = SearchState.reduce(state, event)
        guard next != state else { return }
        state = next
        output.yield(next)
    }

    /// Cancels the pending pause and every request still running.
    mutating func cancelAll() {
        pause?.timer.cancel()
        pause = nil
        for task in running.values { task.cancel() }
        running = [:]
        inFlight = nil
    }
}
