import Foundation

/// Validation of one document held in memory, on several threads for a big array of objects,
/// by the package's one parallel reader (`ParallelElementReader`): a spine parses the bytes
/// around the stretches, each stretch is parsed on a thread as `[` + its elements + `]`, and
/// a stretch that fails is read by the spine itself. Invalid input is then read again on one
/// thread, so the verdict and the error (kind, message, offset, line, column, excerpt) are
/// always the serial ones.
public enum JSONValidation {
    /// The size from which `jobs: 0` uses every core.
    public static let parallelThreshold = 4 << 20

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
        try bytes.withUnsafeBytes { _ = try validate($0, options: options, jobs: jobs, afterRead: nil) }
    }

    /// Checks a file or standard input, with the verdict and the error of
    /// `JSONStreamParser.parse(input, handler: DiscardEvents(), options: options)`. A plain
    /// file of ``parallelThreshold`` bytes or more is mapped into memory and checked as
    /// ``validate(_:options:jobs:)`` checks bytes, its pages given back as they are read,
    /// unless `jobs` is 1; anything else (gzip, standard input, a smaller file) is read in
    /// chunks on one thread.
    /// - Throws: ``JSONParseError``, ``JSONInputError``, ``GzipInputError``.
    public static func validate(
        _ input: JSONInput, options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0
    ) throws {
        if jobs != 1, case .file(let path) = input, let file = MappedFile(path: path, minimumSize: parallelThreshold),
            !GzipReader.hasMagic(file.bytes)
        {
            _ = try validate(file.bytes, options: options, jobs: jobs, afterRead: file.releasePages(of:))
        } else {
            _ = try JSONStreamParser.parse(input, handler: DiscardEvents(), options: options)
        }
    }

    /// Checks `buffer` as ``validate(_:options:jobs:)`` does; `afterRead` is given each part
    /// of it once read, on the thread that read it.
    /// - Returns: how many elements' stretches the threads checked.
    @discardableResult
    static func validate(
        _ buffer: UnsafeRawBufferPointer, options: JSONParseOptions, jobs: Int,
        afterRead: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    ) throws -> Int {
        let threads = jobs > 0 ? jobs : (buffer.count >= parallelThreshold ? parallelThreads(jobs: 0) : 1)
        if threads > 1, !options.allowMultipleValues {
            let spine = ValidationSpine(options: options, afterRead: afterRead)
            do {
                let reader = ParallelElementReader(spine: spine, threads: threads, options: options)
                // Few long stretches: the pages the split search touches stay mapped until
                // the stretch they lie in is read and given back.
                (reader.stretchesPerThread, reader.stretchBytes) = (8, ElementSplits.longest)
                try reader.read(inPlace: buffer)
                try spine.parser.finish()
                return spine.stretchesChecked
            } catch is JSONParseError {
                // Read again on one thread: the error's excerpt then holds what the serial one does.
            }
        }
        let serial = JSONStreamParser(handler: DiscardEvents(), options: options)
        try ValidationSpine.feed(buffer, to: serial, afterRead: afterRead)
        try serial.finish()
        return 0
    }
}

/// The spine of a parallel validation: a parse with no output, noting where its elements end;
/// a worker checks a stretch with a parse of its own.
final class ValidationSpine: ElementSpine {
    /// The parse.
    let parser: JSONStreamParser<NestingTrace<DiscardEvents>>
    /// Given each part of the input once read (a mapped file gives its pages back).
    let afterRead: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    /// How many stretches the threads checked.
    private(set) var stretchesChecked = 0

    /// A spine for `options`.
    init(options: JSONParseOptions, afterRead: (@Sendable (UnsafeRawBufferPointer) -> Void)?) {
        parser = JSONStreamParser(handler: NestingTrace(DiscardEvents()), options: options)
        self.afterRead = afterRead
    }

    /// Just past the last element of the innermost array, when that was the last event.
    var lastElementEnd: Int? { parser.handler.lastElementEnd }

    /// Reads on this thread, at most ``ElementSplits/longest`` bytes before they are given back.
    func feed(_ bytes: UnsafeRawBufferPointer) throws { try Self.feed(bytes, to: parser, afterRead: afterRead) }

    /// Feeds `parser` `bytes` in pieces of at most ``ElementSplits/longest`` bytes, each given
    /// to `afterRead` once read.
    static func feed<Handler>(
        _ bytes: UnsafeRawBufferPointer, to parser: JSONStreamParser<Handler>,
        afterRead: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    ) throws {
        var start = 0
        repeat {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + ElementSplits.longest, bytes.count)])
            try parser.feed(piece)
            afterRead?(piece)
            start += piece.count
        } while start < bytes.count
    }

    /// Checks `[` + the stretch's elements + `]`.
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<Void>? {
        let piece = JSONStreamParser(handler: DiscardEvents(), options: options)
        // No lines: an error anywhere has the document read again on one thread, which counts them.
        piece.engine.countsLines = false
        defer { afterRead?(stretch) }
        return ReadStretch.read(stretch, at: offset, by: piece) { () }
    }

    /// Counts the stretch: there is nothing to hand over.
    func deliver(_ stretch: Void, line: Int, lineStart: Int) throws { stretchesChecked += 1 }
}
