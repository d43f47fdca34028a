import Dispatch
import Foundation

/// Validation of one document held in memory, on several threads for a big array of objects.
///
/// The document is split speculatively, with no structural pre-pass: just after commas that
/// look like the ones between the elements of an array of objects (see `ElementSplits`).
/// The bytes before the first split and after the last are
/// parsed in order by one parser (the spine); each stretch between two splits is parsed on
/// a thread of its own as `[` + stretch + `0]`. The splits are checked, not trusted:
/// - the spine, at the first split, must be inside an array, just after a comma that follows
///   an element (its last event ends there and only white space and the comma follow);
/// - a stretch that ends with a comma is valid as `[` + stretch + `0]` only when it holds
///   whole elements of one array, each followed by its comma (a comma inside a string, an
///   object or a nested array leaves something open that `0]` cannot close);
/// - the spine then reads on after the last split in the state it was in at the first.
///
/// So the document is valid when the spine and every stretch are; each stretch is checked at
/// its own depth (the spine's depth at the split, taken off the limit). Anything else (an
/// error anywhere, a split that is not between elements) is answered by the serial check, so
/// the verdict and the error (kind, message, offset, line, column) are always the serial
/// ones; invalid input costs the parallel attempt on top.
public enum JSONValidation {
    /// The size from which `jobs: 0` uses every core.
    public static let parallelThreshold = 4 << 20
    /// Stretches per thread: several, so a slowed thread leaves its share to the others, and a
    /// mapped file's pages are given back a stretch at a time.
    static let stretchesPerThread = 8
    /// The most bytes a stretch holds, and a serial check of a mapped file reads before it
    /// gives their pages back: what bounds resident memory whatever the file's size (each
    /// thread holds one stretch's pages at a time).
    static let stretchLimit = 8 << 20

    /// Checks that `bytes` hold well-formed JSON, with the verdict and the error of
    /// `JSONStreamParser.parse(bytes, handler: DiscardEvents(), options: options)`.
    /// - Parameters:
    ///   - bytes: the whole document.
    ///   - options: what input is accepted; several top-level values are checked serially.
    ///   - jobs: how many threads (0: every core from ``parallelThreshold`` bytes on, else one).
    /// - Throws: ``JSONParseError``.
    public static func validate(
        _ bytes: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0
    ) throws {
        try bytes.withUnsafeBytes { try validate($0, options: options, jobs: jobs, afterStretch: nil) }
    }

    /// Checks a file or standard input, with the verdict and the error of
    /// `JSONStreamParser.parse(input, handler: DiscardEvents(), options: options)`. A plain
    /// file of ``parallelThreshold`` bytes or more is mapped into memory and checked as
    /// ``validate(_:options:jobs:)`` checks bytes, unless `jobs` is 1; anything else (gzip,
    /// standard input, a smaller file) is read in chunks on one thread.
    /// - Throws: ``JSONParseError``, ``JSONInputError``, ``GzipInputError``.
    public static func validate(
        _ input: JSONInput, options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0
    ) throws {
        if jobs != 1, case .file(let path) = input, let file = MappedFile(path: path, minimumSize: parallelThreshold),
            !GzipReader.hasMagic(file.bytes)
        {
            try validate(file.bytes, options: options, jobs: jobs, afterStretch: file.releasePages(of:))
        } else {
            _ = try JSONStreamParser.parse(input, handler: DiscardEvents(), options: options)
        }
    }

