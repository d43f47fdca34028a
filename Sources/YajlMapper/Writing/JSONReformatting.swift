import Foundation

/// Reformatting JSON by events, from parser to writer with no tree: on several threads when
/// the input holds a big array.
public enum JSONReformatting {
    /// Writes every value of `input` to `writer` (then the caller finishes it). From 1 MiB of
    /// input on, the elements of a big array are written on `jobs` threads (0: every core),
    /// as the streams read them (see ``MappingStreamParser/read(_:jobs:)-(JSONInput,_)``), and passed on in
    /// order: the output, and the error with the output before it, are those of one thread.
    /// Several top-level values (`allowMultipleValues`) are written on one thread.
    /// - Throws: ``JSONParseError``, ``JSONWriteError``, ``JSONInputError``, ``GzipInputError``.
    public static func reformat(
        _ input: JSONInput, to writer: JSONWriter, options: JSONParseOptions = JSONParseOptions(), jobs: Int = 0
    ) throws {
        let threads = parallelThreads(jobs: jobs)
        guard threads > 1, !options.allowMultipleValues else {
            _ = try JSONStreamParser.parse(input, handler: writer, options: options)
            return
        }
        let spine = FormattingSpine(writer: writer, options: options)
        try ParallelElementReader(spine: spine, threads: threads, options: options).read(chunks: input.chunks)
        try spine.parser.finish()
    }
}

/// The events inside one array, to a writer: its own opening and closing are left out.
private struct InnerEvents: JSONEventHandler {
    /// Where the events go.
    let writer: JSONWriter
    /// How many arrays are open (every other one is inside the first).
    var depth = 0

    mutating func null() throws { try writer.null() }
    mutating func bool(_ value: Bool) throws { try writer.bool(value) }
    mutating func number(_ text: JSONBytes) throws { try writer.number(text) }
    mutating func string(_ value: JSONBytes) throws { try writer.string(value) }
    mutating func key(_ name: JSONBytes) throws { try writer.key(name) }
    mutating func startObject() throws { try writer.startObject() }
    mutating func endObject() throws { try writer.endObject() }
    mutating func startArray() throws {
        depth += 1
        if depth > 1 { try writer.startArray() }
    }
    mutating func endArray() throws {
        if depth > 1 { try writer.endArray() }
        depth -= 1
    }
}

/// The spine of a parallel reformatting: the parse that writes the rest, and how a worker
/// writes a stretch of elements.
final class FormattingSpine: ElementSpine {
    /// The parse, whose events go to the caller's writer.
    let parser: JSONStreamParser<NestingTrace<JSONWriter>>
    /// The caller's writer.
    let writer: JSONWriter

    init(writer: JSONWriter, options: JSONParseOptions) {
        self.writer = writer
        parser = JSONStreamParser(handler: NestingTrace(writer), options: options)
    }

    /// Just past the last element of the innermost array, when that was the last event.
    var lastElementEnd: Int? { parser.handler.lastElementEnd }

    /// Writes the stretch's elements with a writer of its own in the caller's writer's
    /// style, inside `depth` arrays after a first element: the text after that element is
    /// what the caller's writer writes for them after an element of its own.
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<(text: [UInt8], from: Int)>? {
        let out = JSONWriter(style: writer.style)
        do {
            for _ in 0..<depth { try out.startArray() }
            try out.null()
        } catch {
            return nil
        }
        out.flush()
        let mark = out.output.count
        let piece = JSONStreamParser(handler: InnerEvents(writer: out), options: options)
        return ReadStretch.read(stretch, at: offset, by: piece) {
            out.flush()
            return (out.output, mark)
        }
    }

    /// Passes the stretch's text (from its offset `from`) on through the caller's writer.
    func deliver(_ stretch: (text: [UInt8], from: Int), line: Int, lineStart: Int) throws {
        stretch.text.withUnsafeBytes { writer.writeVerbatim(UnsafeRawBufferPointer(rebasing: $0[stretch.from...])) }
    }
}
