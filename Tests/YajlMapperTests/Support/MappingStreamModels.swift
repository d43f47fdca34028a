import Foundation

@testable import YajlMapper

struct StrmRepo: Mappable, Equatable, Sendable {
    var id = 0
    var name = ""
    var fullName: String?
    var owner: String?
    var stars = 0
    var topics: [String]?
    init?(map: Map) {}
    init(id: Int, name: String, fullName: String?, owner: String?, stars: Int, topics: [String]?) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.owner = owner
        self.stars = stars
        self.topics = topics
    }
    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        owner <- map["owner.login"]
        stars <- map["stargazers_count"]
        topics <- map["topics"]
    }
}

/// Reads `extra` only for `kind` "x": the plan learned first lacks it (a miss).
struct StrmConditional: Mappable, Equatable {
    var kind = ""
    var extra: Int?
    init?(map: Map) {}
    init(kind: String, extra: Int?) {
        self.kind = kind
        self.extra = extra
    }
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if kind == "x" { extra <- map["extra"] }
    }
}

struct StrmPage: Mappable {
    var total = 0
    var incomplete = true
    var items: [StrmRepo] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total_count"]
        incomplete <- map["incomplete_results"]
        items <- map["items"]
    }
}

/// Bytes delivered one at a time, asynchronously.
struct StrmByteSequence: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0
        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            if index % 512 == 0 { await Task.yield() }
            return bytes[index]
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

/// Bytes delivered in chunks of a fixed size, asynchronously.
struct StrmChunkSequence: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let bytes: [UInt8]
    let size: Int
    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let size: Int
        var offset = 0
        mutating func next() async -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + size, bytes.count)
            defer { offset = end }
            await Task.yield()
            return Array(bytes[offset..<end])
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, size: size) }
}

enum StrmFixture {
    /// One item per line: item `i` is on line `5 + i`, starting at column 5.
    static func page(count: Int, bad: [Int: String] = [:]) -> (text: String, expected: [StrmRepo]) {
        var lines: [String] = []
        var expected: [StrmRepo] = []
        for i in 0..<count {
            let topics = i % 4 == 0 ? #""topics": ["t\#(i)", "swift"], "# : (i % 4 == 1 ? #""topics": null, "# : "")
            let owner =
                i % 3 == 0 ? #""owner": {"login": "user\#(i)", "id": \#(i), "site_admin": false}"# : #""owner": null"#
            let stars = bad[i] ?? "\(i * 7)"
            lines.append(
                #"    {"id": \#(1000 + i), "node_id": "N\#(i)", "name": "repo\#(i)", "full_name": "org/repo\#(i)", \#(topics)"stargazers_count": \#(stars), "license": {"key": "mit", "spdx": [1, {"x": [2]}]}, \#(owner)}"#
            )
            expected.append(
                StrmRepo(
                    id: 1000 + i, name: "repo\(i)", fullName: "org/repo\(i)",
                    owner: i % 3 == 0 ? "user\(i)" : nil, stars: i * 7,
                    topics: i % 4 == 0 ? ["t\(i)", "swift"] : nil))
        }
        let text =
            "{\n  \"total_count\": \(count * 10),\n  \"incomplete_results\": false,\n  \"items\": [\n"
            + lines.joined(separator: ",\n") + "\n  ],\n  \"after\": {\"page\": 2}\n}\n"
        return (text, expected)
    }

    /// Column (1-based bytes) of the value of `"stargazers_count"` on item `i`'s line.
    static func starsColumn(in text: String, item i: Int) -> Int {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[4 + i]
        let range = line.range(of: #""stargazers_count": "#)!
        return line.utf8.distance(from: line.startIndex, to: range.upperBound) + 1
    }

    /// Maps the elements at `path` by pushing chunks of `size` bytes.
    static func push<N: BaseMappable>(
        _ text: String, chunk size: Int, path: JSONPath = "items",
        mapper: Mapper<N> = Mapper<N>()
    ) throws -> ([N], StreamSummary) {
        var models: [N] = []
        let stream = MappingStreamParser<N>(mapper: mapper, elementsAt: path) { models.append($0) }
        let summary = try feed(stream, Array(text.utf8), chunk: size)
        return (models, summary)
    }

    /// Feeds `bytes` to a stream in chunks of `size` bytes, then finishes it.
    static func feed<N: BaseMappable>(
        _ stream: MappingStreamParser<N>, _ bytes: [UInt8], chunk size: Int
    ) throws -> StreamSummary {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + size, bytes.count)
            try stream.feed(Array(bytes[offset..<end]))
            offset = end
        }
        return try stream.finish()
    }
}

/// Counts the chunks pulled from an endless sequence (which never checks cancellation).
final class StrmPullCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var pulled = 0
    func increment() { lock.withLock { pulled += 1 } }
    var count: Int { lock.withLock { pulled } }
}

/// `{"items": [` then `{"id": n},` forever (capped, so a broken test still ends).
struct StrmEndlessChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    static let cap = 10_000_000
    let counter: StrmPullCounter
    struct AsyncIterator: AsyncIteratorProtocol {
        let counter: StrmPullCounter
        var n = 0
        mutating func next() async -> [UInt8]? {
            guard n < StrmEndlessChunks.cap else { return nil }
            defer { n += 1 }
            counter.increment()
            return n == 0 ? Array(#"{"items": ["#.utf8) : Array(#"{"id": \#(n), "name": "r"},"#.utf8)
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(counter: counter) }
}
