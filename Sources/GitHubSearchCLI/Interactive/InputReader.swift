import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads keys from the terminal on a thread of its own and reports them.
///
/// The thread polls the terminal and a wake-up pipe, so ``stop()`` ends it promptly. A lone
/// Esc byte is reported as ``Key/escape`` once no more bytes follow within `escapeDelay`
/// milliseconds (arrow keys arrive as Esc followed by more bytes at once).
final class InputReader: Sendable {
    private let input: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let escapeDelay: Int32

    /// A reader of `input`; call ``start(onKeys:onEnd:)`` once, then ``stop()`` once.
    /// - Parameters:
    ///   - input: the terminal's descriptor.
    ///   - escapeDelay: how long to wait for the rest of an escape sequence, in milliseconds.
    init?(input: Int32, escapeDelay: Int32 = 40) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        self.input = input
        self.wakeRead = fds[0]
        self.wakeWrite = fds[1]
        self.escapeDelay = escapeDelay
    }

    /// Starts the thread.
    /// - Parameters:
    ///   - onKeys: called with the keys of each read, on the reader's thread.
    ///   - onEnd: called once when the input ends or fails (not after ``stop()``).
    func start(onKeys: @escaping @Sendable ([Key]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            self.loop(onKeys: onKeys, onEnd: onEnd)
        }
        thread.name = "yajlmap-search input"
        thread.start()
    }

    /// Asks the thread to stop; it closes its end of the wake-up pipe when it does.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        close(wakeWrite)
    }

    private func loop(onKeys: @Sendable ([Key]) -> Void, onEnd: @Sendable () -> Void) {
        defer { close(wakeRead) }
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, decoder.hasPending ? escapeDelay : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                onEnd()
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { onKeys(keys) }
                continue
            }
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                onEnd()
                return
            }
            let keys = decoder.feed(buffer[0..<count])
            if !keys.isEmpty { onKeys(keys) }
        }
    }
}
