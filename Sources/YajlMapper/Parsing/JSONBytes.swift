import Foundation

/// A zero-copy view of a key, string or number's bytes inside the parser's buffer.
///
/// Valid only during the event call that receives it: copy what you keep, e.g. with
/// ``string``. Keys and strings are unescaped UTF-8 (and may contain U+0000);
/// numbers are the literal text from the input, e.g. `-12.5e3`.
public struct JSONBytes: @unchecked Sendable {
    /// The bytes, valid only during the event call.
    public let buffer: UnsafeRawBufferPointer

    /// Wraps a buffer.
    @inlinable
    public init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    /// The number of bytes.
    @inlinable
    public var count: Int { buffer.count }

    /// A new Swift `String` holding the bytes (invalid UTF-8 is repaired with U+FFFD).
    @inlinable
    public var string: String { String(decoding: buffer, as: UTF8.self) }

    /// A new Swift `String`, or `nil` when the bytes are not valid UTF-8 (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF; yajl's own check is looser).
    ///
    /// Decoding repairs each invalid sequence's maximal part with U+FFFD; after yajl has
    /// checked the sequences' shape, the invalid forms left (overlong, surrogate, above
    /// U+10FFFF) always repair into more bytes, so a length change means invalid input.
    /// (Cheaper than `String(validating:)`, which copies the bytes first.)
    @inlinable
    public var validatedString: String? {
        let text = String(decoding: buffer, as: UTF8.self)
        return text.utf8.count == buffer.count ? text : String(validating: buffer, as: UTF8.self)
    }

    /// A copy of the bytes.
    @inlinable
    public var bytes: [UInt8] { Array(buffer) }

    /// Compares the bytes with a string's UTF-8 without building a `String`.
    @inlinable
    public func equals(_ other: String) -> Bool {
        var other = other
        return other.withUTF8 { utf8 in
            utf8.count == buffer.count
                && (utf8.isEmpty || memcmp(utf8.baseAddress!, buffer.baseAddress!, utf8.count) == 0)
        }
    }

    /// Compares the bytes with a static ASCII string.
    @inlinable
    public static func == (lhs: JSONBytes, rhs: StaticString) -> Bool {
        rhs.utf8CodeUnitCount == lhs.count
            && (lhs.count == 0 || memcmp(rhs.utf8Start, lhs.buffer.baseAddress!, lhs.count) == 0)
    }
}
