import Foundation

/// A value behind an `NSLock`. (ThreadSanitizer follows pthread locks; on Linux it does not
/// see the futex under Synchronization's `Mutex`, and reports its accesses as races.)
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Holds `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
