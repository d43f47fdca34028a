import CommandLineOutput
import Foundation
import GitHubModels
import GitHubRequests
import GitHubSearchSession

/// Drawing: a whole frame at a time, every line cut to the terminal's width.
extension SearchView {
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// SGR sequences.
    enum Style {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let dim = "\u{1B}[2m"
        static let reverse = "\u{1B}[7m"
        static let red = "\u{1B}[31m"
        static let yellow = "\u{1B}[33m"
        static let cyan = "\u{1B}[36m"
    }

    /// The screen's lines, top to bottom, with styles; each at most `size.columns` wide.
    func lines() -> [String] {
        var lines = mode == .detail && selected != nil ? detailLines() : listLines()
        if lines.count > size.rows { lines.removeLast(lines.count - size.rows) }
        return lines.map { Self.clip($0, to: size.columns) }
    }

    /// A styled line cut to `width` columns, its SGR sequences kept: the last guard against
    /// a line wrapping in a terminal too narrow for the layout.
    static func clip(_ line: String, to width: Int) -> String {
        var result = ""
        var used = 0
        var inSequence = false
        for character in line {
            if inSequence {
                result.append(character)
                if character == "m" { inSequence = false }
            } else if character == "\u{1B}" {
                result.append(character)
                inSequence = true
            } else {
                let columns = DisplayWidth.of(character)
                if used + columns > width { return result + Style.reset }
                result.append(character)
                used += columns
            }
        }
        return result
    }

    /// The whole frame: clear the screen, then every line at its row.
    func frame() -> String {
        var frame = "\u{1B}[H\u{1B}[2J"
        for (row, line) in lines().enumerated() where !line.isEmpty {
            frame += "\u{1B}[\(row + 1);1H" + line + Style.reset
        }
        return frame
    }

    // MARK: List

    private func listLines() -> [String] {
        let width = size.columns
        var lines: [String] = []
        let label = "Search: "
        let field = DisplayWidth.tail(query, max(1, width - DisplayWidth.of(label) - 1))
        lines.append(Style.bold + label + Style.reset + field + Style.reverse + " " + Style.reset)
        lines.append(titleLine(width: width))
        lines.append(Style.dim + String(repeating: "─", count: width) + Style.reset)
        let rows = visibleRows
        if state.results.isEmpty {
            lines.append("  " + DisplayWidth.cut(hint, max(0, width - 2)))
        } else {
            for index in scroll..<min(state.results.count, scroll + rows) {
                lines.append(row(state.results[index], selected: index == selection, width: width))
            }
            if let footer, state.results.count < scroll + rows {
                lines.append(Style.dim + "  " + DisplayWidth.cut(footer, max(0, width - 2)) + Style.reset)
            }
        }
        while lines.count < size.rows - 1 { lines.append("") }
        lines.append(statusLine(help: "↑↓ select  Enter details  Ctrl-R refresh  Esc quit", width: width))
        return lines
    }

    private func titleLine(width: Int) -> String {
        var title = state.title
        if state.isLoading {
            title += "  " + String(Self.spinner[spinnerFrame % Self.spinner.count]) + " searching…"
        } else if state.incompleteResults {
            title += "  (incomplete)"
        }
        if !state.results.isEmpty, mode == .list {
            let position = "\(selection + 1)/\(state.results.count) loaded"
            let room = width - DisplayWidth.of(position) - 1
            if DisplayWidth.of(title) <= room {
                return Style.bold + DisplayWidth.fit(title, room) + Style.reset + " " + Style.dim + position
                    + Style.reset
            }
        }
        return Style.bold + DisplayWidth.cut(title, width) + Style.reset
    }

    /// What the empty list says.
    private var hint: String {
        let text = query.trimmingSpaces
        if text.isEmpty { return "Type to search GitHub repositories, most-starred first." }
        if text.count < SearchDriver.defaultMinimumQueryLength {
            return "Type at least \(SearchDriver.defaultMinimumQueryLength) characters."
        }
        if state.isLoading { return "Searching…" }
        if state.lastError != nil { return "The search failed." }
        if state.totalCount == nil { return "Searching…" }
        return "No repositories match."
    }

