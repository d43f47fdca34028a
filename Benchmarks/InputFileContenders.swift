// Plain files against gzip files: the same page read through `JSONInput` from a temporary
// file, as it is and gzipped (written once per payload, before timing).

import Foundation
import GzipTestSupport
import SearchSeedModel
import YajlMapper

/// The payloads timed from files: 1,000 and 20,000 items.
private func filePages(_ name: String) -> Bool { ["generated-1000", "generated-20000"].contains(name) }

/// The files written, removed when the process exits.
nonisolated(unsafe) private var writtenFiles: [String] = []

/// The payload written to a temporary file, plain or gzipped (once per payload and kind).
func writtenFile(_ payload: Payload, gzipped: Bool) throws -> String {
    try PayloadFiles.shared.path(payload, gzipped: gzipped)
}

/// The payload written to a temporary file, plain or gzipped, once per payload and kind.
private final class PayloadFiles: @unchecked Sendable {
    static let shared = PayloadFiles()
    private let lock = NSLock()
    private var paths: [String: String] = [:]

    func path(_ payload: Payload, gzipped: Bool) throws -> String {
        let key = payload.name + (gzipped ? ".json.gz" : ".json")
        if let known = lock.withLock({ paths[key] }) { return known }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "yajlmapper-bench-\(ProcessInfo.processInfo.processIdentifier)-\(key)"
        ).path
        try Data(gzipped ? Gzip.compress(payload.bytes) : payload.bytes).write(to: URL(fileURLWithPath: path))
        lock.withLock {
            paths[key] = path
            if writtenFiles.isEmpty { atexit { for path in writtenFiles { unlink(path) } } }
            writtenFiles.append(path)
        }
        return path
    }
}

/// Validation and the seed model streamed, from the plain file and from the gzipped one, on
/// one thread (`jobs: 1`: both read in chunks, so only the input differs).
func inputFileContenders() -> [Contender] {
    func pair(_ name: String, _ run: @escaping (JSONInput) throws -> Int) -> [Contender] {
        [
            Contender(name: "\(name), plain file", applies: filePages) { payload in
                try run(.file(try PayloadFiles.shared.path(payload, gzipped: false)))
            },
            Contender(name: "\(name), gzip file", applies: filePages) { payload in
                try run(.file(try PayloadFiles.shared.path(payload, gzipped: true)))
            },
        ]
    }
    return pair("YajlMapper validate") { input in
        try JSONValidation.validate(input, jobs: 1)
        return 1
    }
        + pair("YajlMapper seed model, streamed") { input in
            try Mapper<SeedRepository>().stream(input, elementsAt: "items", jobs: 1) { blackHole($0) }.count
        }
}
