import Foundation

/// Paths of the test data shared with the project (never copied into it).
enum Corpus {
    /// The package root: the nearest folder above this file that holds `Package.swift`.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// `../shared/corpus/JSONTestSuite/test_parsing` next to the package.
    static let testParsing =
        packageRoot
        .appendingPathComponent("../shared/corpus/JSONTestSuite/test_parsing")
        .standardizedFileURL

    /// Whether the JSONTestSuite corpus is present.
    static let isAvailable: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: testParsing.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }()

    /// The sorted names of the corpus files starting with `prefix` (`y_`, `n_`, `i_`).
    static func files(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: testParsing.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of one corpus file.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: testParsing.appendingPathComponent(name)))
    }
}

/// The recorded GitHub pages, when the shared corpus is beside the project.
enum GitHubCorpus {
    /// `../shared/corpus/github` next to the package.
    static let directory = Corpus.packageRoot.appendingPathComponent("../shared/corpus/github").standardized
    /// The recorded pages, sorted by name (none when the corpus is absent).
    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
