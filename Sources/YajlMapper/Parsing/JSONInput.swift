import Foundation

/// A file or standard input, read in fixed-size chunks.
public enum JSONInput: Sendable, Equatable {
    /// A file by path.
    case file(String)
    /// Standard input.
    case standardInput
    /// An open file descriptor, read to its end and not closed.
    case fileDescriptor(Int32)

    /// The chunk size used by ``read(chunkSize:_:)`` when none is given: 64 KiB, which keeps each chunk in the CPU cache between the copy from the kernel and the parse.
    public static let defaultChunkSize = 64 * 1024

    /// Calls `body` with each chunk of the input, in order, reusing one buffer.
    ///
    /// Input that starts with gzip's magic bytes (1f 8b), whatever its name, is inflated as it
    /// is read, on a second thread, and `body` gets the text; concatenated members are read
    /// one after the other, as `zcat` does. Other input is read as it is, `.gz` name or not.
    /// - Parameters:
    ///   - chunkSize: the most bytes read at once.
    ///   - body: receives a view of each chunk, valid during the call.
    /// - Throws: ``JSONInputError`` when the input cannot be opened or read, ``GzipInputError``
    ///   when its gzip data is corrupt or cut short, or what `body` throws.
    public func read(
        chunkSize: Int = JSONInput.defaultChunkSize,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let fd: Int32
        switch self {
        case .standardInput:
            fd = 0
        case .fileDescriptor(let given):
            fd = given
        case .file(let path):
            fd = open(path, O_RDONLY)
            if fd < 0 { throw JSONInputError(path: path, errno: errno) }
        }
        defer { if case .file = self { close(fd) } }
        var info = stat()
        if case .file(let path) = self, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw JSONInputError(path: path, errno: EISDIR)
        }
        let size = max(chunkSize, 1)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 2), alignment: 16)
        defer { buffer.deallocate() }
        // The first two bytes say whether the input is gzip.
        var start = 0
        while start < 2 {
            let n = try readSome(fd, buffer.baseAddress! + start, buffer.count - start)
            if n == 0 { break }
            start += n
        }
        let prefix = UnsafeRawBufferPointer(rebasing: buffer[0..<start])
        if GzipReader.hasMagic(prefix) {
            try GzipReader.read(fd: fd, prefix: prefix, path: displayName, chunkSize: size, body)
            return
        }
        try Self.deliver(prefix, chunkSize: size, body)
        if start < 2 { return }
        while true {
            let n = try readSome(fd, buffer.baseAddress!, size)
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    /// Gives its body chunks of at most the size asked (`nil`: a size of its own), in order.
    typealias Chunks = (_ size: Int?, (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// The input's chunks (of ``defaultChunkSize`` unless asked).
    var chunks: Chunks { { size, body in try read(chunkSize: size ?? Self.defaultChunkSize, body) } }

    /// The chunks of `bytes` (all at once unless asked).
    static func chunks(of bytes: UnsafeRawBufferPointer) -> Chunks {
        { size, body in try deliver(bytes, chunkSize: size ?? bytes.count, body) }
    }

    /// Calls `body` with `bytes` in pieces of at most `chunkSize` bytes (none when empty).
    static func deliver(
        _ bytes: UnsafeRawBufferPointer, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            try body(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
    }

    /// Reads up to `count` bytes, retrying after interruptions.
    /// - Returns: the count read, 0 at the end.
    /// - Throws: ``JSONInputError``.
    private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) throws -> Int {
        let n = retryingInterrupts { readBytes(fd, buffer, count) }
        if n < 0 { throw JSONInputError(path: displayName, errno: errno) }
        return n
    }

    /// The path, or `-` for standard input.
    public var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "-"
        case .fileDescriptor(let fd): return "fd \(fd)"
        }
    }
}

/// An input that could not be opened or read.
public struct JSONInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// The system's reason, e.g. `No such file or directory`.
    public var reason: String

    /// Creates an error from an `errno` value.
    public init(path: String, errno code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code))
    }

    /// `PATH: reason`.
    public var description: String { "\(path): \(reason)" }
}

/// What `call` returns, called again while it fails with `EINTR`.
func retryingInterrupts<Value: BinaryInteger>(_ call: () -> Value) -> Value {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

@inline(__always)
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
