import CZlib
import Foundation

/// Reads gzip input (one member or several, as `cat a.gz b.gz` makes), inflated on a
/// thread of its own while the caller parses the text already inflated.
enum GzipReader {
    /// The size of each buffer of inflated text.
    static let bufferSize = 256 * 1024
    /// How many buffers of inflated text there are: one being read, the others filling ahead.
    static let bufferCount = 4
    /// The size of the buffer compressed bytes are read into (at least the bytes already read).
    static let inputSize = 128 * 1024

    /// Whether `bytes` start with gzip's magic bytes, 1f 8b.
    static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// Inflates `fd` (whose first bytes, already read, are `prefix`) and calls `body` with the
    /// text in chunks of at most `chunkSize` bytes.
    /// - Throws: ``GzipInputError``, ``JSONInputError`` when `fd` cannot be read, or what `body` throws.
    static func read(
        fd: Int32, prefix: UnsafeRawBufferPointer, path: String, chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var info = stat()
        let isRegularFile = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let start = Array(prefix)
        let ahead = try ReadAhead.start(
            bufferCount: bufferCount, bufferSize: bufferSize, watchesInput: !isRegularFile, path: path
        ) { ahead in
            let inflater = try GzipInflater(
                fd: fd, path: path, watchesInput: !isRegularFile, ahead: ahead,
                inputSize: max(inputSize, start.count))
            try inflater.run(prefix: start)
        }
        defer { ahead.stop() }
        while let text = try ahead.next() {
            try JSONInput.deliver(text, chunkSize: chunkSize, body)
        }
    }
}

/// One gzip input's inflate loop, run on the read-ahead's thread.
private final class GzipInflater {
    /// What one refill of the compressed bytes found.
    private enum Refill {
        /// Bytes were read.
        case read
        /// The input has ended.
        case ended
        /// Nothing is there yet (only when asked not to wait).
        case wouldBlock
        /// The reader has stopped.
        case stopped
    }

    /// The input.
    private let fd: Int32
    /// The input's name in errors.
    private let path: String
    /// Whether the input may block (a pipe or terminal): waits go through the read-ahead, which can end them.
    private let watchesInput: Bool
    /// Where the inflated text goes.
    private let ahead: ReadAhead
    /// zlib's state; it must not move, zlib keeps its address.
    private let stream: UnsafeMutablePointer<z_stream>
    /// The compressed bytes read and not yet inflated.
    private let input: UnsafeMutableRawBufferPointer

    /// Wraps `inflateInit2` (gzip headers only); compressed bytes are read `inputSize` at a time.
    /// - Throws: ``GzipInputError`` when zlib cannot start.
    init(fd: Int32, path: String, watchesInput: Bool, ahead: ReadAhead, inputSize: Int) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let code = czlib_inflate_init_gzip(stream)
        guard code == Z_OK else {
            stream.deallocate()
            throw GzipInputError(path: path, kind: .corrupt("zlib cannot start (\(code))"))
        }
        self.fd = fd
        self.path = path
        self.watchesInput = watchesInput
        self.ahead = ahead
        input = .allocate(byteCount: inputSize, alignment: 16)
    }

    /// Wraps `inflateEnd`.
    deinit {
        inflateEnd(stream)
        stream.deallocate()
        input.deallocate()
    }

    /// Inflates every member into the read-ahead's buffers until the input ends or the reader stops.
    /// - Throws: ``GzipInputError`` (after publishing the text inflated before the problem), ``JSONInputError``.
    func run(prefix: [UInt8]) throws {
        prefix.withUnsafeBytes { input.copyMemory(from: $0) }
        stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = UInt32(prefix.count)
        var ended = false
        var memberEnded = false
        while let slot = ahead.nextBuffer() {
            stream.pointee.next_out = slot.bytes.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = UInt32(slot.bytes.count)
            var filled: Int { slot.bytes.count - Int(stream.pointee.avail_out) }
            fill: while stream.pointee.avail_out > 0 {
                if stream.pointee.avail_in == 0 && !ended {
                    switch try refill(mayWait: filled == 0) {
                    case .read: break
                    case .ended: ended = true
                    case .wouldBlock: break fill
                    case .stopped: return
                    }
                }
                if stream.pointee.avail_in == 0 && ended {
                    ahead.publish(slot, count: filled)
                    if memberEnded { return }
                    throw GzipInputError(path: path, kind: .truncated)
                }
                if memberEnded {
                    inflateReset(stream)
                    memberEnded = false
                }
                let code = inflate(stream, Z_NO_FLUSH)
                if code == Z_STREAM_END {
                    memberEnded = true
                } else if code != Z_OK && (code != Z_BUF_ERROR || stream.pointee.avail_in > 0) {
                    ahead.publish(slot, count: filled)
                    throw GzipInputError(path: path, kind: .corrupt(message(code)))
                }
            }
            ahead.publish(slot, count: filled)
        }
    }

    /// Reads the next compressed bytes; with `mayWait` false, returns ``Refill/wouldBlock`` rather than wait for them.
    /// - Throws: ``JSONInputError`` when the read fails.
    private func refill(mayWait: Bool) throws -> Refill {
        if watchesInput {
            switch ahead.waitForInput(fd, timeout: mayWait ? -1 : 0) {
            case .ready: break
            case .timedOut: return .wouldBlock
            case .stopped: return .stopped
            }
        }
        let n = retryingInterrupts { read(fd, input.baseAddress, input.count) }
        if n < 0 { throw JSONInputError(path: path, errno: errno) }
        if n == 0 { return .ended }
        stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = UInt32(n)
        return .read
    }

    /// zlib's message for the last failure, else its code.
    private func message(_ code: Int32) -> String {
        if let text = stream.pointee.msg { return String(cString: text) }
        return code == Z_NEED_DICT ? "a preset dictionary is needed" : "zlib error \(code)"
    }
}
