// Side by side with ReerJSON (on yyjson), in one process, rounds interleaved: the same models
// decoded by JSONDecoder, ReerJSON and YajlDecoder, mapped by Mapper, and the GitHub page
// encoded by each encoder. Built and run by `Benchmarks/peers.sh`, outside the package: it
// links the peers' local checkouts and this package's benchmark models.

import Foundation
import GitHubModels
import ReerJSON
import YajlMapper

/// The payload families the benchmark models and `Harness.swift` name (their contender lists
/// are not used here).
enum PayloadFamily: Equatable {
    case twitter, citm, canada, events

    /// No payload here is an event file.
    func contains(_ name: String) -> Bool { false }
}
/// (See ``PayloadFamily``.)
struct ModelPair {}
/// (See ``PayloadFamily``.)
func modelPair<Root>(_ model: String, _ family: PayloadFamily, count: @escaping (Root) -> Int) -> ModelPair {
    ModelPair()
}

/// A search page of full GitHub models, `Codable` (GitHubModels' page is `Mappable` only).
struct CodablePage: Codable {
    /// `total_count`.
    let totalCount: Int
    /// `incomplete_results`.
    let incompleteResults: Bool
    /// `items`.
    let items: [GitHubRepository]

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count", incompleteResults = "incomplete_results", items
    }
}

/// A contender that makes a value of `payload` and passes it to the black hole.
func contender<Value>(_ name: String, _ make: @escaping (Payload) throws -> Value) -> Contender {
    Contender(name: name) { payload in
        blackHole(try make(payload))
        return 1
    }
}

/// The four readers of one model: the decoders read `Root`, the mapper its twin `Mapped`.
func readers<Root: Decodable, Mapped: BaseMappable>(
    _ type: Root.Type, mapped: Mapped.Type, dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
) -> [Contender] {
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = dates
    let reer = ReerJSONDecoder()
    reer.dateDecodingStrategy = dates
    let yajl = YajlDecoder()
    yajl.dateDecodingStrategy = dates
    yajl.jobs = 1
    return [
        contender("JSONDecoder") { try foundation.decode(Root.self, from: $0.data) },
        contender("ReerJSON") { try reer.decode(Root.self, from: $0.data) },
        contender("YajlDecoder") { try yajl.decode(Root.self, from: $0.data) },
        contender("Mapper") { try Mapper<Mapped>(jobs: 1).map(data: $0.bytes) },
    ]
}

/// The three encoders of one value (the payload only sets how many runs make a round).
func writers<Root: Encodable>(_ value: Root) -> [Contender] {
    let (foundation, reer, yajl) = (JSONEncoder(), ReerJSONEncoder(), YajlEncoder())
    return [
        contender("JSONEncoder") { _ in try foundation.encode(value) },
        contender("ReerJSON") { _ in try reer.encode(value) },
        contender("YajlEncoder") { _ in try yajl.encode(value) },
    ]
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: PeerRunner CORPUS_DIR [ROUNDS] [MB_PER_RUN]")
    exit(2)
}
let corpus = URL(fileURLWithPath: arguments[1])
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 11 : 11
let megabytes = arguments.count > 3 ? Int(arguments[3]) ?? 8 : 8

/// A corpus file as a payload.
func payload(_ name: String, _ path: String) throws -> Payload {
    Payload(name: name, detail: path, bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(path))))
}

let page = "github/hub4j_searchOrgForRepositories_2022-02.json"
let pageDecoder = YajlDecoder()
pageDecoder.dateDecodingStrategy = .iso8601
let pageValue = try pageDecoder.decode(CodablePage.self, from: try payload("page", page).data)
let encoded = Payload(name: "GitHub page, encoded", detail: "", bytes: [UInt8](try YajlEncoder().encode(pageValue)))
let rows: [(Payload, [Contender])] = [
    (try payload("twitter.json", "standard/twitter.json"), readers(TwitterSearch.self, mapped: TwitterSearch.self)),
    (
        try payload("citm_catalog.json", "standard/citm_catalog.json"),
        readers(CitmCatalog.self, mapped: CitmCatalog.self)
    ),
    (
        try payload("canada.json", "standard/canada.json"),
        readers(GeoFeatureCollection.self, mapped: GeoFeatureCollection.self)
    ),
    (
        try payload("GitHub page, six fields", page),
        readers(DecodableSeedRepositories.self, mapped: SeedRepositories.self)
    ),
    (
        try payload("GitHub page, full model (.iso8601)", page),
        readers(CodablePage.self, mapped: GitHubRepositories.self, dates: .iso8601)
    ),
    (encoded, writers(pageValue)),
]

print("| payload | Foundation MB/s | ReerJSON | Yajl | Mapper | Yajl ÷ ReerJSON | Mapper ÷ ReerJSON |")
print("|---|---|---|---|---|---|---|")
for (payload, contenders) in rows {
    let iterations = max(1, megabytes * 1_000_000 / payload.bytes.count)
    let results = measureInterleaved(contenders, on: payload, warmUp: 1, runs: rounds, iterations: iterations)
    if let failed = results.first(where: { $0.error != nil }) {
        print("| \(payload.name) | \(failed.contender) failed: \(failed.error!) |")
        continue
    }
    let speed = results.map { Double(payload.bytes.count) / $0.median / 1e6 }
    let reer = results[1]
    let mapper = results.count > 3 ? String(format: "%.0f", speed[3]) : ""
    let mapperRatio = results.count > 3 ? String(format: "%.2f", results[3].speed(relativeTo: reer)) : ""
    print(
        String(
            format: "| %@ | %.0f | %.0f | %.0f | %@ | %.2f | %@ |", payload.name, speed[0], speed[1], speed[2], mapper,
            results[2].speed(relativeTo: reer), mapperRatio))
}
