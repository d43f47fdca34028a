import Dispatch
import Foundation

/// The serial stream a parallel read of one array's elements stands on: it reads the bytes
/// around the stretches handed to the workers (the envelope, the first elements, the last),
/// and delivers every element in document order.
protocol ElementSpine: AnyObject, SendableMetatype {
    /// What a worker makes of one stretch of elements.
    associatedtype Stretch
    /// What the spine's parse gives its events to.
    associatedtype Handler: JSONEventHandler
    /// The spine's parse.
    var parser: JSONStreamParser<Handler> { get }
    /// The spine's parse's engine, which says how deep it is and where, and jumps over the stretches.
    var engine: YajlParserEngine { get }
    /// Just past the last element the spine handed over itself (`nil` before one).
    var lastElementEnd: Int? { get }
    /// Reads the next bytes on this thread, delivering the elements that close in them.
    func feed(_ bytes: UnsafeRawBufferPointer) throws
    /// Reads `[` + `stretch` without its last byte (a comma) + `]` on a worker thread, as the
    /// elements found at `offset` in the document, in an array at `depth` (1: the root);
    /// `nil` when that is not valid JSON under `options` or any error is met (the spine then
    /// reads the stretch itself). Must touch no state shared with other calls.
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<Stretch>?
    /// Delivers a stretch's elements, in order, on the spine's thread; its first line is
    /// `line` (the comma before it), which starts at `lineStart`.
    func deliver(_ stretch: Stretch, line: Int, lineStart: Int) throws
    /// Called on the spine's thread before `stretches` are delivered one by one, with all of
    /// them in order: a spine may take them over at once here, on several threads.
    func willDeliver(_ stretches: [Stretch])
}

extension ElementSpine {
    /// Nothing: each stretch is taken over as it is delivered.
    func willDeliver(_ stretches: [Stretch]) {}
    /// The parse's engine.
    var engine: YajlParserEngine { parser.engine }
    /// Reads the next bytes with the spine's parse.
    func feed(_ bytes: UnsafeRawBufferPointer) throws { try parser.feed(bytes) }
}

/// The windows a big input is read in by several threads, and the size from which a
/// document in memory is: 1 MiB.
let parallelWindowBytes = 1 << 20

/// How many threads `jobs` asks a parallel stream for (0: every core).
package func parallelThreads(jobs: Int) -> Int { jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount }

/// Calls `body` with every index of `0..<count`: at once on the cores when `threads` and
/// `count` are both over 1, else in order on this thread. The one way work is spread over
/// threads in the package (the command lines' renderer uses it too). `body` may then run on several
/// threads together, so each index must write only its own part of what it writes, and read
/// nothing another index writes.
package func forEachOnThreads(_ count: Int, threads: Int, _ body: (Int) -> Void) {
    guard threads > 1, count > 1 else { return (0..<count).forEach(body) }
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: count) { body($0) }
    }
}

/// The values made for `0..<count` cut into `stretches` consecutive ranges of about equal
/// length, on `threads` threads: `make(s, range, first)` initializes the values of stretch
/// `s` from `first` on, in order, and returns how many it made; the array holds every
/// stretch's values, in order.
func valuesOnThreads<Value>(
    _ count: Int, stretches: Int, threads: Int, _ make: (Int, Range<Int>, UnsafeMutablePointer<Value>) -> Int
) -> [Value] {
    let made = UnsafeMutableBufferPointer<Int>.allocate(capacity: stretches)
    made.initialize(repeating: 0)
    defer { made.deallocate() }
    return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
        let base = buffer.baseAddress.unsafelyUnwrapped
        // Each index makes its own values into its own range and writes its own slot.
        forEachOnThreads(stretches, threads: threads) { s in
            let range = (count * s / stretches)..<(count * (s + 1) / stretches)
            made[s] = make(s, range, base + range.lowerBound)
        }
        // The stretches' values made one run, in order.
        var end = 0
        for s in 0..<stretches {
            let from = base + count * s / stretches
            if from != base + end { (base + end).moveInitialize(from: from, count: made[s]) }
            end += made[s]
        }
        initialized = end
    }
}

/// A stretch a worker read, with the line breaks it holds.
struct ReadStretch<Elements> {
    /// What the worker made of it.
    var elements: Elements
    /// How many line breaks it holds.
    var lineBreaks: Int
    /// Where its last line starts (absolute), when it holds a line break.
    var lastLineStart: Int

