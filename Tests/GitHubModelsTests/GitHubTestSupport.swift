import Foundation
import GitHubModels
import Testing
import YajlMapper

/// The package root, from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// `Fixtures/github/` in the package.
let githubFixtures = packageRoot.appendingPathComponent("Fixtures/github")

/// `../shared/corpus/github` beside the package, when it is there.
let sharedCorpus: URL? = {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/github")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

/// The `.json` files of a fixture folder, sorted.
func fixtureFiles(_ folder: String) -> [URL] {
    let dir = githubFixtures.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
}

/// A fixture's bytes.
func fixture(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: githubFixtures.appendingPathComponent(path)))
}

/// A date from its ISO 8601 text.
func date(_ text: String) -> Date {
    ISO8601DateTransform.date(from: text)!
}

/// Maps, writes back with `toJSON`, maps again: the models must be equal.
func roundTrip<T: Mappable & Equatable>(_ value: T) throws -> T {
    let text = try #require(value.toJSONString())
    return try Mapper<T>(strict: true).map(string: text)
}
