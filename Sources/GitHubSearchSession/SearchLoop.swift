import GitHubModels
import GitHubRequests

/// What the driver's loop reacts to, one at a time, in the order they arrive.
enum SearchLoopMessage: Sendable {
    /// What the user did.
    case input(SearchInput)
    /// The inputs ended.
    case inputsFinished
    /// The pause in typing armed with this number elapsed.
    case pauseEnded(pause: Int)
    /// The request with this number returned (cancelled requests too); `more` for a next page.
    case response(request: Int, query: String, more: Bool, Result<GitHubSearchPage, SearchError>)
}

/// The driver's state machine around ``SearchState/reduce(_:_:)``: the pending pause, the
/// requests in flight, the last query searched and where its pages stand. Owned by one task,
/// so it needs no locks; timers and requests run in their own tasks and report back through
/// `inbox`.
struct SearchLoop<C: Clock> where C.Duration == Duration {
    /// A request in flight: its number, the query text it is for, its task.
    typealias Request = (number: Int, query: String, task: Task<Void, Never>)

    let driver: SearchDriver
    let clock: C
    let inbox: AsyncStream<SearchLoopMessage>.Continuation
    let output: AsyncStream<SearchState>.Continuation
    private(set) var state: SearchState

    /// The pause being waited for: its number, the query it would search, its timer.
    private var pause: (number: Int, query: String, timer: Task<Void, Never>)?
    private var pausesArmed = 0
    /// The first-page request whose response is wanted, and the query it sent.
    private var inFlight: Request?
    private var inFlightQuery: GitHubSearchQuery?
    /// The next-page request whose response is wanted.
    private var loadingMore: Request?
    /// Every request that has not returned yet, cancelled ones included; cancelled on shutdown.
    private var running: [Int: Task<Void, Never>] = [:]
    private var requestsStarted = 0
    /// The query last searched, to skip searching it again; cleared when that search fails
    /// or is cancelled, and when the query is cleared.
    private var lastSearched: String?
    /// The pages of the results shown: the query text they are for, and where they stand.
    private var paging: (query: String, paging: GitHubSearchPaging)?
    /// The trimmed text of the last edit: what a refresh searches.
    private var current = ""
    private var inputsFinished = false

    init(
        driver: SearchDriver, clock: C, inbox: AsyncStream<SearchLoopMessage>.Continuation,
        output: AsyncStream<SearchState>.Continuation, state: SearchState
    ) {
        self.driver = driver
        self.clock = clock
        self.inbox = inbox
        self.output = output
        self.state = state
        current = state.searchText
    }

    /// The inputs ended, no pause is pending and every request has returned.
    var isDone: Bool { inputsFinished && pause == nil && running.isEmpty }

    /// Reacts to one message: an input, the end of the inputs, a pause or a response.
    mutating func handle(_ message: SearchLoopMessage) {
        switch message {
        case .input(.edit(let text)):
            edited(text)
        case .input(.loadMore):
            loadMore()
        case .input(.refresh):
            refresh()
        case .inputsFinished:
            inputsFinished = true
        case .pauseEnded(let number):
            guard let pause, pause.number == number else { return }
            self.pause = nil
            search(pause.query)
        case .response(let number, let query, let more, let result):
            running[number] = nil
            if more {
                guard let loadingMore, loadingMore.number == number else { return }
                self.loadingMore = nil
                arrivedMore(query, result)
            } else {
                guard let inFlight, inFlight.number == number, let sent = inFlightQuery else { return }
                self.inFlight = nil
                arrived(query, sent, result)
            }
        }
    }