    /// Reads `stretch` (elements of one array and the comma after the last) as `[` + its
    /// elements + `]` with `parser`, whose offsets then start at the stretch's `offset`, and
    /// takes what the parse made from `made`: the worker's part of every
    /// ``ElementSpine/read(stretch:at:depth:options:)``.
    /// - Returns: `nil` when the parse throws or `made` gives nothing.
    static func read<Handler>(
        _ stretch: UnsafeRawBufferPointer, at offset: Int, by parser: JSONStreamParser<Handler>, made: () -> Elements?
    ) -> ReadStretch? {
        parser.engine.skipStart(offset - 1)
        let (open, close) = (UInt8(ascii: "["), UInt8(ascii: "]"))
        do {
            try withUnsafeBytes(of: open) { try parser.feed($0) }
            try parser.feed(UnsafeRawBufferPointer(rebasing: stretch[..<(stretch.count - 1)]))
            try withUnsafeBytes(of: close) { try parser.feed($0) }
            try parser.finish()
        } catch {
            return nil
        }
        guard let elements = made() else { return nil }
        let lines = parser.engine.lines
        return ReadStretch(elements: elements, lineBreaks: lines.line - 1, lastLineStart: lines.lineStart)
    }
}

/// Reads an input in windows of ``windowSize`` bytes and hands the elements of one big
/// array in each window to several threads: the parallel form of a stream, with the
/// elements, the problems and the first error of the serial one.
///
/// A window is split just after commas shaped like the ones between the array's elements
/// (``ElementSplits``). The first split is checked by the spine, which reads up to it: its
/// last element ended there, and only white space and the comma follow. Each stretch
/// between two splits is then read on a thread as `[` + its elements + `]`: a stretch that
/// parses that way holds whole elements of one array, so each split after the first is an
/// element boundary of the same array too (the reasoning of ``JSONValidation``). The spine
/// delivers the stretches in order, jumps to the last split, and the next window starts
/// there. When a stretch fails (an error, a strict problem, a split that was not between
/// elements), the stretches before it are delivered and the spine reads that one serially:
/// the error, if any, is then the serial one, after the same elements; the next window
/// starts after it.
///
/// A stream's windows are read one after another, each a copy (a stream's bytes held in
/// memory too), so memory holds one window and what its stretches made, whatever the
/// input's size. A whole document in memory, whose models are all kept, is one window
/// (``read(inPlace:)``).
final class ParallelElementReader<Spine: ElementSpine> {
    /// The stream that reads the rest and delivers.
    let spine: Spine
    /// How many threads read stretches.
    let threads: Int
    /// The bytes read before a window is split; a smaller input is read serially.
    var windowSize = parallelWindowBytes
    /// The stretches per thread in a window (more even out their differences).
    var stretchesPerThread = 4
    /// About how many bytes a stretch of a document in memory holds (see ``read(inPlace:)``).
    var stretchBytes = 1 << 20
    /// The stream's options.
    let options: JSONParseOptions

    /// The absolute offset of the next window's first byte, where the spine stands or (not
    /// ``atSplit``) reads on from.
    private var base = 0
    /// Whether the spine stands just after a comma between two elements at ``base``.
    private var atSplit = false
    /// What the separators between the elements look like, once the spine found one.
    private var shape: ElementSplits.Shape?

    init(spine: Spine, threads: Int, options: JSONParseOptions) {
        self.spine = spine
        self.threads = threads
        self.options = options
    }

    /// Reads every chunk `chunks` gives its body, asked for chunks of at most 256 KiB, in
    /// windows copied together (the caller finishes the spine).
    func read(chunks: JSONInput.Chunks) throws {
        var next: [UInt8] = []
        try chunks(min(windowSize, 1 << 18)) { chunk in
            next.append(contentsOf: chunk)
            if next.count >= windowSize { next.removeFirst(try next.withUnsafeBytes { try readWindow($0) }) }
        }
        try next.withUnsafeBytes { try spine.feed($0) }
    }

