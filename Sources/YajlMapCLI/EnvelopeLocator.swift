#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YajlMapper

/// What a streamed search page's envelope needs beside the mapping stream, which keeps the
/// envelope's values but not where they are: the position of the root value and of each
/// top-level member's value, so that an envelope problem (`total_count: expected Int,
/// found string`) gets the `LINE:COLUMN` the whole-document path gives it; and
/// `total_count` when it comes before `items`, for the table's title line.
///
/// Fed the same chunks as the stream, before it, it follows the document's nesting with a
/// byte scan (strings, escapes, brackets), in constant memory. It does not check the
/// syntax: the stream's parser does, and a parse error wins over anything found here.
/// A second yajl parser would do the same at about five times the cost (every string
/// unescaped, every event delivered), some 20% of a whole `decode`.
final class EnvelopeLocator {
    /// The first byte of the root value.
    private(set) var root: JSONLocation?
    /// The first byte of each top-level member's value (the last member, for a repeated key).
    private(set) var values: [String: JSONLocation] = [:]
    /// `total_count`, when it is a whole number before `items` (else `nil`).
    private(set) var leadingTotalCount: Int?

    /// Bytes before the current chunk, the newlines among them and the offset of the last.
    private var consumed = 0
    private var newlines = 0
    private var lastNewline = -1

    private var depth = 0
    private var rootIsObject = false
    private var inString = false
    /// The byte after a backslash in a string is skipped (it may begin the next chunk).
    private var escaped = false
    /// The next string at depth 1 is a key (after `{` or `,` in the root object).
    private var expectingKey = false
    /// The current string is a top-level key: its raw bytes.
    private var key: [UInt8]?
    /// A top-level key whose value has not started yet.
    private var valueOf: String?
    /// `total_count`'s digits, while they are read.
    private var count: [UInt8]?
    private var sawItems = false

    /// Looks at the next chunk (before the stream is fed it).
    func feed(_ chunk: UnsafeRawBufferPointer) {
        chunk.withMemoryRebound(to: UInt8.self) { bytes in
            guard let base = bytes.baseAddress else { return }
            scan(base, bytes.count)
            var from = 0
            while from < bytes.count, let hit = memchr(base + from, 0x0A, bytes.count - from) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                newlines += 1
                lastNewline = consumed + at
                from = at + 1
            }
        }
        consumed += chunk.count
    }

    private func scan(_ p: UnsafePointer<UInt8>, _ n: Int) {
        // The state in locals while scanning (a class's stored properties cost an access
        // check each), written back at the end.
        var depth = self.depth, inString = self.inString, escaped = self.escaped
        var expectingKey = self.expectingKey
        defer {
            self.depth = depth
            self.inString = inString
            self.escaped = escaped
            self.expectingKey = expectingKey
        }
        var i = 0
        while i < n {
            if inString {
                if escaped {
                    escaped = false
                    key?.append(p[i])
                    i += 1
                }
                // The next quote not escaped by an odd run of backslashes (memchr is vectorised).
                let start = i
                var end = n
                while i < n {
                    guard let hit = memchr(p + i, 0x22, n - i) else { break }
                    let quote = p.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    var backslashes = 0
                    while quote - backslashes - 1 >= i && p[quote - backslashes - 1] == 0x5C { backslashes += 1 }
                    i = quote + 1
                    if backslashes % 2 == 0 {
                        end = quote
                        break
                    }
                }
                if key != nil { key!.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start)) }
                if end == n {
                    // The chunk ends inside the string: a trailing odd run escapes the next byte.
                    var backslashes = 0
                    while n - backslashes - 1 >= start && p[n - backslashes - 1] == 0x5C { backslashes += 1 }
                    escaped = backslashes % 2 == 1
                    return
                }
                inString = false
                if let name = key {
                    valueOf = String(decoding: name, as: UTF8.self)
                    key = nil
                }
                continue
            }
            let byte = p[i]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                i += 1
                continue
            }
            if depth <= 1 {
                // Only the envelope's level needs more than the nesting.
                if count != nil {
                    if (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x45 || byte == 0x65 {
                        count!.append(byte)
                        i += 1
                        continue
                    }
                    leadingTotalCount = Int(String(decoding: count!, as: UTF8.self))
                    count = nil
                }
                if let name = valueOf, byte != 0x3A {
                    valueOf = nil
                    values[name] = location(consumed + i, p)
                    if name == "items" { sawItems = true }
                    if name == "total_count" && !sawItems && ((0x30...0x39).contains(byte) || byte == 0x2D) {
                        count = []
                        continue
                    }
                }
                if root == nil { root = location(consumed + i, p) }
            }
            switch byte {
            case 0x22:
                inString = true
                if depth == 1 && expectingKey { key = [] }
                expectingKey = false
            case 0x7B:
                if depth == 0 { rootIsObject = true }
                depth += 1
                expectingKey = depth == 1
            case 0x5B:
                depth += 1
            case 0x7D, 0x5D:
                depth -= 1
            case 0x2C:
                expectingKey = depth == 1 && rootIsObject
            default:
                break
            }
            i += 1
        }
    }

    /// Gives an envelope problem that has no position the position the whole-document path
    /// gives it: a value's first byte, or for a missing key (and the root) the root's.
    func locate(_ problem: MappingProblem) -> MappingProblem {
        guard problem.location == nil else { return problem }
        var located = problem
        if problem.keyPath.isEmpty || (problem.kind == .missing && JSONPath(problem.keyPath).components.count == 1) {
            located.location = root
        } else {
            located.location = values[problem.keyPath]
        }
        return located
    }

    /// The line and column of an offset in the current chunk (`p` is its start).
    private func location(_ offset: Int, _ p: UnsafePointer<UInt8>) -> JSONLocation {
        var line = newlines + 1
        var lineStart = lastNewline + 1
        var from = 0
        let index = offset - consumed
        while from < index, let hit = memchr(p + from, 0x0A, index - from) {
            let at = p.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            line += 1
            lineStart = consumed + at + 1
            from = at + 1
        }
        return JSONLocation(offset: offset, line: line, column: offset - lineStart + 1)
    }
}