    /// Checks `buffer` as ``validate(_:options:jobs:)`` does; each thread calls `afterStretch`
    /// with the range of a stretch it has read.
    private static func validate(
        _ buffer: UnsafeRawBufferPointer, options: JSONParseOptions, jobs: Int,
        afterStretch: (@Sendable (Range<Int>) -> Void)?
    ) throws {
        let threads =
            jobs > 0 ? jobs : (buffer.count >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1)
        let stretches = max(threads * stretchesPerThread, (buffer.count + stretchLimit - 1) / stretchLimit)
        if threads > 1, !options.allowMultipleValues,
            let splits = splits(in: buffer, count: stretches, options: options),
            parallelCheckPasses(buffer, splits: splits, options: options, afterStretch: afterStretch)
        {
            return
        }
        guard let afterStretch else {
            _ = try JSONStreamParser.parse(buffer, handler: DiscardEvents(), options: options)
            return
        }
        // A mapped file, read in pieces whose pages are given back once read.
        let parser = JSONStreamParser(handler: DiscardEvents(), options: options)
        for start in stride(from: 0, to: buffer.count, by: stretchLimit) {
            let piece = start..<min(start + stretchLimit, buffer.count)
            try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[piece]))
            afterStretch(piece)
        }
        try parser.finish()
    }

    /// `count` + 1 increasing offsets where the parallel check splits `bytes`, or `nil` when
    /// it finds fewer than three. The first is the shallowest element boundary (by a parse
    /// with events, up to ``ElementSplits/window`` bytes past ``ElementSplits/lead``): the
    /// elements of a page's big array rather than of an array inside one of them (the spine
    /// then reads the bytes before it again: at most a few KiB). The others are found by
    /// their shape (see ``ElementSplits/find(in:count:first:shape:)``).
    static func splits(in bytes: UnsafeRawBufferPointer, count: Int, options: JSONParseOptions) -> [Int]? {
        guard bytes.count > 4 * ElementSplits.lead else { return nil }
        let probe = JSONStreamParser(handler: NestingTrace(), options: options)
        var fed = 0
        var best: (split: Int, shape: ElementSplits.Shape, depth: Int)?
        let end = min(bytes.count, ElementSplits.lead + ElementSplits.window)
        var from = ElementSplits.lead
        while let (split, shape) = ElementSplits.next(in: bytes, from: from, like: nil, before: end) {
            guard (try? probe.feed(UnsafeRawBufferPointer(rebasing: bytes[fed..<split]))) != nil else { break }
            fed = split
            if let depth = probe.handler.arrayDepth(afterElementCommaAt: split, in: bytes), depth < best?.depth ?? .max
            {
                best = (split, shape, depth)
            }
            from = split
        }
        guard let best else { return nil }
        return ElementSplits.find(in: bytes, count: count, first: best.split, shape: best.shape)
    }

    /// Whether the spine and every stretch between `splits` are valid (see the type's
    /// comment); `false` leaves the answer to the serial check. Each thread calls `afterStretch`
    /// with the range of a stretch it has read.
    static func parallelCheckPasses(
        _ bytes: UnsafeRawBufferPointer, splits: [Int], options: JSONParseOptions,
        afterStretch: (@Sendable (Range<Int>) -> Void)? = nil
    ) -> Bool {
        let spine = JSONStreamParser(handler: NestingTrace(), options: options)
        guard (try? spine.feed(UnsafeRawBufferPointer(rebasing: bytes[..<splits[0]]))) != nil,
            let depth = spine.handler.arrayDepth(afterElementCommaAt: splits[0], in: bytes)
        else { return false }
        var deeper = options
        deeper.maxDepth = options.maxDepth - depth + 1
        deeper.allowByteOrderMark = false
        let stretchOptions = deeper
        let stretches = splits.count - 1
        let passed = UnsafeMutableBufferPointer<Bool>.allocate(capacity: stretches)
        defer { passed.deallocate() }
        passed.initialize(repeating: false)
        // Each index reads its own stretch of the caller's buffer and writes its own slot of `passed`.
        forEachOnThreads(stretches, threads: stretches) { i in
            let range = splits[i]..<splits[i + 1]
            passed[i] = stretchIsValid(UnsafeRawBufferPointer(rebasing: bytes[range]), options: stretchOptions)
            afterStretch?(range)
        }
        guard passed.allSatisfy({ $0 }) else { return false }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[splits[stretches]...])
        return (try? spine.feed(rest)) != nil && (try? spine.finish()) != nil
    }

    /// Whether `[` + `stretch` + `0]` is valid JSON under `options`.
    static func stretchIsValid(_ stretch: UnsafeRawBufferPointer, options: JSONParseOptions) -> Bool {
        let parser = JSONStreamParser(handler: DiscardEvents(), options: options)
        parser.engine.countsLines = false
        do {
            try parser.feed("[")
            try parser.feed(stretch)
            try parser.feed("0]")
            try parser.finish()
            return true
        } catch {
            return false
        }
    }
}