    /// Cancels what the edit makes stale, waits for a pause to search it, then shows it.
    ///
    /// The state is reported last, so whoever sees it can rely on the effects being in place
    /// (the pause's deadline is taken from the clock before the edit is shown).
    private mutating func edited(_ text: String) {
        let query = text.trimmingSpaces
        current = query
        pause?.timer.cancel()
        pause = nil
        if let inFlight, inFlight.query != query {
            inFlight.task.cancel()
            self.inFlight = nil
            if lastSearched == inFlight.query { lastSearched = nil }
        }
        if let loadingMore, loadingMore.query != query {
            loadingMore.task.cancel()
            self.loadingMore = nil
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

    /// Searches the current query again from its first page, without waiting for a pause.
    private mutating func refresh() {
        guard current.count >= driver.minimumQueryLength else { return }
        pause?.timer.cancel()
        pause = nil
        loadingMore?.task.cancel()
        loadingMore = nil
        lastSearched = nil
        search(current)
    }

    /// Starts a request for the query's first page unless it is the one searched last.
    private mutating func search(_ query: String) {
        guard query != lastSearched else { return }
        inFlight?.task.cancel()
        lastSearched = query
        var request = driver.makeQuery(query)
        request.perPage = request.perPage ?? SearchDriver.pageSize
        inFlight = start(request, for: query, more: false)
        inFlightQuery = request
        apply(.loadingStarted(query: query))
    }

    /// Starts a request for the next page of the results shown, unless one is running, the
    /// first page is still on its way, or there is no next page.
    private mutating func loadMore() {
        guard inFlight == nil, loadingMore == nil, let paging, paging.query == current,
            let request = paging.paging.next
        else { return }
        loadingMore = start(request, for: current, more: true)
        apply(.loadingMoreStarted(query: current))
    }

    /// Runs a request in a task of its own, which reports back through the inbox.
    private mutating func start(_ request: GitHubSearchQuery, for query: String, more: Bool) -> Request {
        requestsStarted += 1
        let number = requestsStarted
        let task = Task { [client = driver.client, inbox] in
            let result: Result<GitHubSearchPage, SearchError>
            do {
                result = .success(try await client.searchPage(request))
            } catch {
                result = .failure(SearchError(error))
            }
            inbox.yield(.response(request: number, query: query, more: more, result))
        }
        running[number] = task
        return (number, query, task)
    }

    /// The first page: starts the paging of the results shown.
    private mutating func arrived(
        _ query: String, _ sent: GitHubSearchQuery, _ result: Result<GitHubSearchPage, SearchError>
    ) {
        switch result {
        case .success(let page):
            // No limit of its own: the last page or GitHub's cap ends the results.
            var pages = GitHubSearchPaging(sent, limit: .max)
            let kept = kept(page, by: &pages)
            paging = (query, pages)
            apply(.responseArrived(query: query, .success(kept), info: info(pages, page)))
        case .failure(let error):
            lastSearched = nil
            apply(.responseArrived(query: query, .failure(error)))
        }
    }

    /// A next page: its repositories follow the ones shown.
    private mutating func arrivedMore(_ query: String, _ result: Result<GitHubSearchPage, SearchError>) {
        guard var pages = paging?.paging, paging?.query == query else { return }
        switch result {
        case .success(let page):
            let kept = kept(page, by: &pages)
            paging = (query, pages)
            apply(.moreArrived(query: query, .success(kept), info: info(pages, page)))
        case .failure(let error) where GitHubSearchPaging.isResultCapMessage(error.message):
            // GitHub refused a page past its cap: the results end here.
            pages.endAtResultCap()
            paging = (query, pages)
            let empty = GitHubRepositories(
                totalCount: state.totalCount ?? 0, incompleteResults: state.incompleteResults)
            apply(.moreArrived(query: query, .success(empty), info: info(pages, nil)))
        case .failure(let error):
            apply(.moreArrived(query: query, .failure(error), info: info(pages, nil)))
        }
    }

    /// The page's repositories the paging keeps.
    private func kept(_ page: GitHubSearchPage, by paging: inout GitHubSearchPaging) -> GitHubRepositories {
        var repositories = page.repositories
        let count = paging.advance(
            itemCount: repositories.items.count, totalCount: repositories.totalCount, nextPage: page.nextPage)
        repositories.items.removeSubrange(count...)
        return repositories
    }

    /// What the paging and the page's headers say follows.
    private func info(_ paging: GitHubSearchPaging, _ page: GitHubSearchPage?) -> SearchPageInfo {
        SearchPageInfo(
            hasMore: paging.next != nil, reachedCap: paging.end == .resultCap, rateLimit: page?.rateLimit)
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
        loadingMore = nil
    }
}
