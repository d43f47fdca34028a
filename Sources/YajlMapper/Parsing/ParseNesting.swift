import Foundation

/// Per thread: how many engines are inside a yajl call now, and how many yajl calls began
/// while another was under way on the thread (a parse started from inside a callback).
/// The package never starts one (a stream's values are handed over once yajl has returned,
/// see `YajlParserEngine+Feeding.swift`); tests read ``nestedStarts`` to hold it to that.
enum ParseNesting {
    /// The thread's counters, packed in one pointer-sized value: depth in the low 16 bits.
    private static let key = newThreadKey()

    /// The thread's packed counters.
    private static var packed: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// How many yajl calls on this thread began inside another's callback.
    static var nestedStarts: Int { packed >> 16 }

    /// The thread's count of bytes given to engines to parse.
    private static let bytesKey = newThreadKey()

    /// The bytes engines on this thread have been given to parse (skipped or read by yajl):
    /// how often a document is parsed, for tests.
    static var bytesParsed: Int {
        get { Int(bitPattern: pthread_getspecific(bytesKey)) }
        set { pthread_setspecific(bytesKey, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// A key for a value of each thread's own (a pointer-sized integer, 0 at first).
    private static func newThreadKey() -> pthread_key_t {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }

    /// How many yajl calls are under way on this thread now (0: none is on the stack).
    static var depth: Int { packed & 0xFFFF }

    /// Runs a yajl call, counting it as nested when another is under way on this thread.
    @inline(__always)
    static func around<R>(_ call: () throws -> R) rethrows -> R {
        let before = packed
        packed = (before & 0xFFFF == 0 ? before : before + (1 << 16)) + 1
        defer { packed -= 1 }
        return try call()
    }
}
