// GitHub's activity events (a generated GH Archive file: one event per line) read line by
// line, and a webhook payload read whole: by the mapper, YajlDecoder and JSONDecoder.

import Foundation
import GitHubModels
import GzipTestSupport
import YajlMapper

/// Each line of a file as `Data` (found with `memchr`, as ``GitHubEventFile`` finds them, so
/// the decoders' rows time decoding rather than a byte-by-byte split).
private func lines(_ payload: Payload, _ body: (Data) throws -> Void) rethrows {
    try payload.bytes.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            let found = memchr(base + start, 0x0A, bytes.count - start)
            let end = found.map { UnsafeRawPointer($0) - base } ?? bytes.count
            if end > start { try body(Data(bytes[start..<end])) }
            start = end + 1
        }
    }
}

/// The events of a file read one line at a time with `decode`, which reads one line.
private func eachLine(_ payload: Payload, _ decode: (Data) throws -> GitHubEvent) throws -> [GitHubEvent] {
    var events: [GitHubEvent] = []
    try lines(payload) { events.append(try decode($0)) }
    return events
}

/// The events of a file read by ``GitHubEventFile`` on `jobs` threads (0: every core).
private func eventFile(_ payload: Payload, jobs: Int) throws -> [GitHubEvent] {
    var events: [GitHubEvent] = []
    try GitHubEventFile.read(bytes: payload.bytes, jobs: jobs, transform: \.event) { events.append($0!) }
    return events
}

/// A decoder of events' dates (ISO 8601, or Unix seconds).
private func eventDecoder(_ kind: BenchmarkDecoder.Type) -> BenchmarkDecoder {
    benchmarkDecoder(kind, dates: .custom(GitHubDates.decode))
}

/// The event file read four ways (the mapper on one thread is compared with JSONDecoder
/// line by line), and from a gzip file on one thread and on all.
func eventModelPair() -> ModelPair {
    let foundation = eventDecoder(JSONDecoder.self), yajl = eventDecoder(YajlDecoder.self)
    let readers: [(String, (Payload) throws -> [GitHubEvent])] = [
        ("YajlMapper", { try eventFile($0, jobs: 1) }),
        ("YajlDecoder", { try eachLine($0) { try yajl.decode(GitHubEvent.self, from: $0) } }),
        ("JSONDecoder", { try eachLine($0) { try foundation.decode(GitHubEvent.self, from: $0) } }),
    ]
    /// A contender that reads each event and lets it go (as a reader of an hour's file would).
    func contender(_ name: String, _ read: @escaping (Payload, (GitHubEvent?) -> Void) throws -> Void) -> Contender {
        Contender(name: name, applies: PayloadFamily.events.contains) { payload in
            var count = 0
            try read(payload) { event in
                blackHole(event)
                count += 1
            }
            return count
        }
    }
    /// Each line decoded by `decoder`, handed to `body`.
    func lineByLine(_ decoder: BenchmarkDecoder) -> (Payload, (GitHubEvent?) -> Void) throws -> Void {
        { payload, body in try lines(payload) { body(try decoder.decode(GitHubEvent.self, from: $0)) } }
    }
    let decode = readers[2].1
    return ModelPair(
        model: "events", family: .events,
        mapper: contender("YajlMapper events") { payload, body in
            try GitHubEventFile.read(bytes: payload.bytes, jobs: 1, transform: \.event, deliver: body)
        },
        decoder: contender("JSONDecoder events", lineByLine(foundation)),
        yajlDecoder: contender("YajlDecoder events", lineByLine(yajl)),
        compare: { payload in
            readers.dropLast().map { reader, read in
                EqualityCheck(
                    model: "events", reader: reader, payload: payload.name,
                    difference: compareBothWays(payload, read, decode, reader: reader))
            }
        })
}

/// The mapper's event rows beyond one thread in memory: on every core, and from a gzip file
/// (written once, before timing) on one thread and on every core.
func eventFileContenders() -> [Contender] {
    let events = PayloadFamily.events.contains
    func gzipFile(_ payload: Payload) throws -> JSONInput {
        .file(try writtenFile(payload, gzipped: true))
    }
    return [
        Contender(name: "YajlMapper events, on all cores", applies: events) { payload in
            try GitHubEventFile.read(bytes: payload.bytes, jobs: 0, transform: \.event) { blackHole($0) }
        },
        Contender(name: "YajlMapper events, gzip file", applies: events) { payload in
            try GitHubEventFile.read(try gzipFile(payload), jobs: 1) { blackHole($0) }
        },
        Contender(name: "YajlMapper events, gzip file, on all cores", applies: events) { payload in
            try GitHubEventFile.read(try gzipFile(payload), jobs: 0) { blackHole($0) }
        },
    ]
}

/// A webhook's payload (`pull_request` opened: a pull request with its head and base
/// repositories) read three ways.
func webhookModelPair() -> ModelPair {
    modelPair(
        "pull_request webhook", .webhook, dates: .custom(GitHubDates.decode),
        count: { (event: GitHubPullRequestEvent) in event.number })
}
