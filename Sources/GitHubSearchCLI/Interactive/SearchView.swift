import CommandLineOutput
import Foundation
import GitHubModels
import GitHubSearchSession

/// What the interactive search shows, apart from the terminal: the text being typed, the
/// latest ``SearchState``, the selection, the detail view and the status line. The selection
/// reaching the last loaded row asks for the next page.
///
/// A value changed only by the UI loop, from keys, states, ticks and resizes; ``frame(now:)``
/// draws it. Kept free of I/O so it can be tested in-process.
struct SearchView {
    /// The list of results, or one repository in full.
    enum Mode: Equatable {
        case list
        case detail
    }

    /// What a key asks the loop to do besides redrawing.
    enum Outcome: Equatable {
        case none
        /// The search text changed: feed it to the driver.
        case edited(String)
        /// The selection is on the last loaded row and more can be loaded.
        case loadMore
        /// Search the query again (Ctrl-R).
        case refresh
        /// Leave the UI.
        case quit
    }

    /// How long an error stays in the status line.
    static let statusDuration: Duration = .seconds(4)
    /// Rows that are not results: search line, title, rule, status line.
    static let chromeRows = 4

    /// The search field's text, as typed (ahead of `state.query` until the driver echoes it).
    var query = ""
    /// The latest state from the driver.
    var state = SearchState()
    /// The highlighted row, an index into `state.results`.
    var selection = 0
    /// The first result row shown.
    var scroll = 0
    var mode = Mode.list
    /// The error shown in the status line and when it goes away.
    var status: (message: String, until: ContinuousClock.Instant)?
    /// Advances while loading.
    var spinnerFrame = 0
    var size = TerminalSize()
    /// The wall-clock time of the last tick or state, for when the rate limit resets.
    var date = Date()

    /// Result rows that fit on the screen.
    var visibleRows: Int { max(1, size.rows - Self.chromeRows) }

    /// The repository under the selection, if any.
    var selected: GitHubRepository? { selected(in: state) }

    private func selected(in state: SearchState) -> GitHubRepository? {
        state.results.indices.contains(selection) ? state.results[selection] : nil
    }

    // MARK: Events

    /// Reacts to a key.
    /// - Parameter key: the key pressed.
    /// - Returns: whether to search the new text or to leave.
    mutating func handle(_ key: Key) -> Outcome {
        if key == .interrupt { return .quit }
        let outcome: Outcome
        switch mode {
        case .detail: outcome = handleInDetail(key)
        case .list: outcome = handleInList(key)
        }
        return outcome == .none && wantsMore ? .loadMore : outcome
    }

    /// The selection is on the last loaded row, and the next page can be loaded.
    var wantsMore: Bool {
        !state.results.isEmpty && selection == state.results.count - 1 && state.hasMore && !state.isLoadingMore
    }

    /// The line after the last result: "loading more…", or "no more results" at the end.
    var footer: String? {
        if state.results.isEmpty { return nil }
        if state.isLoadingMore { return "loading more…" }
        if state.hasMore { return nil }
        return state.reachedCap ? "no more results (GitHub serves the first 1,000)" : "no more results"
    }

    /// The list's rows: the results and the footer.
    private var contentRows: Int { state.results.count + (footer == nil ? 0 : 1) }

    private mutating func handleInDetail(_ key: Key) -> Outcome {
        switch key {
        case .escape, .left, .backspace, .enter, .text("q"): mode = .list
        case .up: move(by: -1)
        case .down: move(by: 1)
        default: break
        }
        return .none
    }

    private mutating func handleInList(_ key: Key) -> Outcome {
        switch key {
        case .text(let text): return edit(query + text)
        case .backspace:
            guard !query.isEmpty else { return .none }
            return edit(String(query.dropLast()))
        case .clearLine: return edit("")
        case .deleteWord:
            var text = Substring(query)
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " " { text.removeLast() }
            return edit(String(text))
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .pageUp: move(by: -visibleRows)
        case .pageDown: move(by: visibleRows)
        case .home: move(by: -selection)
        case .end: move(by: state.results.count)
        case .enter: if selected != nil { mode = .detail }
        case .refresh: return query.trimmingCharacters(in: .whitespaces).isEmpty ? .none : .refresh
        case .escape: return .quit
        case .endOfInput: if query.isEmpty { return .quit }
        default: break
        }
        return .none
    }

    private mutating func edit(_ text: String) -> Outcome {
        guard text != query else { return .none }
        query = text
        return .edited(text)
    }

    /// Moves the selection, clamped to the results, scrolling to keep it visible.
    mutating func move(by offset: Int) {
        guard !state.results.isEmpty else {
            selection = 0
            scroll = 0
            return
        }
        selection = min(max(0, selection + offset), state.results.count - 1)
        keepSelectionVisible()
    }

    /// Scrolls so the selection shows, and the footer too when the selection is the last row.
    private mutating func keepSelectionVisible() {
        if selection < scroll { scroll = selection }
        if selection >= scroll + visibleRows { scroll = selection - visibleRows + 1 }
        if selection == state.results.count - 1 { scroll = max(scroll, contentRows - visibleRows) }
        scroll = max(0, min(scroll, max(0, contentRows - visibleRows)))
    }

    /// Shows a new state: a next page's results keep the selection where it is; other new
    /// results move it to the top (the detail view stays open only when they still hold its
    /// repository); a new error goes to the status line for ``statusDuration``.
    /// - Parameters:
    ///   - next: the state from the driver.
    ///   - now: the time, for the status line.
    ///   - date: the wall-clock time, for the rate limit's reset.
    mutating func show(_ next: SearchState, now: ContinuousClock.Instant, date: Date = Date()) {
        let previous = state
        state = next
        self.date = date
        if !previous.results.isEmpty, next.results.count > previous.results.count,
            next.results.starts(with: previous.results)
        {
            keepSelectionVisible()
        } else if next.results != previous.results {
            let shown = mode == .detail ? selected(in: previous) : nil
            selection = 0
            scroll = 0
            // The detail view keeps its repository when the new results still have it.
            if let shown,
                let index = next.results.firstIndex(where: { $0.id == shown.id && $0.fullName == shown.fullName })
            {
                move(by: index)
            } else {
                mode = .list
            }
        } else if !next.results.isEmpty {
            // The footer may have come or gone.
            keepSelectionVisible()
        }
        if let error = next.lastError, error != previous.lastError {
            status = (DisplayWidth.clean(error.message), now.advanced(by: Self.statusDuration))
        }
    }

    /// The terminal's new size.
    mutating func resize(_ newSize: TerminalSize) {
        size = newSize
        move(by: 0)
    }

    /// Advances the spinner and clears an expired status.
    /// - Parameters:
    ///   - now: the time.
    ///   - date: the wall-clock time, for the rate limit's reset.
    mutating func tick(now: ContinuousClock.Instant, date: Date = Date()) {
        self.date = date
        if state.isLoading { spinnerFrame += 1 }
        if let status, status.until <= now { self.status = nil }
    }
}
