import GitHubRequests
import GitHubSearchSession

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive terminal search (`yajlmap search --interactive`).
///
/// A search line at the top, the title ("N results", or "Search GitHub") with a spinner while
/// a request runs, the repositories most-starred first, and a status line at the bottom where
/// errors (or a low rate limit) appear. Typing searches (through ``SearchDriver``: at least
/// three characters, after a pause, cancelling a stale request); Up/Down/Page Up/Page Down move
/// the selection, and reaching the last loaded row loads the next page ("loading more…", then
/// its rows, until "no more results"); Ctrl-R searches again; Enter shows the repository in
/// full; Esc goes back from there, or leaves from the list; Ctrl-C always leaves. The terminal
/// is restored however the UI ends.
///
/// ```swift
/// let status = await InteractiveSearch.run(client: GitHubClient(configuration: configuration))
/// ```
public enum InteractiveSearch {
    /// What the UI loop reacts to, one at a time.
    enum Event: Sendable {
        case keys([Key])
        case state(SearchState)
        case resized
        case tick
        case signal(Int32)
        case inputEnded
    }

    /// Runs the terminal UI until the user leaves, then restores the terminal.
    /// - Parameters:
    ///   - client: runs the searches.
    ///   - input: the terminal to read keys from (standard input by default).
    ///   - output: the terminal to draw on (standard output by default).
    ///   - debounce: how long typing must pause before a search.
    ///   - minimumQueryLength: the shortest query searched.
    ///   - qualifiers: added to every search (the command line's qualifier flags).
    /// - Returns: 0 when the user left (Esc, Ctrl-C, SIGINT); 2 when there is no terminal;
    ///   1 when the terminal went away; 128 + the signal for SIGTERM and SIGHUP.
    public static func run(
        client: any RepositorySearching, input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        debounce: Duration = SearchDriver.defaultDebounce,
        minimumQueryLength: Int = SearchDriver.defaultMinimumQueryLength,
        qualifiers: [GitHubSearchQuery.Qualifier] = []
    ) async -> Int32 {
        let terminal = Terminal(input: input, output: output)
        do {
            try terminal.enter()
        } catch {
            printError("yajlmap: error: \(error)")
            return error is TerminalError && !terminal.isTerminal ? 2 : 1
        }
        defer { terminal.restore() }
        guard let reader = InputReader(input: input) else {
            terminal.restore()
            printError("yajlmap: error: cannot read the terminal")
            return 1
        }

        let (events, post) = AsyncStream.makeStream(of: Event.self)
        let (inputs, typing) = AsyncStream.makeStream(of: SearchInput.self)
        let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP, SIGWINCH]) { number in
            post.yield(number == SIGWINCH ? .resized : .signal(number))
        }
        let driver = SearchDriver(
            client: client, minimumQueryLength: minimumQueryLength, debounce: debounce,
            makeQuery: { text in
                var query = SearchDriver.mostStarred(text)
                query.qualifiers = qualifiers
                return query
            })
        let states = Task {
            for await state in driver.states(for: inputs) { post.yield(.state(state)) }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                post.yield(.tick)
            }
        }
        reader.start(onKeys: { post.yield(.keys($0)) }, onEnd: { post.yield(.inputEnded) })

        var view = SearchView(size: terminal.size())
        let status = await loop(events: events, view: &view, terminal: terminal, typing: typing)

        // Restore first: once the signals get their default actions back, a late Ctrl-C
        // would end the process before the terminal is restored.
        terminal.restore()
        reader.stop()
        ticker.cancel()
        typing.finish()
        states.cancel()
        signals.cancel()
        post.finish()
        return status
    }

    /// Handles events and redraws until one of them ends the UI.
    /// - Returns: the exit status.
    private static func loop(
        events: AsyncStream<Event>, view: inout SearchView, terminal: Terminal,
        typing: AsyncStream<SearchInput>.Continuation
    ) async -> Int32 {
        let clock = ContinuousClock()
        var drawn = ""
        var forceRedraw = true
        guard terminal.write(view.frame()) else { return 1 }
        for await event in events {
            switch event {
            case .keys(let keys):
                for key in keys {
                    switch view.handle(key) {
                    case .none: break
                    case .edited(let text): typing.yield(.edit(text))
                    case .loadMore: typing.yield(.loadMore)
                    case .refresh: typing.yield(.refresh)
                    case .quit: return 0
                    }
                }
            case .state(let state):
                view.show(state, now: clock.now)
            case .resized:
                view.resize(terminal.size())
                forceRedraw = true
            case .tick:
                view.tick(now: clock.now)
            case .signal(let number):
                return number == SIGINT ? 0 : 128 + number
            case .inputEnded:
                return 1
            }
            let frame = view.frame()
            if frame != drawn || forceRedraw {
                guard terminal.write(frame) else { return 1 }
                drawn = frame
                forceRedraw = false
            }
        }
        return 0
    }

    /// Writes a line to standard error.
    private static func printError(_ message: String) {
        var bytes = Array((message + "\n").utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}