/// The spine's record of where it is: the open containers, and where its last event ended.
struct NestingTrace: ParseConsumer {
    /// Every event, to know where the last one ended.
    static var traits: ConsumerTraits { .handler }
    /// The parse's handle, for offsets.
    private var control: ParseControl?
    /// The open containers, innermost last: `true` for an array.
    private(set) var arrays: [Bool] = []
    /// Just past the last event's token.
    private(set) var lastEnd = 0

    mutating func attach(_ control: ParseControl) { self.control = control }

    /// Notes the end of the event's token.
    private mutating func ended() { lastEnd = control?.currentOffset ?? 0 }

    mutating func null() throws { ended() }
    mutating func bool(_ value: Bool) throws { ended() }
    mutating func number(_ text: JSONBytes) throws { ended() }
    mutating func string(_ value: JSONBytes) throws { ended() }
    mutating func key(_ name: JSONBytes) throws { ended() }
    mutating func startObject() throws {
        arrays.append(false)
        ended()
    }
    mutating func endObject() throws {
        arrays.removeLast()
        ended()
    }
    mutating func startArray() throws {
        arrays.append(true)
        ended()
    }
    mutating func endArray() throws {
        arrays.removeLast()
        ended()
    }

    /// The depth of the innermost array when the bytes read so far end just after a comma
    /// that follows one of its elements (the last event ended before it, with only white
    /// space between); `nil` otherwise.
    func arrayDepth(afterElementCommaAt split: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard arrays.last == true, lastEnd < split, bytes[split - 1] == UInt8(ascii: ",") else { return nil }
        for byte in bytes[lastEnd..<(split - 1)] where !JSONLexer.isSpace(byte) { return nil }
        return arrays.count
    }
}

/// Where the parallel check splits a document: just after commas that look like the ones
/// between the elements of an array of objects. The first is taken as it comes; the others
/// must match it: the same bytes from the `}` before the comma to the first key's quote
/// (white space says how deep it is in indented text) and the same first key.
enum ElementSplits {
    /// The bytes the spine reads before the first split, at least.
    static let lead = 4096
    /// How far past ``lead`` the first split is looked for.
    static let window = 1 << 16
    /// The longest first key matched.
    static let keyLimit = 64

    /// What the bytes around a split look like.
    struct Shape: Equatable {
        /// From the `}` before the comma to the opening quote of the next object's first key.
        var separator: ArraySlice<UInt8>
        /// That key, without its quotes.
        var key: ArraySlice<UInt8>
    }

    /// `count` + 1 increasing offsets shaped like `shape`, from `first`: the last as near the
    /// end as one is found (``lead`` bytes before it at least), the others between at even
    /// distances; `nil` when fewer than three are found. Each is looked for no further than
    /// the next one's place (the last, within ``JSONValidation/stretchLimit`` of the end), so
    /// the search touches few of a mapped file's pages whatever its shape.
    static func find(in bytes: UnsafeRawBufferPointer, count: Int, first: Int, shape: Shape) -> [Int]? {
        let stop = max(first, bytes.count - lead - JSONValidation.stretchLimit)
        guard let (last, _) = previous(in: bytes, before: bytes.count - lead, like: shape, after: stop), last > first
        else {
            return nil
        }
        var splits = [first]
        for i in 1..<count {
            let target = first + (last - first) * i / count
            let nextTarget = first + (last - first) * (i + 1) / count
            guard let (split, _) = next(in: bytes, from: target, like: shape, before: nextTarget),
                split > splits[splits.count - 1], split < last
            else { continue }
            splits.append(split)
        }
        splits.append(last)
        return splits.count > 2 ? splits : nil
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

    /// The last split after a `}` before `before` and at or after `stop`, shaped like `shape`.
    static func previous(
        in bytes: UnsafeRawBufferPointer, before: Int, like shape: Shape, after stop: Int = 0
    ) -> (Int, Shape)? {
        var close = min(before, bytes.count) - 1
        while close >= max(stop, 0) {
            if bytes[close] == UInt8(ascii: "}"), let found = split(afterClose: close, in: bytes), found.1 == shape {
                return found
            }
            close -= 1
        }
        return nil
    }
}
