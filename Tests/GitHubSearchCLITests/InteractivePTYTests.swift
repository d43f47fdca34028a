import Foundation
import Testing

/// `yajlmap-search --interactive` end to end: keys typed into a pseudo-terminal, the screen
/// read back, against the fake GitHub API ("ok …" finds 2 of 1,677 tetris repositories,
/// "big …" 100 of 871, "rate-limit …" a 403 with the limit spent).
@Suite(.enabled(if: InteractivePTY.isAvailable, "needs python3 and the built yajlmap-search"))
struct InteractivePTYTests {
    @Test func typeSelectOpenAndLeaveWithEsc() async throws {
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), // 0
            .send("ok tetris"), // 1
            .wait("1,677 results"), // 2
            .wait("> chvin/react-tetris"), // 3: most stars first, selected
            .down, // 4
            .wait("> daniel-e/tetros"), // 5
            .enter, // 6
            .wait("Tetris that fits into the boot sector."), // 7
            .escape, // 8
            .wait("> daniel-e/tetros"), // 9: back in the list
            .escape, // 10
            .exit(), // 11
        ])
        #expect(report.failed == nil, "\(report.failure)")
        let list = report.screen(3)
        #expect(list.contains("Search: ok tetris"))
        #expect(list.contains("daniel-e/tetros"))
        #expect(list.contains("5948★"))
        #expect(list.contains("JavaScript"))
        #expect(list.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let detail = report.screen(7)
        #expect(detail.hasPrefix("daniel-e/tetros"))
        #expect(detail.contains("https://github.com/daniel-e/tetros"))
        #expect(detail.contains("661"))
        #expect(detail.contains("Assembly"))
        #expect(report.status == 0)
        #expect(report.entered_raw)
        #expect(report.sequences_restored)
        #expect(report.termios_restored)
    }

    @Test func controlCLeavesFromTheDetailView() async throws {
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("ok tetris"), .wait("1,677 results"), .enter, .wait("Use React, Redux"),
            .controlC, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        #expect(report.status == 0)
        #expect(report.sequences_restored)
        #expect(report.termios_restored)
    }

    @Test func throughTheYajlmapCommand() async throws {
        // `yajlmap search --interactive` runs yajlmap-search on the same terminal.
        let report = try await InteractivePTY.run(
            [
                .wait("Search GitHub"), .send("ok tetris"), .wait("1,677 results"), .enter, .wait("Use React, Redux"),
                .controlC, .exit(),
            ], throughYajlmap: true)
        #expect(report.failed == nil, "\(report.failure)")
        #expect(report.status == 0)
        #expect(report.sequences_restored)
        #expect(report.termios_restored)
    }

    @Test func sigintLeavesAndRestores() async throws {
        let report = try await InteractivePTY.run([.wait("Search GitHub"), .send("ok"), .signal(SIGINT), .exit()])
        #expect(report.failed == nil, "\(report.failure)")
        #expect(report.status == 0)
        #expect(report.sequences_restored)
        #expect(report.termios_restored)
    }

    @Test func multibyteInputAndBackspace() async throws {
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("ok 日本語éx"), .backspace, // 0, 1, 2
            .wait("Search: ok 日本語é"), .wait("1,677 results"), // 3, 4
            .escape, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        #expect(!report.screen(3).contains("éx"))
        #expect(report.status == 0)
    }

    @Test func resizeRedrawsAtTheNewSize() async throws {
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("big list"), .wait("871 results"), // 0, 1, 2
            // The help line on the last row: the results' frame is drawn whole (each frame
            // clears the screen first), even when slow.
            .wait("Esc quit", row: 23), // 3
            .resize(columns: 100, rows: 30), // 4
            // The same on the new last row.
            .wait("Esc quit", row: 29), // 5
            .escape, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        let small = report.screen(3).split(separator: "\n", omittingEmptySubsequences: false)
        let large = report.screen(5).split(separator: "\n", omittingEmptySubsequences: false)
        // 24 rows: 20 results; 30 rows: 26 results, the help line on the last row.
        #expect(small.filter { $0.contains("★") }.count == 20)
        #expect(large.filter { $0.contains("★") }.count == 26)
        #expect(large.count == 30 && large[29].contains("Esc quit"))
        #expect(large.contains { $0.contains(String(repeating: "─", count: 100)) })
        #expect(large.contains { $0.count > 80 && $0.contains("★") })
        #expect(report.status == 0)
    }

    @Test func errorsShowInTheStatusLineThenClear() async throws {
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("rate-limit now"), .wait("rate limit"), .gone("rate limit"),
            .wait("Esc quit"), .escape, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        let lines = report.screen(2).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24 && lines[23].contains("rate limit"))
        #expect(report.status == 0)
    }

    @Test func spinnerWhileLoadingAndLeavingDoesNotWaitForTheRequest() async throws {
        // "slow" answers after 5 s; leaving cancels the request instead of waiting for it.
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("slow query"), .wait("searching…"), .escape, .exit(timeout: 4),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        #expect(report.status == 0)
        #expect(report.sequences_restored)
        #expect(report.termios_restored)
    }

    @Test func movingPastTheLastLoadedRowLoadsTheNextPage() async throws {
        // stalled-45: 45 results, 30 a page, page 2 three seconds late.
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("stalled-45"), .wait("45 results"), .wait("1/30 loaded"), // 0-3
            .send(String(repeating: "\u{1B}[B", count: 29)), .wait("loading more…"), // 4, 5
            .wait("30/30 loaded"), .wait("30/45 loaded"), // 6, 7
            .send(String(repeating: "\u{1B}[B", count: 5)), .wait("35/45 loaded"), // 8, 9
            .send("\u{1B}[4~"), .wait("45/45 loaded"), .wait("no more results"), // 10-12
            .escape, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        #expect(report.screen(5).contains("> paged/repo-0030"))
        #expect(report.screen(9).contains("> paged/repo-0035"))
        #expect(!report.screen(9).contains("no more results"))
        let end = report.screen(12).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(end.contains { $0.hasPrefix("> paged/repo-0045") })
        #expect(end.contains { $0.trimmingCharacters(in: .whitespaces) == "no more results" })
        #expect(report.status == 0)
    }

    @Test func controlRRefreshesTheSearch() async throws {
        // growing-45 finds one more result at each request.
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("growing-45"), .wait("45 results"), .send("\u{12}"), .wait("46 results"),
            .escape, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        #expect(report.status == 0)
    }

    @Test func aLowRateLimitShowsInTheStatusLine() async throws {
        // scarce-45: 2 of 30 left, resetting in 90 s.
        let report = try await InteractivePTY.run([
            .wait("Search GitHub"), .send("scarce-45"), .wait("45 results"),
            .wait("2 of 30 requests left; the limit resets in 2 min"), .escape, .exit(),
        ])
        #expect(report.failed == nil, "\(report.failure)")
        let lines = report.screen(3).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24 && lines[23].contains("2 of 30 requests left"))
    }
}
