import Foundation

/// A few fixed buffers, filled in order on a thread of its own and read in the same order on the caller's.
///
/// The filling thread takes a free buffer with ``nextBuffer()``, fills it and hands it over with
/// ``publish(_:count:)``; the reader takes it with ``next()`` and gives it back on its next call.
/// ``stop()`` ends the filling (even one waiting for input, with ``waitForInput(_:timeout:)``)
/// and waits for it to end; the reader calls it once, on every way out.
final class ReadAhead: @unchecked Sendable {
    /// A buffer lent to the filling thread.
    struct Slot {
        /// Which buffer it is.
        fileprivate let index: Int
        /// Its bytes, to fill from the start.
        let bytes: UnsafeMutableRawBufferPointer
    }

    /// What ``waitForInput(_:timeout:)`` found.
    enum InputWait {
        /// The descriptor can be read (or is at its end, or failed: a read says which).
        case ready
        /// Nothing arrived within the timeout.
        case timedOut
        /// The reader has stopped: fill no more.
        case stopped
    }

    /// The buffers, allocated once.
    private let buffers: [UnsafeMutableRawBufferPointer]
    /// Guards the fields below it; broadcast when a buffer is given back or published, on
    /// stop, and when the filling ends (every wait rechecks what it waits for).
    private let condition = NSCondition()
    /// Buffers neither filled nor being read.
    private var free: [Int]
    /// Published buffers and their byte counts, oldest first.
    private var filled: [(index: Int, count: Int)] = []
    /// Whether the filling has ended.
    private var finished = false
    /// What the filling threw.
    private var failure: (any Error)?
    /// Whether the reader has stopped.
    private var stopped = false

    /// The buffer the reader holds (the reader's own).
    private var held: Int?
    /// A pipe written on stop, to wake a filling thread that waits for input; `-1` when unused.
    private var wakePipe: (read: Int32, write: Int32) = (-1, -1)

    /// Allocates the buffers; ``start(bufferCount:bufferSize:watchesInput:fill:)`` starts the thread.
    private init(bufferCount: Int, bufferSize: Int) {
        buffers = (0..<max(bufferCount, 2)).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: max(bufferSize, 1), alignment: 16)
        }
        free = Array(buffers.indices)
    }

    /// Frees the buffers and the pipe (the filling, ended, no longer reads them).
    deinit {
        for buffer in buffers { buffer.deallocate() }
        if wakePipe.read >= 0 {
            close(wakePipe.read)
            close(wakePipe.write)
        }
    }

    /// Starts `fill` on a new thread with `bufferCount` buffers of `bufferSize` bytes.
    /// - Parameters:
    ///   - watchesInput: whether `fill` calls ``waitForInput(_:timeout:)`` (a pipe is made to wake it).
    ///   - path: the input's name, for the error when the pipe cannot be made.
    ///   - fill: fills buffers until its input ends; what it throws, ``next()`` rethrows after the published buffers.
    /// - Throws: ``JSONInputError`` with `errno`'s reason when the pipe cannot be made.
    static func start(
        bufferCount: Int, bufferSize: Int, watchesInput: Bool, path: String,
        fill: @escaping @Sendable (ReadAhead) throws -> Void
    ) throws(JSONInputError) -> ReadAhead {
        let ahead = ReadAhead(bufferCount: bufferCount, bufferSize: bufferSize)
        if watchesInput {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw JSONInputError(path: path, errno: errno) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            ahead.wakePipe = (fds[0], fds[1])
        }
        let thread = Thread {
            var failure: (any Error)?
            do { try fill(ahead) } catch { failure = error }
            ahead.finish(failure: failure)
        }
        // Foundation's default stack is 512 KiB on Darwin: zlib needs little, but at least 1 MiB is asked for.
        thread.stackSize = max(thread.stackSize, 1 << 20)
        thread.start()
        return ahead
    }

    // MARK: The filling thread

    /// The next free buffer, waiting for the reader to give one back; `nil` once the reader has stopped.
    func nextBuffer() -> Slot? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && !stopped { condition.wait() }
        if stopped { return nil }
        let index = free.removeLast()
        return Slot(index: index, bytes: buffers[index])
    }

    /// Hands the first `count` bytes of `slot` to the reader (an empty slot goes back to the free ones).
    func publish(_ slot: Slot, count: Int) {
        condition.lock()
        defer { condition.unlock() }
        if count > 0 {
            filled.append((slot.index, count))
            condition.broadcast()
        } else {
            free.append(slot.index)
        }
    }

    /// Waits until `fd` can be read, for `timeout` milliseconds (`-1`: as long as it takes), or until the reader stops.
    func waitForInput(_ fd: Int32, timeout: Int32) -> InputWait {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if wakePipe.read >= 0 { fds.append(pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)) }
        let n = retryingInterrupts { poll(&fds, nfds_t(fds.count), timeout) }
        if fds.count > 1 && fds[1].revents != 0 { return .stopped }
        if n == 0 { return .timedOut }
        return .ready
    }

    /// Marks the filling as ended, with what it threw.
    private func finish(failure: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        self.failure = failure
        condition.broadcast()
    }

    // MARK: The reader

    /// The next published bytes, valid until the next call; `nil` at the end.
    /// - Throws: what the filling threw, once every buffer published before it has been read.
    func next() throws -> UnsafeRawBufferPointer? {
        condition.lock()
        defer { condition.unlock() }
        if let held {
            free.append(held)
            self.held = nil
            condition.broadcast()
        }
        while filled.isEmpty && !finished { condition.wait() }
        guard filled.isEmpty else {
            let (index, count) = filled.removeFirst()
            held = index
            return UnsafeRawBufferPointer(rebasing: buffers[index][..<count])
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops the filling and waits for it to end; later calls do nothing.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        stopped = true
        condition.broadcast()
        if wakePipe.write >= 0 {
            var byte: UInt8 = 1
            _ = write(wakePipe.write, &byte, 1)
        }
        while !finished { condition.wait() }
    }
}
