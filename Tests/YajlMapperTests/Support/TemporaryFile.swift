import Foundation

/// A file in the temporary directory, removed by ``remove()``.
struct TemporaryFile {
    let url: URL

    /// Writes `bytes` to a new uniquely named file, whose name ends in `.pathExtension`.
    init(_ bytes: [UInt8], name: String = "parser-test", pathExtension: String = "json") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(UUID().uuidString).\(pathExtension)")
        try Data(bytes).write(to: url)
    }

    var path: String { url.path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
