import Foundation

/// A push parser over yajl: feed chunks of any size, then ``finish()``.
///
/// Events reach the handler as they are recognised; the events and the result do
/// not depend on how the input is split into chunks.
///
/// ```swift
/// struct CountStrings: JSONEventHandler {
///     var count = 0
///     mutating func string(_ value: JSONBytes) { count += 1 }
/// }
/// let parser = JSONStreamParser(handler: CountStrings())
/// try parser.feed(Array(#"["a", "#.utf8))
/// try parser.feed(Array(#""b"]"#.utf8))
/// try parser.finish()
/// print(parser.handler.count) // 2
/// ```
public final class JSONStreamParser<Handler: JSONEventHandler> {
    private let sink: HandlerSink<Handler>
    let engine: YajlParserEngine

    /// Creates a parser that delivers events to `handler`.
    /// - Parameters:
    ///   - handler: receives the events.
    ///   - options: what input is accepted.
    public init(handler: Handler, options: JSONParseOptions = JSONParseOptions()) {
        sink = HandlerSink.make(handler)
        engine = YajlParserEngine(options: options, sink: sink)
        sink.attach(ParseControl(engine))
    }

    /// The handler, with whatever state the events so far gave it.
    public var handler: Handler {
        get { sink.storage.pointee }
        _modify { yield &sink.storage.pointee }
    }

    /// The options this parser was created with.
    public var options: JSONParseOptions { engine.options }

    /// The number of bytes accepted so far.
    public var bytesConsumed: Int { engine.bytesFed }

    /// The absolute byte offset of the parser: during an event, just past its token.
    public var currentOffset: Int { engine.currentOffset }

    /// Feeds the next chunk of input.
    ///
    /// While a string longer than 64 KiB is open, chunks are copied and wait until they add
    /// up to a quarter of its length, then reach yajl as one (yajl reads a cut token again
    /// from its start at every chunk); their events come then.
    /// - Parameter bytes: any number of bytes, even one or none.
    /// - Throws: ``JSONParseError``, or the error the handler threw. After an error
    ///   every call throws it again. ``JSONStreamUsageError`` after ``finish()``, or when
    ///   called from inside one of the parser's callbacks.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try guardingReentry { try engine.feed(bytes) }
    }

    /// Whether a `feed` or `finish` is running (a callback that calls either would find
    /// yajl in the middle of a parse).
    private var running = false

    private func guardingReentry(_ call: () throws -> Void) throws {
        if running { throw JSONStreamUsageError(kind: .reentrantCall) }
        running = true
        defer { running = false }
        try call()
    }

    /// Feeds the next chunk of input from any contiguous bytes (`[UInt8]`, `Data`, ...).
    /// - Throws: ``JSONParseError``, or the error the handler threw.
    @inlinable
    public func feed(_ bytes: some ContiguousBytes) throws {
        try bytes.withUnsafeBytes { try feed($0) }
    }

    /// Ends the input. Calling it again does nothing (or throws the error it threw).
    /// - Throws: ``JSONParseError`` when the input ends inside a value or holds no value;
    ///   ``JSONStreamUsageError`` when called from inside one of the parser's callbacks.
    public func finish() throws {
        try guardingReentry { try engine.finish() }
    }
}

extension JSONStreamParser {
    /// Parses one whole buffer in one call and returns the handler.
    /// - Parameters:
    ///   - bytes: the complete input.
    ///   - handler: receives the events.
    ///   - options: what input is accepted.
    /// - Returns: the handler after the last event.
    /// - Throws: ``JSONParseError``, or the error the handler threw.
    public static func parse(
        _ bytes: some ContiguousBytes, handler: Handler,
        options: JSONParseOptions = JSONParseOptions()
    ) throws -> Handler {
        let parser = JSONStreamParser(handler: handler, options: options)
        try bytes.withUnsafeBytes { buffer in
            // The buffer outlives `finish`: count its lines only if an error needs them.
            parser.engine.oneShot = true
            try parser.feed(buffer)
            try parser.finish()
        }
        return parser.handler
    }

    /// Parses a file or stdin in fixed-size chunks, never holding the whole input.
    /// - Parameters:
    ///   - input: where to read from.
    ///   - handler: receives the events.
    ///   - options: what input is accepted.
    /// - Returns: the handler after the last event.
    /// - Throws: ``JSONInputError`` when the input cannot be read, else as ``feed(_:)-(UnsafeRawBufferPointer)``.
    public static func parse(
        _ input: JSONInput, handler: Handler,
        options: JSONParseOptions = JSONParseOptions()
    ) throws -> Handler {
        let parser = JSONStreamParser(handler: handler, options: options)
        try input.read { try parser.feed($0) }
        try parser.finish()
        return parser.handler
    }

    /// Feeds a string's UTF-8.
    /// - Throws: ``JSONParseError``, or the error the handler threw.
    public func feed(_ text: String) throws {
        var text = text
        try text.withUTF8 { try feed(UnsafeRawBufferPointer($0)) }
    }
}
