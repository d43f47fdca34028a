import GitHubModels
import GitHubRequests
import GitHubSearchSession
import Testing

@Suite("Search driver")
struct SearchDriverTests {
    let swiftPage = page(2, repository("x/swift-lint", stars: 10), repository("apple/swift", stars: 60000))
    let rustPage = page(1234, repository("rust-lang/rust", stars: 90000))

    /// What the screen shows for a page of results.
    func showing(_ query: String, _ page: GitHubRepositories) -> SearchState {
        SearchState.reduce(SearchState(query: query), .responseArrived(query: query.trimmedForTests, .success(page)))
    }

    // MARK: Start and end

    @Test func startsWithTheInitialState() async {
        var harness = SearchDriverHarness(FakeSearchClient())
        #expect(await harness.next() == SearchState())
        #expect(await harness.finish().isEmpty)

        let initial = SearchState(query: "kept", title: "7 results", totalCount: 7)
        var custom = SearchDriverHarness(FakeSearchClient(), initial: initial)
        #expect(await custom.next() == initial)
        #expect(await custom.finish().isEmpty)
    }

    @Test func endingTheEditsWaitsForThePauseAndTheSearch() async {
        let client = FakeSearchClient(["swift": .page(swiftPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.typeSilently("swift")
        harness.endTyping()
        await settle()
        harness.advance(milliseconds: 500)
        let rest = await harness.remaining()
        #expect(rest == [SearchState(query: "swift", isLoading: true), showing("swift", swiftPage)])
        #expect(client.snapshot.texts == ["swift"])
    }

    // MARK: Debounce

    @Test func rapidEditsSearchOnceAfterThePause() async {
        let client = FakeSearchClient(["swift": .page(swiftPage)])
        var harness = SearchDriverHarness(client)
        #expect(await harness.next() == SearchState())
        #expect(await harness.type("swi") == SearchState(query: "swi"))
        harness.advance(milliseconds: 200)
        #expect(await harness.type("swif") == SearchState(query: "swif"))
        harness.advance(milliseconds: 499)
        #expect(await harness.type("swift") == SearchState(query: "swift"))
        harness.advance(milliseconds: 499)
        await settle()
        #expect(client.snapshot.calls.isEmpty)
        harness.advance(milliseconds: 1)
        #expect(await harness.next() == SearchState(query: "swift", isLoading: true))
        let shown = await harness.next()
        #expect(shown == showing("swift", swiftPage))
        #expect(shown?.title == "2 results")
        #expect(shown?.results.map(\.fullName) == ["apple/swift", "x/swift-lint"])
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift"])
    }

    @Test func eachPauseSearches() async {
        let client = FakeSearchClient(["swift": .page(swiftPage), "rust": .page(rustPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        #expect(await harness.next()?.isLoading == true)
        #expect(await harness.next() == showing("swift", swiftPage))
        var typed = showing("swift", swiftPage)
        typed.query = "rust"
        #expect(await harness.type("rust") == typed)
        harness.advance(milliseconds: 500)
        typed.isLoading = true
        #expect(await harness.next() == typed)
        #expect(await harness.next() == showing("rust", rustPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift", "rust"])
    }

    @Test func theSearchIsTheTrimmedTextByStars() async {
        let client = FakeSearchClient()
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("  hello world \n")
        harness.advance(milliseconds: 500)
        #expect(await harness.next()?.isLoading == true)
        #expect(await harness.next()?.title == "0 results")
        #expect(client.snapshot.calls == [GitHubSearchQuery("hello world", sort: .stars, order: .desc, perPage: 30)])
        #expect(SearchDriver.mostStarred("tetris") == GitHubSearchQuery("tetris", sort: .stars, order: .desc))
        #expect(await harness.finish().isEmpty)
    }

    @Test func theSettingsCanBeChanged() async {
        let client = FakeSearchClient()
        let clock = TestClock()
        let driver = SearchDriver(
            client: client, clock: clock, minimumQueryLength: 1, debounce: .seconds(2),
            makeQuery: { GitHubSearchQuery($0, qualifiers: [.language("swift")], perPage: 5) })
        #expect(driver.minimumQueryLength == 1)
        #expect(driver.debounce == .seconds(2))
        #expect(SearchDriver.defaultMinimumQueryLength == 3)
        #expect(SearchDriver.defaultDebounce == .milliseconds(500))
        let (edits, keyboard) = AsyncStream.makeStream(of: String.self)
        var screen = driver.states(for: edits).makeAsyncIterator()
        _ = await screen.next()
        keyboard.yield("x")
        #expect(await screen.next() == SearchState(query: "x"))
        clock.advance(by: .milliseconds(1999))
        await settle()
        #expect(client.snapshot.calls.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(await screen.next() == SearchState(query: "x", isLoading: true))
        #expect(await screen.next()?.title == "0 results")
        #expect(client.snapshot.calls == [GitHubSearchQuery("x", qualifiers: [.language("swift")], perPage: 5)])
        keyboard.finish()
        #expect(await screen.next() == nil)
    }

    // MARK: Minimum length

    @Test func shortQueriesAreNotSearched() async {
        let client = FakeSearchClient()
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        #expect(await harness.type("s") == SearchState(query: "s"))
        #expect(await harness.type("sw") == SearchState(query: "sw"))
        #expect(await harness.type("  sw   ") == SearchState(query: "  sw   "))
        #expect(await harness.type("s w") == SearchState(query: "s w"))
        harness.advance(milliseconds: 10_000)
        #expect(await harness.finish() == [SearchState(query: "s w", isLoading: true), showing("s w", page(0))])
        #expect(client.snapshot.texts == ["s w"])
    }

    @Test func shorteningTheQueryKeepsTheResultsAndDoesNotSearch() async {
        let client = FakeSearchClient(["swift": .page(swiftPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        _ = await harness.next()
        let shortened = await harness.type("sw")
        #expect(shortened?.results == showing("swift", swiftPage).results)
        #expect(shortened?.title == "2 results")
        harness.advance(milliseconds: 5000)
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift"])
    }

    // MARK: Distinct

    @Test func theSameQueryIsSearchedOnce() async {
        let client = FakeSearchClient(["swift": .page(swiftPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        #expect(await harness.next() == showing("swift", swiftPage))
        _ = await harness.type("swif")
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.type(" swift ")
        harness.advance(milliseconds: 500)
        harness.typeSilently(" swift ")
        harness.advance(milliseconds: 500)
        _ = await harness.type("sw")
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift"])
    }

    @Test func aClearedQueryIsSearchedAgain() async {
        let client = FakeSearchClient(["swift": .page(swiftPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        #expect(await harness.next() == showing("swift", swiftPage))
        #expect(await harness.type("") == SearchState())
        #expect(await harness.type("swift") == SearchState(query: "swift"))
        harness.advance(milliseconds: 500)
        #expect(await harness.next() == SearchState(query: "swift", isLoading: true))
        #expect(await harness.next() == showing("swift", swiftPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift", "swift"])
    }

    // MARK: Cancellation

    @Test func aNewerQueryCancelsTheSlowSearchAndItsLateResponseIsIgnored() async {
        let client = FakeSearchClient(["swift": .held(honoursCancellation: false), "rust": .page(rustPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        #expect(await harness.next() == SearchState(query: "swift", isLoading: true))
        await client.waitUntil { $0.held == ["swift"] }

        #expect(await harness.type("rust") == SearchState(query: "rust"))
        await client.waitUntil { $0.cancelled == ["swift"] }
        client.release("swift", with: .success(swiftPage))
        harness.advance(milliseconds: 500)
        #expect(await harness.next() == SearchState(query: "rust", isLoading: true))
        #expect(await harness.next() == showing("rust", rustPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift", "rust"])
        #expect(client.snapshot.cancelled == ["swift"])
    }

    @Test func aLateResponseIsIgnoredWhileTheNewerSearchRuns() async {
        let client = FakeSearchClient([
            "swift": .held(honoursCancellation: false),
            "rust": .held(honoursCancellation: true),
        ])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        _ = await harness.type("rust")
        harness.advance(milliseconds: 500)
        #expect(await harness.next() == SearchState(query: "rust", isLoading: true))
        await client.waitUntil { $0.held == ["swift", "rust"] }
        client.release("swift", with: .success(swiftPage))
        client.release("rust", with: .success(rustPage))
        #expect(await harness.next() == showing("rust", rustPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.cancelled == ["swift"])
    }

    @Test func aCancelledSearchIsIgnoredEvenForTheSameText() async {
        let stale = page(99, repository("stale/swift", stars: 1))
        let client = FakeSearchClient(["swift": .held(honoursCancellation: false)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        #expect(await harness.type("swif") == SearchState(query: "swif"))
        await client.waitUntil { $0.cancelled == ["swift"] }
        #expect(await harness.type("swift") == SearchState(query: "swift"))
        harness.advance(milliseconds: 500)
        #expect(await harness.next() == SearchState(query: "swift", isLoading: true))
        await client.waitUntil { $0.held == ["swift", "swift"] }
        client.release("swift", with: .success(stale))
        client.release("swift", with: .success(swiftPage))
        #expect(await harness.next() == showing("swift", swiftPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["swift", "swift"])
    }

    @Test func spacesAroundTheQueryDoNotCancelIt() async {
        let client = FakeSearchClient(["swift": .held(honoursCancellation: true)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        #expect(await harness.type("swift ") == SearchState(query: "swift ", isLoading: true))
        harness.advance(milliseconds: 500)
        await client.waitUntil { $0.held == ["swift"] }
        client.release("swift", with: .success(swiftPage))
        #expect(await harness.next() == showing("swift ", swiftPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.cancelled.isEmpty)
        #expect(client.snapshot.texts == ["swift"])
    }

    @Test func clearingTheQueryCancelsTheSearch() async {
        let client = FakeSearchClient(["swift": .held(honoursCancellation: true)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        #expect(await harness.type("") == SearchState())
        await client.waitUntil { $0.cancelled == ["swift"] }
        #expect(await harness.finish().isEmpty)
    }

    @Test func theErrorOfACancelledSearchIsIgnored() async {
        let client = FakeSearchClient(["swift": .held(honoursCancellation: true), "rust": .page(rustPage)])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        await client.waitUntil { $0.held == ["swift"] }
        _ = await harness.type("rust")
        await client.waitUntil { $0.cancelled == ["swift"] && $0.held.isEmpty }
        harness.advance(milliseconds: 500)
        let rest = await harness.finish()
        #expect(rest == [SearchState(query: "rust", isLoading: true), showing("rust", rustPage)])
        #expect(rest.allSatisfy { $0.lastError == nil })
    }

    @Test func stoppingTheIterationCancelsTheSearchAndThePause() async {
        let client = FakeSearchClient(["swift": .held(honoursCancellation: true)])
        let clock = TestClock()
        let driver = SearchDriver(client: client, clock: clock)
        let (edits, keyboard) = AsyncStream.makeStream(of: String.self)
        let (seen, screen) = AsyncStream.makeStream(of: SearchState.self)
        let consumer = Task {
            for await state in driver.states(for: edits) { screen.yield(state) }
            screen.finish()
        }
        var seenStates = seen.makeAsyncIterator()
        _ = await seenStates.next()
        keyboard.yield("swift")
        _ = await seenStates.next()
        clock.advance(by: .milliseconds(500))
        #expect(await seenStates.next() == SearchState(query: "swift", isLoading: true))
        await client.waitUntil { $0.held == ["swift"] }
        keyboard.yield("swiftui")
        #expect(await seenStates.next() == SearchState(query: "swiftui"))
        #expect(clock.sleeperCount <= 1)
        consumer.cancel()
        await client.waitUntil { $0.cancelled == ["swift"] }
        #expect(await seenStates.next() == nil)
        var sleepers = clock.sleeperCount
        for _ in 0..<10_000 where sleepers > 0 {
            await Task.yield()
            sleepers = clock.sleeperCount
        }
        #expect(sleepers == 0)
    }

    // MARK: Errors

    @Test func errorsShowInTheStateAndTheResultsStay() async {
        struct ServerError: Error, CustomStringConvertible {
            var description: String { "HTTP 500: Server Error" }
        }
        let client = FakeSearchClient(["rust": .page(rustPage), "swift": .failure(ServerError())])
        var harness = SearchDriverHarness(client)
        _ = await harness.next()
        _ = await harness.type("rust")
        harness.advance(milliseconds: 500)
        _ = await harness.next()
        #expect(await harness.next() == showing("rust", rustPage))
        _ = await harness.type("swift")
        harness.advance(milliseconds: 500)
        #expect(await harness.next()?.isLoading == true)
        let failed = await harness.next()
        #expect(failed?.lastError == SearchError(message: "HTTP 500: Server Error"))
        #expect(failed?.lastError?.underlying is ServerError)
        #expect(failed?.isLoading == false)
        #expect(failed?.query == "swift")
        #expect(failed?.results == showing("rust", rustPage).results)
        #expect(failed?.title == "1,234 results")

        // The failed query is searched again on the next edit, even with the same text.
        client.setReply(.page(swiftPage), for: "swift")
        let retyped = await harness.type("swift ")
        #expect(retyped?.lastError == SearchError(message: "HTTP 500: Server Error"))
        harness.advance(milliseconds: 500)
        let retrying = await harness.next()
        #expect(retrying?.isLoading == true)
        #expect(retrying?.lastError == nil)
        #expect(await harness.next() == showing("swift ", swiftPage))
        #expect(await harness.finish().isEmpty)
        #expect(client.snapshot.texts == ["rust", "swift", "swift"])
    }

    // MARK: Real time

    @Test func runsOnTheContinuousClock() async {
        let client = FakeSearchClient(["swift": .page(swiftPage)])
        let driver = SearchDriver(client: client, debounce: .zero)
        let (edits, keyboard) = AsyncStream.makeStream(of: String.self)
        keyboard.yield("swift")
        keyboard.finish()
        var states: [SearchState] = []
        for await state in driver.states(for: edits) { states.append(state) }
        #expect(
            states == [
                SearchState(), SearchState(query: "swift"), SearchState(query: "swift", isLoading: true),
                showing("swift", swiftPage),
            ])
    }
}

extension String {
    /// Without leading and trailing white space.
    var trimmedForTests: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
