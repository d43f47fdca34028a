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
    /// their shape (see ``ElementSplits/find(in:count:first:shape:longest:)``).
    static func splits(in bytes: UnsafeRawBufferPointer, count: Int, options: JSONParseOptions) -> [Int]? {
        guard bytes.count > 4 * ElementSplits.lead else { return nil }
        let probe = JSONStreamParser(handler: NestingTrace(DiscardEvents()), options: options)
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
        return ElementSplits.find(in: bytes, count: count, first: best.split, shape: best.shape, longest: stretchLimit)
    }

    /// Whether the spine and every stretch between `splits` are valid (see the type's
    /// comment); `false` leaves the answer to the serial check. Each thread calls `afterStretch`
    /// with the range of a stretch it has read.
    static func parallelCheckPasses(
        _ bytes: UnsafeRawBufferPointer, splits: [Int], options: JSONParseOptions,
        afterStretch: (@Sendable (Range<Int>) -> Void)? = nil
    ) -> Bool {
        let spine = JSONStreamParser(handler: NestingTrace(DiscardEvents()), options: options)
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
