import CommandLineOutput
import GitHubModels
import GitHubSearchSession
import Testing

@testable import GitHubSearchCLI

/// The interactive search's pieces in-process: key decoding, display widths, the view.
@Suite struct InteractiveKeyDecoderTests {
    @Test func arrowsPagesAndControlKeys() {
        var decoder = KeyDecoder()
        let keys = decoder.feed(
            Array("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\r\u{7F}\u{03}\u{15}".utf8))
        #expect(keys == [.up, .down, .up, .pageUp, .pageDown, .home, .end, .enter, .backspace, .interrupt, .clearLine])
        #expect(!decoder.hasPending)
    }

    @Test func textIsMergedAndMultibyteSurvivesSplitReads() {
        var decoder = KeyDecoder()
        let bytes = Array("q日本🎮é".utf8)
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        #expect(keys.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == "q日本🎮é")
        #expect(decoder.feed(Array("ab\u{1B}[Bc".utf8)) == [.text("ab"), .down, .text("c")])
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
        // Half an arrow sequence is completed by the next read.
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.feed([UInt8(ascii: "B")]) == [.down])
    }

    @Test func invalidBytesAndControlCharactersAreDropped() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0x80, UInt8(ascii: "a"), 0x01, 0xC3, 0x28]) == [.text("a(")])
    }
}

@Suite struct InteractiveDisplayWidthTests {
    @Test func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("🎮") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("⚠️") == 2)
    }

    @Test func cutPadWrapAndClean() {
        #expect(DisplayWidth.cut("日本語テキスト", 7) == "日本語…")
        #expect(DisplayWidth.of(DisplayWidth.fit("日本語テキスト", 8)) == 8)
        #expect(DisplayWidth.tail("abcdefgh", 4) == "…fgh")
        #expect(DisplayWidth.wrap("one two three four", 9) == ["one two", "three", "four"])
        #expect(DisplayWidth.wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(DisplayWidth.clean("a\u{1B}[2Jb\nc") == "a [2Jb c")
    }
}

@Suite struct InteractiveSearchViewTests {
    static func repository(_ fullName: String, stars: Int, description: String? = nil) -> GitHubRepository {
        var repository = GitHubRepository()
        repository.fullName = fullName
        repository.stargazersCount = stars
        repository.description = description
        repository.language = "Swift"
        repository.htmlUrl = "https://github.com/" + fullName
        return repository
    }

    static func view(results count: Int, size: TerminalSize = TerminalSize()) -> SearchView {
        var view = SearchView(size: size)
        view.query = "tetris"
        view.show(
            SearchState(
                query: "tetris", title: "\(count) results",
                results: (0..<count).map { repository("o/r\($0)", stars: 1000 - $0) },
                totalCount: count), now: ContinuousClock().now)
        return view
    }

    @Test func typingEditsAndQIsText() {
        var view = SearchView()
        #expect(view.handle(.text("tq")) == .edited("tq"))
        #expect(view.handle(.backspace) == .edited("t"))
        #expect(view.handle(.backspace) == .edited(""))
        #expect(view.handle(.backspace) == .none)
        #expect(view.handle(.escape) == .quit)
        #expect(view.handle(.interrupt) == .quit)
    }

    @Test func selectionIsClampedAndScrolls() {
        var view = Self.view(results: 50)
        #expect(view.handle(.up) == .none)
        #expect(view.selection == 0)
        _ = view.handle(.pageDown)
        #expect(view.selection == 20)
        #expect(view.scroll == 1)
        _ = view.handle(.end)
        #expect(view.selection == 49)
        #expect(view.scroll == 31, "the last row and the \"no more results\" line below it")
        view.resize(TerminalSize(columns: 100, rows: 30))
        #expect(view.scroll == 25)
        #expect(view.lines().filter { $0.contains("> o/r49") }.count == 1)
    }

