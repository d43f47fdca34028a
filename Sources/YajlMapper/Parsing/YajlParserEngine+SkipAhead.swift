import CYajl
import CYajl.HandleLayout
import Foundation

/// Skipping the rest of an object the mapping no longer reads.
///
/// Once an object's planned keys have all been read, the recorder ignores the rest of it;
/// yajl would still read every byte of it. yajl's parser keeps its read position in its
/// handle and reads the next token from there after each callback, so the recorder's callback
/// can move that position to the object's closing brace. The bytes in between are first
/// checked to be plain JSON that yajl would accept (`cyajl_skip_rest_of_object` in
/// `cyajl_skip_scan.h`): objects, arrays, strings with valid escapes and no control characters,
/// numbers by JSON's grammar, literals, and only JSON's four white-space bytes. Anything
/// else (an error, a comment, a form feed, the brace beyond the current chunk, deeper
/// nesting than the depth limit leaves) leaves the position as it is, and yajl reads those
/// bytes itself with its own errors, so what is accepted and every error stay the same.
/// Bytes above 0x7F inside strings pass, as yajl passes them with its UTF-8 check off: the
/// engine checks every byte of the input for UTF-8 and form feeds by offset, skipped or not
/// (``checkBehind(after:chunkEnd:)``). The validator, which reads nothing, tries the same
/// at each object's start.
///
/// The position is reached through yajl 2's handle layout (`yajl_parser.h`), which its
/// public headers do not declare: ``handleLayoutMatches`` checks it against the loaded
/// library once per process, and a handle whose layout does not match is never moved.
extension YajlParserEngine {
    /// Whether the loaded yajl keeps its callbacks, context and read position where
    /// `cyajl_handle_layout` says: two small parses on handles of its own, whose read
    /// positions must equal what `yajl_get_bytes_consumed` reports.
    static let handleLayoutMatches: Bool = {
        let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: yajl_callbacks())
        let marker = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        defer {
            callbacks.deallocate()
            marker.deallocate()
        }
        for text in ["[1]   ", "{\"a\": [true, null, 2.5]}\n\n"] {
            guard let handle = yajl_alloc(callbacks, nil, marker) else { return false }
            defer { yajl_free(handle) }
            guard cyajl_handle_callbacks(handle) == UnsafeRawPointer(callbacks),
                cyajl_handle_context(handle) == UnsafeRawPointer(marker)
            else { return false }
            let status = Array(text.utf8).withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
            guard status == yajl_status_ok, yajl_get_bytes_consumed(handle) == text.utf8.count,
                cyajl_read_position(handle).pointee == text.utf8.count
            else { return false }
        }
        return true
    }()

    /// Whether objects are skipped: the layout matches and `YAJLMAPPER_NO_SKIP` is not set
    /// (it is there to compare the two paths).
    static let skipsObjects = handleLayoutMatches && getenv("YAJLMAPPER_NO_SKIP") == nil

    /// The handle's read position, when its layout is the one this package knows.
    static func handlePosition(
        of handle: yajl_handle?, callbacks: UnsafeMutablePointer<yajl_callbacks>,
        context: UnsafeMutablePointer<CallbackContext>
    ) -> UnsafeMutablePointer<Int>? {
        guard handleLayoutMatches, let handle, cyajl_handle_callbacks(handle) == UnsafeRawPointer(callbacks),
            cyajl_handle_context(handle) == UnsafeRawPointer(context)
        else { return nil }
        return UnsafeMutableRawPointer(cyajl_read_position(handle)).assumingMemoryBound(to: Int.self)
    }

    /// From a callback of the recorder or the validator: moves yajl past the members of the
    /// innermost open object that `listed` does not name (or `seen` marks as read), up to the
    /// first one it names, or to the object's closing brace, as far as the bytes are plain
    /// JSON (see `cyajl_skip_members` in `cyajl_skip_scan.h`). `listed` `nil`: no member is read.
    /// `atStart`: the callback is the object's start, rather than the end of one of its
    /// values. Returns whether yajl was moved.
    @discardableResult
    func skipMembers(atStart: Bool, listed: UnsafePointer<cyajl_listed_keys>?, seen: UInt64) -> Bool {
        guard yajlReadsChunk, let position = readPosition, let base = chunk.baseAddress else { return false }
        let at = position.pointee
        guard at < chunk.count, bytesBefore + at >= skipBlockedUntil else { return false }
        let nesting = options.maxDepth - depth
        guard nesting >= 0 else { return false }
        var stopped = -1
        let move = cyajl_skip_members(
            base.assumingMemoryBound(to: UInt8.self) + at, chunk.count - at,
            atStart ? 1 : 0, nesting, listed, seen, &stopped)
        if stopped >= 0 {
            // No scan starts again before the point where this one stopped: each byte is
            // scanned at most once, however deep the object that holds an error.
            skipBlockedUntil = bytesBefore + at + stopped
            bytesScannedForSkips += stopped
        } else {
            bytesScannedForSkips += move
        }
        if stopped < 0, chunk[at + move] == UInt8(ascii: "}") { objectsSkipped += 1 }
        guard move > 0 else { return false }
        position.pointee = at + move
        skipsMade += 1
        return true
    }

    /// ``skipMembers(atStart:listed:seen:)`` for an object of which nothing more is read.
    @discardableResult
    func skipRestOfObject(atStart: Bool) -> Bool {
        skipMembers(atStart: atStart, listed: nil, seen: 0)
    }

    /// The absolute offset of the byte yajl is at (during a callback: just after the token).
    /// Read from the handle's read position where the skip may move it (the field that
    /// `yajl_get_bytes_consumed` returns), without a call into the library per token.
    var currentOffset: Int {
        if let readPosition { return bytesBefore + min(readPosition.pointee, chunk.count) }
        guard let handle else { return bytesBefore }
        return bytesBefore + min(yajl_get_bytes_consumed(handle), chunk.count)
    }
}
