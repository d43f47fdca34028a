import YajlMapper

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes and reads: the process's streams, or buffers in tests.
public final class CommandIO {
    private let writeOut: (UnsafeRawBufferPointer) -> Void
    private let writeErr: (String) -> Void
    /// Whether standard error is a terminal (progress lines are shown only then).
    public let stderrIsTerminal: Bool
    /// The columns of the terminal standard output is on; `nil` when it is not a terminal.
    public let stdoutColumns: Int?
    /// Standard input.
    public let stdin: JSONInputSource

    /// Creates an I/O set from closures.
    public init(
        stdin: JSONInputSource = .standardInput, stderrIsTerminal: Bool = false, stdoutColumns: Int? = nil,
        out: @escaping (UnsafeRawBufferPointer) -> Void, err: @escaping (String) -> Void
    ) {
        self.stdin = stdin
        self.stderrIsTerminal = stderrIsTerminal
        self.stdoutColumns = stdoutColumns
        self.writeOut = out
        self.writeErr = err
    }

    /// The process's own stdin, stdout (buffered) and stderr.
    public static func process() -> CommandIO {
        let stdout = BufferedFileDescriptor(1)
        let io = CommandIO(
            stdin: .standardInput, stderrIsTerminal: isatty(2) == 1,
            stdoutColumns: TerminalWidth.columns(of: 1),
            out: { stdout.write($0) },
            err: { text in
                stdout.flush()
                var text = text
                text.withUTF8 { BufferedFileDescriptor.writeAll(2, UnsafeRawBufferPointer($0)) }
            })
        io.flushOutput = { stdout.flush() }
        return io
    }

    private var flushOutput: () -> Void = {}

    /// Writes out whatever standard output still buffers.
    public func flush() { flushOutput() }

    /// Writes bytes to standard output.
    public func out(_ bytes: UnsafeRawBufferPointer) { writeOut(bytes) }

    /// Writes text to standard output.
    public func out(_ text: String) {
        var text = text
        text.withUTF8 { writeOut(UnsafeRawBufferPointer($0)) }
    }

    /// Writes text to standard error.
    public func err(_ text: String) { writeErr(text) }
}

/// Standard input as the commands see it.
public typealias JSONInputSource = JSONInput

/// Output to a file descriptor through a 64 KiB buffer.
final class BufferedFileDescriptor {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 64 * 1024

    init(_ fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(Self.capacity)
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count > Self.capacity { flush() }
        if bytes.count >= Self.capacity {
            Self.writeAll(fd, bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { Self.writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every byte, retrying after interruptions; gives up silently on a closed pipe.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
