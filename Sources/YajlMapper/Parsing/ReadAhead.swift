import Foundation

/// A few fixed buffers, filled in order on a thread of its own and read in the same order on the caller's.
///
/// The filling thread takes a free buffer with ``nextBuffer()``, fills it and hands it over with
/// ``publish(_:count:)``; the reader takes it with ``next()`` and gives it back on its next call.
/// ``stop()`` ends the filling (even one waiting for input, with ``waitForInput(_:timeout:)``)
/// and joins the thread; the reader calls it once, on every way out.
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
    /// Guards the fields below it.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a buffer is given back, or on stop.
    private let spaceAvailable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when a buffer is published, or when the filling ends.
    private let dataAvailable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
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
    /// The filling thread, until joined (the reader's own).
    private var thread: ThreadHandle?
    /// A pipe written on stop, to wake a filling thread that waits for input; `-1` when unused.
    private var wakePipe: (read: Int32, write: Int32) = (-1, -1)

    /// Allocates the buffers, the lock and its conditions; ``start(bufferCount:bufferSize:watchesInput:fill:)`` starts the thread.
    private init(bufferCount: Int, bufferSize: Int) {
        buffers = (0..<max(bufferCount, 2)).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: max(bufferSize, 1), alignment: 16)
        }
        free = Array(buffers.indices)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(spaceAvailable, nil)
        pthread_cond_init(dataAvailable, nil)
    }

    /// Frees the buffers, the lock and the pipe (the thread, joined, no longer holds the read-ahead).
    deinit {
        for buffer in buffers { buffer.deallocate() }
        pthread_cond_destroy(dataAvailable)
        pthread_cond_destroy(spaceAvailable)
        pthread_mutex_destroy(mutex)
        dataAvailable.deallocate()
        spaceAvailable.deallocate()
        mutex.deallocate()
        if wakePipe.read >= 0 {
            close(wakePipe.read)
            close(wakePipe.write)
        }
    }

    /// Starts `fill` on a new thread with `bufferCount` buffers of `bufferSize` bytes.
    /// - Parameters:
    ///   - watchesInput: whether `fill` calls ``waitForInput(_:timeout:)`` (a pipe is made to wake it).
    ///   - fill: fills buffers until its input ends; what it throws, ``next()`` rethrows after the published buffers.
    /// - Throws: `errno`'s code when the thread or the pipe cannot be made.
    static func start(
        bufferCount: Int, bufferSize: Int, watchesInput: Bool, fill: @escaping @Sendable (ReadAhead) throws -> Void
    ) throws(ReadAheadStartError) -> ReadAhead {
        let ahead = ReadAhead(bufferCount: bufferCount, bufferSize: bufferSize)
        if watchesInput {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw ReadAheadStartError(code: errno) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            ahead.wakePipe = (fds[0], fds[1])
        }
        ahead.thread = try startThread {
            do { try fill(ahead) } catch { ahead.finish(failure: error) }
            ahead.finish(failure: nil)
        }
        return ahead
    }

    // MARK: The filling thread

    /// The next free buffer, waiting for the reader to give one back; `nil` once the reader has stopped.
    func nextBuffer() -> Slot? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while free.isEmpty && !stopped { pthread_cond_wait(spaceAvailable, mutex) }
        if stopped { return nil }
        let index = free.removeLast()
        return Slot(index: index, bytes: buffers[index])
    }

    /// Hands the first `count` bytes of `slot` to the reader (an empty slot goes back to the free ones).
    func publish(_ slot: Slot, count: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if count > 0 {
            filled.append((slot.index, count))
            pthread_cond_signal(dataAvailable)
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

    /// Marks the filling as ended; the first call wins.
    private func finish(failure: (any Error)?) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !finished else { return }
        finished = true
        self.failure = failure
        pthread_cond_signal(dataAvailable)
    }

    // MARK: The reader

    /// The next published bytes, valid until the next call; `nil` at the end.
    /// - Throws: what the filling threw, once every buffer published before it has been read.
    func next() throws -> UnsafeRawBufferPointer? {
        pthread_mutex_lock(mutex)
        if let held {
            free.append(held)
            self.held = nil
            pthread_cond_signal(spaceAvailable)
        }
        while filled.isEmpty && !finished { pthread_cond_wait(dataAvailable, mutex) }
        guard filled.isEmpty else {
            let (index, count) = filled.removeFirst()
            held = index
            pthread_mutex_unlock(mutex)
            return UnsafeRawBufferPointer(rebasing: buffers[index][..<count])
        }
        let failure = failure
        pthread_mutex_unlock(mutex)
        if let failure { throw failure }
        return nil
    }

    /// Stops the filling and joins its thread; later calls do nothing.
    func stop() {
        guard let thread else { return }
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_signal(spaceAvailable)
        pthread_mutex_unlock(mutex)
        if wakePipe.write >= 0 {
            var byte: UInt8 = 1
            _ = write(wakePipe.write, &byte, 1)
        }
        pthread_join(thread, nil)
        self.thread = nil
    }
}

/// A read-ahead's thread or pipe could not be made.
struct ReadAheadStartError: Error {
    /// The `errno` value.
    var code: Int32
}

/// A joinable thread.
private typealias ThreadHandle = pthread_t

/// A closure run on a new thread, kept alive by it.
private final class ThreadBody {
    /// The work.
    let run: () -> Void

    /// Keeps `run` for the thread.
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Runs `body` on a new joinable thread.
/// - Throws: `pthread_create`'s error code.
private func startThread(_ body: @escaping @Sendable () -> Void) throws(ReadAheadStartError) -> ThreadHandle {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
        var handle: pthread_t?
        let code = pthread_create(
            &handle, nil,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
    #else
        var handle = pthread_t()
        let code = pthread_create(
            &handle, nil,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
    #endif
    guard code == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        throw ReadAheadStartError(code: code)
    }
    #if canImport(Darwin)
        return handle!
    #else
        return handle
    #endif
}
