import Dispatch
import Foundation
import GzipTestSupport
import SearchSeedModel
import Testing

@testable import YajlMapper

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The error the tests' bodies throw to leave a read early.
private struct BodyStop: Error, Equatable {}

@Suite("Parser gzip input")
struct ParserGzipInputTests {
    /// A small document ending in a line break.
    static let document = ParserFileInputTests.document

    /// About 2.6 MB of JSON: ten of the read-ahead's buffers.
    static let large = rows(40_000)

    /// An array of `count` objects, one a line, about 65 bytes each.
    static func rows(_ count: Int) -> [UInt8] {
        var text = "[\n"
        for i in 0..<count {
            text += "{\"id\":\(i),\"name\":\"n\\u00e9\(i)\",\"v\":\(Double(i) / 7)},\n"
        }
        return Array((text + "null]\n").utf8)
    }

    /// ``large`` compressed.
    static let largeGzip = Gzip.compress(large)

    /// A search page the seed model maps.
    static let page = Array(
        """
        {"total_count": 2, "incomplete_results": false, "items": [
          {"id": 1, "name": "a", "full_name": "o/a", "html_url": "https://github.com/o/a",
           "description": "first", "owner": {"avatar_url": "https://a/1"}},
          {"id": 2, "name": "b", "full_name": "o/b", "html_url": "https://github.com/o/b",
           "description": null, "owner": {"avatar_url": "https://a/2"}}
        ]}

        """.utf8)

    /// Everything `input` reads, with each chunk's size checked against `chunkSize`.
    private func readAll(_ input: JSONInput, chunkSize: Int = JSONInput.defaultChunkSize) throws -> [UInt8] {
        var joined: [UInt8] = []
        try input.read(chunkSize: chunkSize) { chunk in
            #expect(!chunk.isEmpty)
            #expect(chunk.count <= chunkSize)
            joined.append(contentsOf: chunk)
        }
        return joined
    }

    @Test("a .gz file gives the plain file's events, whatever the chunk size", arguments: [nil, 1, 7, 4096])
    func sameEvents(chunkSize: Int?) throws {
        let file = try TemporaryFile(Gzip.compress(Self.document), pathExtension: "json.gz")
        defer { file.remove() }
        let parser = JSONStreamParser(handler: EventRecorder())
        if let chunkSize {
            try JSONInput.file(file.path).read(chunkSize: chunkSize) { try parser.feed($0) }
        } else {
            try JSONInput.file(file.path).read { try parser.feed($0) }
        }
        try parser.finish()
        #expect(parser.handler.events == (try events(Self.document)))
    }

    @Test(
        "a large .gz file reads back byte for byte in chunks of at most chunkSize", arguments: [1000, 65536, 1 << 20])
    func largeFile(chunkSize: Int) throws {
        let file = try TemporaryFile(Self.largeGzip, pathExtension: "gz")
        defer { file.remove() }
        #expect(try readAll(.file(file.path), chunkSize: chunkSize) == Self.large)
        let digest = try JSONStreamParser.parse(JSONInput.file(file.path), handler: EventDigest())
        #expect(digest == (try JSONStreamParser.parse(Self.large, handler: EventDigest())))
    }

    /// (Chunk sizes that divide the read-ahead's 256 KiB buffers: the chunks are then the plain file's, and so is the excerpt.)
    @Test("a parse error is located in the inflated text, as in the plain file", arguments: [1, 4096, 65536])
    func errorsAtTheSameLineAndColumn(chunkSize: Int) throws {
        // Past the first buffer (a shorter text byte by byte: the parse is slow then).
        let count = chunkSize == 1 ? 5_000 : 40_000
        var bytes = Self.rows(count)
        bytes.removeLast(2)
        bytes += Array("\n  {\"late\": [1, 2,\r\n  \"b\" 3]}]\n".utf8)
        #expect(bytes.count > GzipReader.bufferSize)
        let expected = try #require(parseError(bytes))
        #expect(expected.line > count)
        let plain = try TemporaryFile(bytes)
        let file = try TemporaryFile(Gzip.compress(bytes), pathExtension: "gz")
        defer {
            plain.remove()
            file.remove()
        }
        let fromPlain = try #require(inputError(.file(plain.path), chunkSize: chunkSize))
        let fromGzip = try #require(inputError(.file(file.path), chunkSize: chunkSize))
        #expect(ErrorSummary(fromGzip) == ErrorSummary(expected))
        #expect(ErrorSummary(fromPlain) == ErrorSummary(expected))
        #expect(fromGzip.excerpt == fromPlain.excerpt)
    }

