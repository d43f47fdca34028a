// swift-format-ignore-file
// (The README example below keeps its own layout and import order.)
// The README's "GitHub models" example is compiled here: the lines between the markers are
// its code block (the function's body de-indented), and a test checks that the README
// shows exactly them.
// readme-example: begin
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession on Linux
#endif
import GitHubModels          // GitHubRepositories, GitHubRepository, ...
import GitHubRequests        // GitHubAPI, GitHubSearchQuery
import YajlMapper            // Mapper
// readme-example: end
import Testing

/// Never called (it would reach the network): that it compiles is the check.
private func readmeGitHubModelsExample() async throws {
    // readme-example: begin
    let api = GitHubAPI(token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
    let query = GitHubSearchQuery("tetris", qualifiers: [.language("swift"), .stars(atLeast: 2000)],
                                  sort: .stars, order: .desc, perPage: 50)
    let request = try api.searchRepositories(query)  // URLRequest with Accept, API version, User-Agent
    let (body, _) = try await URLSession.shared.data(for: request)
    let page = try Mapper<GitHubRepositories>(strict: true).map(data: body)
    // readme-example: end
    _ = page
}

@Suite("README examples")
struct ReadmeExampleTests {
    /// The package root, from this file's location.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func gitHubModelsExampleIsTheCompiledOne() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        var parts: [[Substring]] = []
        var current: [Substring]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed == "// readme-example: begin" { current = [] } else if trimmed == "// readme-example: end" {
                parts.append(current ?? [])
                current = nil
            } else if current != nil {
                current!.append(line.hasPrefix("    ") ? line.dropFirst(4) : line)
            }
        }
        #expect(parts.count == 2)
        let compiled = parts.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")

        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### GitHub models"))
        let open = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
        #expect(String(readme[open.upperBound..<close.lowerBound]) == compiled)
    }
}