    /// Reads a document held in memory as one window, without a copy, in stretches of about
    /// 1 MiB: every model of a whole document is kept anyway, so nothing bounds what the
    /// stretches make, and the threads meet once instead of once per window (the caller
    /// finishes the spine).
    func read(inPlace bytes: UnsafeRawBufferPointer) throws {
        stretchesPerThread = max(stretchesPerThread, bytes.count / (threads * stretchBytes))
        var start = 0
        while start < bytes.count {
            start += try readWindow(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Reads a window that starts at ``base``: up to its last split when its stretches are
    /// read on the threads (the spine then stands there). When a stretch fails, the ones
    /// before it are delivered and the spine reads that one itself; with no split, the
    /// spine reads the window.
    /// - Returns: how many of its bytes were read.
    private func readWindow(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        var start = 0
        if !atSplit {
            guard let (split, found) = try standOnSplit(bytes) else {
                base += bytes.count
                return bytes.count
            }
            (start, shape, atSplit) = (split, found, true)
        }
        guard let splits = splits(in: bytes, from: start, shape: shape!) else {
            // One element fills the window: the spine reads it.
            try spine.feed(UnsafeRawBufferPointer(rebasing: bytes[start...]))
            base += bytes.count
            atSplit = false
            return bytes.count
        }
        let results = readOnThreads(bytes, splits: splits)
        // Each stretch that was read proves the split after it, from the first (the spine's):
        // those before the first failure hold whole elements of the array.
        let read = results.firstIndex { $0 == nil } ?? results.count
        if read > 0 { try deliver(results[..<read].map { $0.unsafelyUnwrapped }, jumpingTo: splits[read], in: bytes) }
        if read == results.count {
            base += splits[read]
            return splits[read]
        }
        // The stretch that failed (an error, a strict problem, a split that was not between
        // elements): the spine reads it, so an error there is the serial one.
        let end = splits[read + 1]
        try spine.feed(UnsafeRawBufferPointer(rebasing: bytes[splits[read]..<end]))
        base += end
        atSplit = false
        return end
    }

    /// Delivers the stretches the threads read, in order, and has the spine jump to `last`
    /// (a split of `bytes`, which start at ``base``), with the lines they hold.
    private func deliver(
        _ stretches: [ReadStretch<Spine.Stretch>], jumpingTo last: Int, in bytes: UnsafeRawBufferPointer
    ) throws {
        spine.willDeliver(stretches.map(\.elements))
        let engine = spine.engine
        var line = engine.lines.line
        var lineStart = engine.lines.lineStart
        for stretch in stretches {
            try spine.deliver(stretch.elements, line: line, lineStart: lineStart)
            if stretch.lineBreaks > 0 {
                line += stretch.lineBreaks
                lineStart = stretch.lastLineStart
            }
        }
        let before = UnsafeRawBufferPointer(rebasing: bytes[max(0, last - 64)..<last])
        engine.jump(to: base + last, line: line, lineStart: lineStart, before: before)
    }

    /// The stretches of `bytes` (which start at ``base``) between `splits`, each read on a
    /// thread at the spine's depth (`nil` for one that failed).
    private func readOnThreads(_ bytes: UnsafeRawBufferPointer, splits: [Int]) -> [ReadStretch<Spine.Stretch>?] {
        let depth = spine.engine.depth
        var deeper = options
        deeper.maxDepth = options.maxDepth - depth + 1
        deeper.allowByteOrderMark = false
        deeper.allowMultipleValues = false
        let stretchOptions = deeper
        let base = base
        var results = [ReadStretch<Spine.Stretch>?](repeating: nil, count: splits.count - 1)
        results.withUnsafeMutableBufferPointer { slots in
            // Each index reads its own stretch of the window and writes its own slot; the
            // spine's `read` touches no shared state.
            forEachOnThreads(slots.count, threads: threads) { i in
                let stretch = UnsafeRawBufferPointer(rebasing: bytes[splits[i]..<splits[i + 1]])
                slots[i] = spine.read(stretch: stretch, at: base + splits[i], depth: depth, options: stretchOptions)
            }
        }
        return results
    }

    /// Feeds the spine up to the first split it stands on just after an element, and returns
    /// it with its shape; feeds it the whole window when there is none.
    /// Looks ``ElementSplits/window`` bytes ahead of the spine at a time: a mapped file's
    /// pages are touched no further ahead than the spine reads.
    private func standOnSplit(_ bytes: UnsafeRawBufferPointer) throws -> (Int, ElementSplits.Shape)? {
        var fed = 0
        while fed < bytes.count {
            let ahead = min(bytes.count, fed + ElementSplits.window)
            guard let (split, found) = ElementSplits.next(in: bytes, from: fed, like: shape, before: ahead) else {
                try spine.feed(UnsafeRawBufferPointer(rebasing: bytes[fed..<ahead]))
                fed = ahead
                continue
            }
            try spine.feed(UnsafeRawBufferPointer(rebasing: bytes[fed..<split]))
            fed = split
            if standsAfterElement(at: split, in: bytes) { return (split, found) }
        }
        return nil
    }

    /// Whether the spine's last element ended before `split`, with only white space and the
    /// comma just before `split` after it.
    private func standsAfterElement(at split: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let end = spine.lastElementEnd.map({ $0 - base }), end >= 0, end < split,
            bytes[split - 1] == UInt8(ascii: ",")
        else { return false }
        return bytes[end..<(split - 1)].allSatisfy(JSONLexer.isSpace)
    }

    /// The splits of a window from `start` (where the spine stands, after an element's
    /// comma): the last as near the end as one is found, the others between at even
    /// distances, each looked for no further than the next one's place (so the search
    /// touches few of a mapped file's pages); `nil` when there is none after `start`.
    private func splits(in bytes: UnsafeRawBufferPointer, from start: Int, shape: ElementSplits.Shape) -> [Int]? {
        guard let (last, _) = ElementSplits.previous(in: bytes, before: bytes.count, like: shape), last > start else {
            return nil
        }
        var splits = [start]
        let count = threads * stretchesPerThread
        for i in 1..<count {
            let target = start + (last - start) * i / count
            let nextTarget = start + (last - start) * (i + 1) / count
            guard let (split, _) = ElementSplits.next(in: bytes, from: target, like: shape, before: nextTarget),
                split > splits[splits.count - 1], split < last
            else { continue }
            splits.append(split)
        }
        splits.append(last)
        return splits
    }
}
