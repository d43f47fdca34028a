import Foundation

/// Lines and columns, counted forward from a point whose line is known: the package's one
/// way from an offset to a line and column. The parser counts with one as its chunks go by
/// (a stream's bytes are gone once parsed, so its positions are counted then); a ``Locator``
/// counts with one over bytes held in memory.
struct LineCounter {
    /// The absolute offset counted up to.
    private(set) var offset: Int
    /// The line that offset is on (1-based).
    private(set) var line: Int
    /// The absolute offset that line starts at.
    private(set) var lineStart: Int

    /// A counter standing at `offset`, on `line`, which starts at `lineStart`.
    init(offset: Int = 0, line: Int = 1, lineStart: Int = 0) {
        self.offset = offset
        self.line = line
        self.lineStart = lineStart
    }

    /// Counts the line breaks from where it stands up to `end` (absolute), in bytes whose first,
    /// at `base`, is at absolute offset `start` (at most where it stands). memchr is
    /// vectorised in libc: bytes without line breaks cost one fast scan.
    mutating func count(to end: Int, in base: UnsafeRawPointer, at start: Int) {
        var from = max(offset - start, 0)
        let to = end - start
        guard from < to else { return }
        while let hit = memchr(base + from, 0x0A, to - from) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            line += 1
            lineStart = start + at + 1
            from = at + 1
            if from >= to { break }
        }
        offset = end
    }

    /// Where `offset` is, on the line counted up to it.
    func location(of offset: Int) -> JSONLocation {
        JSONLocation(offset: offset, line: line, column: offset - lineStart + 1)
    }
}

/// Turns offsets into lines and columns within a byte range held in memory whose first line
/// is known (a document, a stream's retained element, the decoder's input). Offsets asked in
/// increasing order (problems mostly come in document order) count the lines between them
/// only; an earlier offset counts again from the range's start.
struct Locator {
    /// The bytes of the range.
    let bytes: UnsafeRawBufferPointer
    /// The range's offset in the whole input.
    let base: Int
    /// The counter at the range's start.
    private let first: LineCounter
    /// The counter at the last offset located.
    private var cursor: LineCounter

    /// A locator over `bytes`, found at `base` in the input, starting on `line`, which starts
    /// at `lineStart`.
    init(bytes: UnsafeRawBufferPointer, base: Int, line: Int, lineStart: Int) {
        self.bytes = bytes
        self.base = base
        first = LineCounter(offset: base, line: line, lineStart: lineStart)
        cursor = first
    }

    /// The line and column of `offset`, or `nil` before the range.
    mutating func location(of offset: Int) -> JSONLocation? {
        guard offset >= base else { return nil }
        if offset < cursor.offset { cursor = first }
        if let start = bytes.baseAddress {
            cursor.count(to: base + max(0, min(offset - base, bytes.count)), in: start, at: base)
        }
        return cursor.location(of: offset)
    }
}
