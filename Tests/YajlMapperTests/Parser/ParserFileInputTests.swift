import Foundation
import Testing

@testable import YajlMapper

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Parser file input")
struct ParserFileInputTests {
    static let document =
        Array(ParserTruncationTests.githubRepository.utf8)
        + Array("\n".utf8)

    @Test("a file gives the in-memory events, whatever the chunk size", arguments: [nil, 1, 7, 64, 1 << 20])
    func fileEvents(chunkSize: Int?) throws {
        let file = try TemporaryFile(Self.document)
        defer { file.remove() }
        let expected = try events(Self.document)
        let parsed: EventRecorder
        if let chunkSize {
            let parser = JSONStreamParser(handler: EventRecorder())
            try JSONInput.file(file.path).read(chunkSize: chunkSize) { try parser.feed($0) }
            try parser.finish()
            parsed = parser.handler
        } else {
            parsed = try JSONStreamParser.parse(JSONInput.file(file.path), handler: EventRecorder())
        }
        #expect(parsed.events == expected)
    }

    @Test("read delivers chunks of at most chunkSize bytes that add up to the file", arguments: [0, 1, 7, 4096])
    func readChunks(chunkSize: Int) throws {
        let file = try TemporaryFile(Self.document)
        defer { file.remove() }
        var joined: [UInt8] = []
        var largest = 0
        try JSONInput.file(file.path).read(chunkSize: chunkSize) { chunk in
            #expect(!chunk.isEmpty)
            largest = max(largest, chunk.count)
            joined.append(contentsOf: chunk)
        }
        #expect(joined == Self.document)
        #expect(largest <= max(chunkSize, 1))
    }

    @Test("a parse error in a file is located as in memory", arguments: [1, 7, 4096])
    func fileError(chunkSize: Int) throws {
        let bytes = Array("{\n  \"a\": [1, 2,\r\n  \"b\" 3],\n}\n".utf8)
        let file = try TemporaryFile(bytes)
        defer { file.remove() }
        let expected = try #require(parseError(bytes))
        let parser = JSONStreamParser(handler: EventRecorder())
        let error = #expect(throws: JSONParseError.self) {
            try JSONInput.file(file.path).read(chunkSize: chunkSize) { try parser.feed($0) }
            try parser.finish()
        }
        #expect(error.map(ErrorSummary.init) == ErrorSummary(expected))
        #expect(error?.excerpt.contains("\"b\" 3") == true)
    }

    @Test("a large file read in the default 256 KiB chunks")
    func largeFile() throws {
        var text = "["
        for i in 0..<40_000 {
            text += "{\"id\":\(i),\"name\":\"n\\u00e9\(i)\",\"v\":\(Double(i) / 7)},\n"
        }
        text += "null]"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 2 * JSONInput.defaultChunkSize)
        let file = try TemporaryFile(bytes)
        defer { file.remove() }
        let fromFile = try JSONStreamParser.parse(JSONInput.file(file.path), handler: EventDigest())
        let inMemory = try JSONStreamParser.parse(bytes, handler: EventDigest())
        #expect(fromFile == inMemory)
        #expect(fromFile.count == 40_000 * 8 + 3)
    }

    @Test("readAll gives a file's bytes on any number of threads, and the errors of read")
    func readAllOnThreads() throws {
        var random = TestRandom(state: 5)
        let bytes = (0..<(2 * JSONInput.parallelReadBytes + 12_345)).map { _ in
            UInt8(truncatingIfNeeded: random.below(256))
        }
        let file = try TemporaryFile(bytes)
        defer { file.remove() }
        for jobs in [1, 2, 3, 0] { #expect(try JSONInput.file(file.path).readAll(jobs: jobs) == bytes, "jobs \(jobs)") }
        let empty = try TemporaryFile([])
        defer { empty.remove() }
        #expect(try JSONInput.file(empty.path).readAll(jobs: 2) == [])
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: JSONInputError(path: directory, errno: EISDIR)) { try JSONInput.file(directory).readAll() }
        let missing = directory + "/no-such-file-\(UUID().uuidString).json"
        #expect(throws: JSONInputError(path: missing, errno: ENOENT)) { try JSONInput.file(missing).readAll() }
        // A named pipe is no regular file: it is read in chunks.
        let fifo = directory + "/read-all-\(UUID().uuidString).fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let text = Array(#"{"piped": true}"#.utf8)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        #expect(try JSONInput.file(fifo).readAll(jobs: 2) == text)
    }

    @Test("an empty file is an empty-input error")
    func emptyFile() throws {
        let file = try TemporaryFile([])
        defer { file.remove() }
        let error = #expect(throws: JSONParseError.self) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: DiscardEvents())
        }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "empty input: no JSON value")
    }

    @Test("a missing file is a JSONInputError")
    func missingFile() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("no-such-file-\(UUID().uuidString).json").path
        let error = #expect(throws: JSONInputError.self) {
            _ = try JSONStreamParser.parse(JSONInput.file(path), handler: EventRecorder())
        }
        #expect(error?.path == path)
        #expect(error?.reason == "No such file or directory")
        #expect(error?.description == "\(path): No such file or directory")
        #expect(error == JSONInputError(path: path, errno: ENOENT))
    }

    @Test("a directory is a JSONInputError")
    func directory() throws {
        let path = FileManager.default.temporaryDirectory.path
        let error = #expect(throws: JSONInputError.self) {
            _ = try JSONStreamParser.parse(JSONInput.file(path), handler: DiscardEvents())
        }
        #expect(error?.path == path)
        #expect(error?.reason == "Is a directory")
    }

    @Test("a file descriptor is read to its end and left open")
    func fileDescriptor() throws {
        let file = try TemporaryFile(Self.document)
        defer { file.remove() }
        let fd = open(file.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let parsed = try JSONStreamParser.parse(JSONInput.fileDescriptor(fd), handler: EventRecorder())
        #expect(parsed.events == (try events(Self.document)))
        #expect(fcntl(fd, F_GETFD) != -1)
        #expect(JSONInput.fileDescriptor(fd).displayName == "fd \(fd)")
    }

    @Test("display names")
    func displayNames() {
        #expect(JSONInput.file("a/b.json").displayName == "a/b.json")
        #expect(JSONInput.standardInput.displayName == "-")
    }

    @Test("an error thrown by the handler while reading a file is rethrown unchanged")
    func handlerErrorFromFile() throws {
        let file = try TemporaryFile(Self.document)
        defer { file.remove() }
        #expect(throws: HandlerStop(event: .startObject)) {
            _ = try JSONStreamParser.parse(JSONInput.file(file.path), handler: ThrowingHandler(throwAt: 0))
        }
    }
}
