import Foundation

/// Where the parallel check splits a document: just after commas that look like the ones
/// between the elements of an array of objects. The first is taken as it comes; the others
/// must match it: the same bytes from the `}` before the comma to the first key's quote
/// (white space says how deep it is in indented text) and the same first key.
enum ElementSplits {
    /// How far ahead of the spine a split is looked for at a time.
    static let window = 1 << 16
    /// The longest first key matched.
    static let keyLimit = 64
    /// The most bytes a validation stretch holds, and a spine reads of a mapped file before
    /// it gives their pages back.
    static let longest = 8 << 20

    /// What the bytes around a split look like.
    struct Shape: Equatable {
        /// From the `}` before the comma to the opening quote of the next object's first key.
        var separator: ArraySlice<UInt8>
        /// That key, without its quotes.
        var key: ArraySlice<UInt8>
    }

    /// The split after the `}` at `close`, and its shape, when a comma follows and then an
    /// object whose first key has no escape and at most ``keyLimit`` bytes.
    static func split(afterClose close: Int, in bytes: UnsafeRawBufferPointer) -> (Int, Shape)? {
        var i = close + 1
        while i < bytes.count, JSONLexer.isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
        let split = i + 1
        i = split
        while i < bytes.count, JSONLexer.isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        while i < bytes.count, JSONLexer.isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let quote = i
        var end = quote + 1
        while end < bytes.count, end - quote <= keyLimit, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        return (split, Shape(separator: ArraySlice(bytes[close...quote]), key: ArraySlice(bytes[(quote + 1)..<end])))
    }

    /// The first split after a `}` at or after `from` and before `end` (the end of `bytes`
    /// by default), shaped like `shape` when one is given.
    static func next(
        in bytes: UnsafeRawBufferPointer, from: Int, like shape: Shape?, before end: Int? = nil
    ) -> (Int, Shape)? {
        guard let base = bytes.baseAddress else { return nil }
        let end = min(end ?? bytes.count, bytes.count)
        var i = from
        while i < end, let hit = memchr(base + i, Int32(UInt8(ascii: "}")), end - i) {
            let close = base.distance(to: UnsafeRawPointer(hit))
            if let found = split(afterClose: close, in: bytes), shape == nil || found.1 == shape { return found }
            i = close + 1
        }
        return nil
    }

    /// The last split after a `}` before `before`, shaped like `shape`.
    static func previous(in bytes: UnsafeRawBufferPointer, before: Int, like shape: Shape) -> (Int, Shape)? {
        var close = min(before, bytes.count) - 1
        while close >= 0 {
            if bytes[close] == UInt8(ascii: "}"), let found = split(afterClose: close, in: bytes), found.1 == shape {
                return found
            }
            close -= 1
        }
        return nil
    }
}
