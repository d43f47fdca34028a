// The payloads: generated search pages, the same pages with their keys shuffled, the
// recorded GitHub corpus and the standard documents (twitter, citm_catalog, canada).

import Foundation
import GitHubModels
import YajlMapper

/// Finds `../shared/corpus/<folder>` from the current directory or the executable's folders;
/// for the `github` folder, `YAJLMAPPER_CORPUS` names it instead when set.
func corpusDirectory(_ folder: String = "github") -> String? {
    let fileManager = FileManager.default
    if folder == "github", let given = ProcessInfo.processInfo.environment["YAJLMAPPER_CORPUS"] { return given }
    var candidates = [fileManager.currentDirectoryPath]
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
    for _ in 0..<6 {
        candidates.append(directory.path)
        directory.deleteLastPathComponent()
    }
    for base in candidates {
        let path = URL(fileURLWithPath: base).appendingPathComponent("../shared/corpus/\(folder)").standardizedFileURL
            .path
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
    }
    return nil
}

/// Generated pages come first, then the recorded corpus, each built only when selected.
struct PayloadSource {
    let name: String
    /// Whether it runs only when a filter names it whole (too big for every run).
    var onlyWhenNamed = false
    let make: () throws -> Payload
}

/// The standard documents read from `../shared/corpus/standard`, in table order.
let standardDocuments = ["twitter", "citm_catalog", "canada"]

/// Every payload, in table order (generated, shuffled, recorded GitHub pages, standard documents).
func payloadSources() -> [PayloadSource] {
    var sources: [PayloadSource] = []
    for count in [30, 100, 1_000, 20_000] {
        let name = "generated-\(count)"
        sources.append(
            PayloadSource(name: name) {
                Payload(
                    name: name, detail: "\(count) items, seed 1",
                    bytes: SearchPayloadGenerator(seed: 1).generate(items: count))
            })
    }
    for count in [30, 100] {
        let name = "shuffled-\(count)"
        sources.append(
            PayloadSource(name: name) {
                Payload(
                    name: name, detail: "\(count) items, seed 1, keys shuffled",
                    bytes: try shuffledKeys(SearchPayloadGenerator(seed: 1).generate(items: count)))
            })
    }
    sources.append(
        PayloadSource(name: "events-20000") {
            Payload(
                name: "events-20000", detail: "20,000 events, one per line, seed 1",
                bytes: EventFileGenerator(seed: 1).generate(events: 20_000))
        })
    sources.append(
        PayloadSource(name: "events-hour", onlyWhenNamed: true) {
            Payload(
                name: "events-hour", detail: "200,000 events, one per line, seed 1: a GH Archive hour's size",
                bytes: EventFileGenerator(seed: 1).generate(events: 200_000))
        })
    if let webhooks = corpusDirectory("github-webhooks") {
        sources.append(
            fileSource(
                name: "webhook/pull_request", detail: "recorded",
                folder: webhooks + "/payload-examples/api.github.com/pull_request", file: "opened.payload.json"))
    } else {
        report("note: ../shared/corpus/github-webhooks not found; webhook payloads skipped")
    }
    if let corpus = corpusDirectory() {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            sources.append(
                fileSource(name: "corpus/" + file.dropLast(5), detail: "recorded", folder: corpus, file: file))
        }
        if files.isEmpty { report("note: no .json files in \(corpus); corpus payloads skipped") }
    } else {
        report("note: ../shared/corpus/github not found; corpus payloads skipped")
    }
    if let standard = corpusDirectory("standard") {
        for document in standardDocuments {
            let file = document + ".json"
            guard
                FileManager.default.fileExists(atPath: URL(fileURLWithPath: standard).appendingPathComponent(file).path)
            else {
                report("note: \(file) not in \(standard); standard/\(document) skipped")
                continue
            }
            sources.append(fileSource(name: "standard/" + document, detail: "standard", folder: standard, file: file))
        }
    } else {
        report("note: ../shared/corpus/standard not found; standard payloads skipped")
    }
    return sources
}

/// A payload read from a file when it is selected.
func fileSource(name: String, detail: String, folder: String, file: String) -> PayloadSource {
    PayloadSource(name: name) {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(file))
        return Payload(name: name, detail: detail, bytes: [UInt8](data))
    }
}

// MARK: Shuffled keys

/// The document with the members of every object in a pseudo-random order (fixed seed),
/// written compact (or pretty); numbers keep their text.
func shuffledKeys(_ bytes: [UInt8], seed: UInt64 = 1, pretty: Bool = false) throws -> [UInt8] {
    var shuffler = KeyShuffler(seed: seed)
    return try shuffler.shuffled(JSON(parsing: bytes)).serializedBytes(pretty ? .pretty : .compact)
}

/// Reorders object members with a SplitMix64 sequence: each object draws its own
/// permutation, never the order it came in (for two members or more).
struct KeyShuffler {
    private var state: UInt64

    /// A shuffler whose permutations are all fixed by `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 pseudo-random bits (SplitMix64).
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A permutation of `0..<count` (Fisher–Yates), rotated by one when it came out as the identity.
    private mutating func permutation(_ count: Int) -> [Int] {
        var order = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) {
            order.swapAt(i, Int(next() % UInt64(i + 1)))
        }
        if count > 1, order == Array(0..<count) { order.append(order.removeFirst()) }
        return order
    }

    /// The value with every object's members reordered, at every depth.
    mutating func shuffled(_ value: JSON) -> JSON {
        switch value {
        case .array(let elements):
            var result: [JSON] = []
            result.reserveCapacity(elements.count)
            for element in elements { result.append(shuffled(element)) }
            return .array(result)
        case .object(let object):
            var members: [(String, JSON)] = []
            members.reserveCapacity(object.count)
            for position in permutation(object.count) {
                members.append((object.keys[position], shuffled(object.values[position])))
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }
}
