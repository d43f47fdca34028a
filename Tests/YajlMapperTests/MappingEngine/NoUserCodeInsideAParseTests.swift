import Foundation
import Testing

@_spi(Fuzzing) @testable import YajlMapper

// While `yajl_parse` is on the stack, only the package's own event consumers run: never a
// model's `init?(map:)` or `mapping(map:)`, a `Decodable`'s `init(from:)`, or a transform.
// `ParseNesting.depth` counts, per thread, the yajl calls under way; each piece of user code
// below notes it, and every way of reading a document must leave the deepest note at 0.

/// The deepest `ParseNesting.depth` user code saw, and how often it ran.
private final class UserCodeProbe: @unchecked Sendable {
    static let shared = UserCodeProbe()
    private let lock = NSLock()
    private var deepest = 0
    private var calls = 0

    /// Notes the depth on the calling thread.
    func note() {
        let depth = ParseNesting.depth
        lock.withLock {
            deepest = max(deepest, depth)
            calls += 1
        }
    }

    /// What was noted since the last call, and a fresh start.
    func take() -> (deepest: Int, calls: Int) {
        lock.withLock {
            defer { (deepest, calls) = (0, 0) }
            return (deepest, calls)
        }
    }
}

private enum ProbeTagWhole {}
private enum ProbeTagStream {}
private enum ProbeTagThreads {}

/// A transform that notes where it runs.
private struct ProbeTransform: TransformType {
    func transformFromJSON(_ value: Any?) -> Int? {
        UserCodeProbe.shared.note()
        return value as? Int
    }
    func transformToJSON(_ value: Int?) -> Int? { value }
}

/// A model whose keys depend on its `kind`, so a plan learned from one misses the other.
private struct ProbedItem<Tag>: Mappable {
    var kind = ""
    var value = 0
    var doubled: Int?

    init?(map: Map) { UserCodeProbe.shared.note() }

    mutating func mapping(map: Map) {
        UserCodeProbe.shared.note()
        kind <- map["kind"]
        value <- map[kind == "a" ? "a" : "b"]
        doubled <- (map["n"], ProbeTransform())
    }
}

/// A page of them.
private struct ProbedPage<Tag>: Mappable {
    var items: [ProbedItem<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        UserCodeProbe.shared.note()
        items <- map["items"]
    }
}

/// The same for Codable.
private struct ProbedDecodable: Decodable {
    var kind: String
    var value: Int

    enum CodingKeys: String, CodingKey { case kind, a, b }

    init(from decoder: any Decoder) throws {
        UserCodeProbe.shared.note()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        value = try container.decode(Int.self, forKey: kind == "a" ? .a : .b)
    }
}

/// A page of those.
private struct ProbedDecodablePage: Decodable {
    var items: [ProbedDecodable]
}

/// Notes the depth inside a parse's callback: what the probe sees when code does run there.
private struct NotesInsideItsEvents: JSONEventHandler {
    mutating func startObject() throws { UserCodeProbe.shared.note() }
}

@Suite("No user code runs while yajl parses", .serialized)
struct NoUserCodeInsideAParseTests {
    /// A page of `count` items whose keys switch with their kind, one in three mistyped
    /// when `mistyped`.
    static func page(_ count: Int, mistyped: Bool = true) -> String {
        let items = (0..<count).map { i in
            let kind = i % 3 == 0 ? "a" : "b"
            let value = mistyped && i % 3 == 2 ? #""\#(i)""# : "\(i)"
            return #"{"kind": "\#(kind)", "\#(kind)": \#(value), "n": \#(i), "pad": [1, {"x": 2}]}"#
        }
        return #"{"total": \#(count), "items": [\#(items.joined(separator: ",\n"))]}"#
    }

    /// Expects user code to have run, and never inside a parse.
    static func expectOutside(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (deepest, calls) = UserCodeProbe.shared.take()
        #expect(calls > 0, "\(what): no user code ran", sourceLocation: sourceLocation)
        #expect(deepest == 0, "\(what): user code ran inside \(deepest) parse(s)", sourceLocation: sourceLocation)
    }

    @Test func theProbeSeesCodeRunInsideACallback() throws {
        _ = UserCodeProbe.shared.take()
        _ = try JSONStreamParser.parse(Array(#"[{}, {"a": {}}]"#.utf8), handler: NotesInsideItsEvents())
        let (deepest, calls) = UserCodeProbe.shared.take()
        #expect(calls == 3 && deepest == 1)
    }

    @Test func wholeDocumentsMappedAndDecoded() throws {
        _ = UserCodeProbe.shared.take()
        let text = Self.page(30)
        for strict in [false, true] {
            for _ in 0..<3 {
                _ = try? Mapper<ProbedPage<ProbeTagWhole>>(strict: strict, jobs: 1).map(string: text)
                Self.expectOutside("mapper, strict: \(strict)")
            }
        }
        for _ in 0..<3 {
            _ = try? YajlDecoder().decode(ProbedDecodablePage.self, from: Data(text.utf8))
            Self.expectOutside("decoder")
        }
    }

    @Test(arguments: [1, 2])
    func streams(jobs: Int) throws {
        _ = UserCodeProbe.shared.take()
        let text = Data(Self.page(60).utf8)
        for _ in 0..<2 {
            let stream = MappingStreamParser(mapper: Mapper<ProbedItem<ProbeTagStream>>(), elementsAt: "items") { _ in
                UserCodeProbe.shared.note()
            }
            let mapped = try stream.read(text, jobs: jobs, windowSize: 512)
            Self.expectOutside("mapped stream, \(jobs) thread(s)")
            #expect((mapped.elementsFromThreads > 0) == (jobs > 1))
            let decoder = YajlDecoder()
            let decoded = try Data(Self.page(60, mistyped: false).utf8).withUnsafeBytes { buffer in
                try decoder.stream(
                    ProbedDecodable.self,
                    chunks: { size, feed in try JSONInput.deliver(buffer, chunkSize: size ?? 700, feed) },
                    elementsAt: "items", jobs: jobs, windowSize: 512
                ) { _ in UserCodeProbe.shared.note() }
            }
            Self.expectOutside("decoded stream, \(jobs) thread(s)")
            #expect(decoded.count == 60 && (decoded.elementsFromThreads > 0) == (jobs > 1))
        }
    }

    @Test func wholeDocumentsOnEveryCore() throws {
        _ = UserCodeProbe.shared.take()
        let text = Array(Self.page(400).utf8)
        let mapper = Mapper<ProbedPage<ProbeTagThreads>>(jobs: 2)
        mapper.parallelFrom = 1024
        let decoder = YajlDecoder()
        decoder.jobs = 2
        decoder.splitsFrom = (0, 64)
        var mappedOnThreads = 0
        for _ in 0..<3 {
            let result = try text.withUnsafeBytes { try mapper.mapResult(bytes: $0) }
            mappedOnThreads += result.elementsFromThreads
            Self.expectOutside("mapper on two threads")
            _ = try decoder.decode(ProbedDecodablePage.self, from: Data(Self.page(400, mistyped: false).utf8))
            Self.expectOutside("decoder on two threads")
            _ = try? decoder.decode(ProbedDecodablePage.self, from: Data(text))
            Self.expectOutside("decoder on two threads, a value mistyped")
        }
        #expect(mappedOnThreads > 0 && decoder.elementsFromThreads.value > 0)
    }
}