    @Test func enterOpensTheDetailAndEscGoesBack() {
        var view = Self.view(results: 3)
        _ = view.handle(.down)
        #expect(view.handle(.enter) == .none)
        #expect(view.mode == .detail)
        #expect(view.lines()[0].contains("o/r1"))
        #expect(view.handle(.text("q")) == .none)
        #expect(view.mode == .list)
        _ = view.handle(.enter)
        #expect(view.handle(.escape) == .none)
        #expect(view.mode == .list)
    }

    @Test func newResultsKeepTheDetailOnlyWhenTheyHoldItsRepository() {
        var view = Self.view(results: 3)
        _ = view.handle(.down)
        _ = view.handle(.down)
        _ = view.handle(.enter)
        var state = view.state
        state.results.insert(Self.repository("o/new", stars: 5000), at: 0)
        view.show(state, now: ContinuousClock().now)
        #expect(view.mode == .detail)
        #expect(view.selected?.fullName == "o/r2")
        state.results = [Self.repository("o/other", stars: 1)]
        view.show(state, now: ContinuousClock().now)
        #expect(view.mode == .list)
        #expect(view.selection == 0)
    }

    @Test func everyLineFitsTheWidth() {
        var view = SearchView(size: TerminalSize(columns: 40, rows: 10))
        view.query = "日本語 " + String(repeating: "x", count: 60)
        let wide = String(repeating: "漢字🎮", count: 30)
        view.show(
            SearchState(
                query: "tetris", title: "2 results",
                results: [
                    Self.repository("日本/語" + wide, stars: 12_345, description: wide),
                    Self.repository("a/b", stars: 1, description: "\u{1B}[31mred"),
                ],
                totalCount: 2), now: ContinuousClock().now)
        for mode in [SearchView.Mode.list, .detail] {
            view.mode = mode
            let lines = view.lines()
            #expect(lines.count == 10)
            for line in lines {
                #expect(DisplayWidth.of(Self.stripStyles(line)) <= 40, "\(line)")
                #expect(!Self.stripStyles(line).contains("\u{1B}"))
            }
        }
    }

    @Test func aTinyTerminalStillFits() {
        for size in [
            TerminalSize(columns: 5, rows: 3), TerminalSize(columns: 12, rows: 6), TerminalSize(columns: 1, rows: 1),
        ] {
            var view = Self.view(results: 4, size: size)
            view.status = ("a long error message", ContinuousClock().now.advanced(by: .seconds(9)))
            for mode in [SearchView.Mode.list, .detail] {
                view.mode = mode
                let lines = view.lines()
                #expect(lines.count <= size.rows)
                #expect(lines.allSatisfy { DisplayWidth.of(Self.stripStyles($0)) <= size.columns }, "\(size): \(lines)")
            }
        }
    }

    @Test func errorsShowThenExpire() {
        var view = SearchView()
        let start = ContinuousClock().now
        view.query = "tetris"
        view.show(SearchState(query: "tetris", lastError: SearchError(message: "offline")), now: start)
        #expect(view.lines().last?.contains("offline") == true)
        view.tick(now: start.advanced(by: .seconds(1)))
        #expect(view.status != nil)
        view.tick(now: start.advanced(by: SearchView.statusDuration))
        #expect(view.status == nil)
        #expect(view.lines().last?.contains("Esc quit") == true)
    }

    @Test func spinnerTurnsWhileLoading() {
        var view = SearchView()
        view.show(SearchState(query: "tetris", isLoading: true), now: ContinuousClock().now)
        let before = view.lines()[1]
        view.tick(now: ContinuousClock().now)
        #expect(view.lines()[1] != before)
        #expect(before.contains("searching"))
    }

    /// Without SGR sequences (`ESC [ … m`).
    static func stripStyles(_ line: String) -> String {
        var result = ""
        var inSequence = false
        for scalar in line.unicodeScalars {
            if inSequence {
                if scalar == "m" { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