    /// `> owner/name        5948  JavaScript    description…`
    func row(_ repository: GitHubRepository, selected: Bool, width: Int) -> String {
        let nameWidth = min(36, max(12, width * 3 / 10))
        let starsWidth = 7
        let languageWidth = 12
        var line = (selected ? "> " : "  ")
        line += DisplayWidth.fit(DisplayWidth.clean(repository.fullName), nameWidth)
        line += " " + DisplayWidth.fitRight(Self.stars(repository.stargazersCount), starsWidth)
        line += "  " + DisplayWidth.fit(DisplayWidth.clean(repository.language ?? "-"), languageWidth)
        line += "  " + DisplayWidth.clean(repository.description ?? "")
        let fitted = DisplayWidth.fit(line, width)
        return selected ? Style.reverse + fitted + Style.reset : fitted
    }

    /// `5948` as `5948★`, `12345` as `12.3k★`.
    static func stars(_ count: Int) -> String {
        let text: String
        if count < 10_000 {
            text = String(count)
        } else if count < 1_000_000 {
            text = "\(count / 1000).\(count % 1000 / 100)k"
        } else {
            text = "\(count / 1_000_000).\(count % 1_000_000 / 100_000)M"
        }
        return text + "★"
    }

    private func statusLine(help: String, width: Int) -> String {
        // One column short: writing the last cell of the last row may scroll some terminals.
        let room = max(0, width - 1)
        if let status {
            return Style.red + DisplayWidth.cut("! " + status.message, room) + Style.reset
        }
        if let note = rateLimitNote {
            return Style.yellow + DisplayWidth.cut(note, room) + Style.reset
        }
        return Style.dim + DisplayWidth.cut(help, room) + Style.reset
    }

    /// `2 of 30 requests left; the limit resets in 2 min`, once a fifth of the limit or less is left.
    var rateLimitNote: String? {
        guard let limit = state.rateLimit, limit.isLow, let remaining = limit.remaining, let total = limit.limit
        else { return nil }
        var note = "\(remaining) of \(total) requests left"
        if let resetsAt = limit.resetsAt {
            let wait = resetsAt.timeIntervalSince(date)
            note += wait > 0 ? "; the limit resets in \(GitHubRateLimit.duration(wait))" : "; the limit has reset"
        }
        return note
    }

    // MARK: Detail

    private func detailLines() -> [String] {
        guard let repository = selected else { return listLines() }
        let width = size.columns
        var lines: [String] = []
        lines.append(Style.bold + DisplayWidth.cut(DisplayWidth.clean(repository.fullName), width) + Style.reset)
        lines.append(Style.dim + String(repeating: "─", count: width) + Style.reset)
        var fields: [(String, String)] = [
            ("URL", repository.htmlUrl),
            ("Stars", String(repository.stargazersCount)),
            ("Forks", String(repository.forksCount)),
            ("Language", repository.language ?? "-"),
        ]
        if let license = repository.license { fields.append(("License", license.spdxId ?? license.name)) }
        if let topics = repository.topics, !topics.isEmpty { fields.append(("Topics", topics.joined(separator: ", "))) }
        let description = DisplayWidth.wrap(DisplayWidth.clean(repository.description ?? "No description."), width)
        let room = max(1, size.rows - 4 - fields.count - 1)
        lines += description.prefix(room)
        lines.append("")
        for (name, value) in fields {
            let label = DisplayWidth.fit(name, 10)
            lines.append(
                Style.cyan + label + Style.reset + DisplayWidth.cut(DisplayWidth.clean(value), max(0, width - 10)))
        }
        while lines.count < size.rows - 1 { lines.append("") }
        lines.append(statusLine(help: "Esc back  ↑↓ previous/next  Ctrl-C quit", width: width))
        return lines
    }
}