    /// The parse error reading `input` in chunks of `chunkSize` throws.
    private func inputError(_ input: JSONInput, chunkSize: Int) -> JSONParseError? {
        let parser = JSONStreamParser(handler: DiscardEvents())
        return #expect(throws: JSONParseError.self) {
            try input.read(chunkSize: chunkSize) { try parser.feed($0) }
            try parser.finish()
        }
    }

    @Test("gzip's magic bytes are enough: a .json name holding gzip data is inflated")
    func magicWithoutExtension() throws {
        let file = try TemporaryFile(Gzip.compress(Self.document))
        defer { file.remove() }
        #expect(file.path.hasSuffix(".json"))
        #expect(try readAll(.file(file.path)) == Self.document)
    }

    @Test("a .gz name without gzip's magic bytes is read as it is")
    func plainContentWithGzName() throws {
        let file = try TemporaryFile(Self.document, pathExtension: "json.gz")
        defer { file.remove() }
        #expect(try readAll(.file(file.path)) == Self.document)
        let parsed = try JSONStreamParser.parse(JSONInput.file(file.path), handler: EventRecorder())
        #expect(parsed.events == (try events(Self.document)))
    }

    @Test("a file holding only 1f is plain (and not JSON)", arguments: [[0x1f], [0x1f, 0x7b]] as [[UInt8]])
    func magicCut(bytes: [UInt8]) throws {
        let file = try TemporaryFile(bytes)
        defer { file.remove() }
        #expect(try readAll(.file(file.path), chunkSize: 1) == bytes)
        let expected = try #require(parseError(bytes))
        let error = #expect(throws: JSONParseError.self) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: DiscardEvents())
        }
        #expect(error.map(ErrorSummary.init) == ErrorSummary(expected))
    }

    @Test(
        "concatenated members are read one after the other, as zcat does", arguments: [[1], [10, 11, 300], [0, 0, 5]])
    func concatenatedMembers(splits: [Int]) throws {
        let text = ParserFileInputTests.document + Self.large
        var members: [UInt8] = []
        var start = 0
        for split in splits {
            members += Gzip.compress(Array(text[start..<start + split]))
            start += split
        }
        members += Gzip.compress(Array(text[start...]), level: 1)
        let file = try TemporaryFile(members, pathExtension: "gz")
        defer { file.remove() }
        #expect(try readAll(.file(file.path)) == text)
        var options = JSONParseOptions()
        options.allowMultipleValues = true
        let digest = try JSONStreamParser.parse(JSONInput.file(file.path), handler: EventDigest(), options: options)
        #expect(digest == (try JSONStreamParser.parse(text, handler: EventDigest(), options: options)))
    }

    @Test("an empty gzip member is an empty input, as an empty file is")
    func emptyMember() throws {
        let file = try TemporaryFile(Gzip.compress([UInt8]()), pathExtension: "gz")
        defer { file.remove() }
        #expect(try readAll(.file(file.path)).isEmpty)
        let error = #expect(throws: JSONParseError.self) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: DiscardEvents())
        }
        #expect(error?.message == "empty input: no JSON value")
    }

    @Test(
        "corrupt gzip data is a GzipInputError with zlib's message",
        arguments: [
            (2, "unknown compression method"), (-8, "incorrect data check"), (-4, "incorrect length check"),
        ])
    func corrupt(at position: Int, message: String) throws {
        var bytes = Gzip.compress(Self.document)
        let index = position < 0 ? bytes.count + position : position
        bytes[index] ^= 0x55
        let file = try TemporaryFile(bytes, pathExtension: "gz")
        defer { file.remove() }
        let expected = GzipInputError(path: file.path, kind: .corrupt(message))
        #expect(throws: expected) { _ = try readAll(.file(file.path)) }
        #expect(throws: expected) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: DiscardEvents())
        }
        #expect(expected.description == "\(file.path): gzip data is corrupt: \(message)")
    }

    @Test("bytes after the last member that are not another member are corrupt")
    func trailingGarbage() throws {
        let file = try TemporaryFile(Gzip.compress(Self.document) + Array("junk".utf8), pathExtension: "gz")
        defer { file.remove() }
        #expect(throws: GzipInputError(path: file.path, kind: .corrupt("incorrect header check"))) {
            _ = try readAll(.file(file.path))
        }
    }

    @Test("garbage after gzip's magic bytes is corrupt, never a crash or a hang", arguments: 0..<8)
    func garbage(seed: UInt64) throws {
        var random = TestRandom(state: seed)
        let bytes: [UInt8] =
            [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3] + (0..<5000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let file = try TemporaryFile(bytes, pathExtension: "gz")
        defer { file.remove() }
        let error = #expect(throws: GzipInputError.self) { _ = try readAll(.file(file.path)) }
        #expect(error?.path == file.path)
    }

    @Test("a cut gzip stream is a GzipInputError: it ends early", arguments: [2, 10, 11, 300, -9, -1])
    func truncated(keep: Int) throws {
        let bytes = Self.largeGzip
        let file = try TemporaryFile(Array(bytes.prefix(keep < 0 ? bytes.count + keep : keep)), pathExtension: "gz")
        defer { file.remove() }
        let expected = GzipInputError(path: file.path, kind: .truncated)
        #expect(throws: expected) { _ = try readAll(.file(file.path)) }
        #expect(throws: expected) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: DiscardEvents())
        }
        #expect(expected.description == "\(file.path): gzip stream ends early")
    }

    @Test("a body that throws stops the read-ahead at once, however far it has read", arguments: [0, 1, 3, 30])
    func throwingBodyStops(after chunks: Int) throws {
        let file = try TemporaryFile(Self.largeGzip, pathExtension: "gz")
        defer { file.remove() }
        for _ in 0..<20 {
            var seen = 0
            #expect(throws: BodyStop()) {
                try JSONInput.file(file.path).read { _ in
                    if seen == chunks { throw BodyStop() }
                    seen += 1
                }
            }
        }
        #expect(throws: HandlerStop(event: .startObject)) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: ThrowingHandler(throwAt: 1))
        }
    }

    @Test("a pipe is inflated as it arrives, and an early stop does not wait for more", .timeLimit(.minutes(1)))
    func pipeStopsWithoutWaiting() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        // Half the stream, and the pipe left open: a read-ahead waiting for the rest must be woken.
        let half = Array(Self.largeGzip.prefix(Self.largeGzip.count / 2))
        let writer = fds[1]
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            half.withUnsafeBytes { _ = BufferedWrite.all(writer, $0) }
            written.signal()
        }
        var received = 0
        #expect(throws: BodyStop()) {
            try JSONInput.fileDescriptor(fds[0]).read { chunk in
                received += chunk.count
                if received > Self.large.count / 4 { throw BodyStop() }
            }
        }
        written.wait()
        close(fds[1])
    }

    @Test("standard input or a pipe that starts with 1f 8b is inflated")
    func pipeInput() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let members = Gzip.compress(Self.document) + Self.largeGzip
        let writer = fds[1]
        DispatchQueue.global().async {
            members.withUnsafeBytes { _ = BufferedWrite.all(writer, $0) }
            close(writer)
        }
        #expect(try readAll(.fileDescriptor(fds[0])) == Self.document + Self.large)
    }

    @Test("every entry point reads gzip: the mapper, the stream, the JSON value and YajlDecoder")
    func entryPoints() throws {
        let file = try TemporaryFile(Gzip.compress(Self.page), pathExtension: "gz")
        defer { file.remove() }
        let input = JSONInput.file(file.path)
        let mapped = try Mapper<SeedRepositories>().map(contentsOf: input)
        #expect(mapped.totalCount == 2)
        #expect(mapped.items.map(\.fullName) == ["o/a", "o/b"])
        var streamed: [String] = []
        let summary = try Mapper<SeedRepository>().stream(input, elementsAt: "items") { streamed.append($0.name) }
        #expect(streamed == ["a", "b"])
        #expect(summary.envelope["total_count"].int == 2)
        #expect(try JSON(reading: input) == (try JSON(parsing: Self.page)))
        let decoded = try YajlDecoder().decode(DecodableSeedRepositories.self, from: input)
        #expect(decoded.items.map(\.owner.avatarURL) == ["https://a/1", "https://a/2"])
        #expect(try input.readAll() == Self.page)
    }
}

/// Writes to a descriptor.
enum BufferedWrite {
    /// Writes every byte, retrying after interruptions.
    /// - Returns: whether every byte was written.
    static func all(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
