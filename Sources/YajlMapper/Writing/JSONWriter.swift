import CYajl

/// Writes JSON text with yajl's generator: compact or pretty (2 spaces), strings escaped,
/// UTF-8 checked, number text written as given.
///
/// Output goes to a sink in pieces as it is produced, or is collected (``init(style:multipleValues:)``
/// then ``output``). The writer is also a ``JSONEventHandler``, so a parser can feed it
/// directly: reformatting streams without building a tree.
///
/// ```swift
/// let writer = JSONWriter(style: .pretty)
/// try writer.write(["name": "yajl", "stars": 42])
/// try writer.finish()
/// print(writer.outputString)
/// ```
public final class JSONWriter: JSONEventHandler {
    /// The layout of the output.
    public enum Style: Sendable, Equatable {
        /// No white space at all.
        case compact
        /// One member or element per line, indented by two spaces; a final newline.
        case pretty
    }

    /// The layout.
    public let style: Style
    private var handle: yajl_gen?
    private let sink: ((UnsafeRawBufferPointer) -> Void)?
    private var collected: [UInt8] = []
    /// Whether several top-level values may be written, one per line.
    public let allowsMultipleValues: Bool

    /// A container opened but not yet written (pretty style only), so an empty one can be
    /// written as `{}` or `[]` instead of yajl's `{\n\n}`.
    private enum PendingOpen { case object, array }

    /// Everything that changes per event, behind a pointer: a class's stored `var`s are
    /// checked for exclusive access at run time on every use, a pointer's memory is not.
    private struct State {
        /// The open containers, innermost last (yajl's generator closes whatever is open), each
        /// with, for an object, whether a key was written and its value not yet. Only strings
        /// are keys, and yajl's generator takes every other string in an object as a key or a
        /// value by turns; it would close the object after a key (`{"key"}`).
        var open: [(kind: PendingOpen, awaitsValue: Bool)] = []
        var documents = 0
        var pendingOpen: PendingOpen?
        var failure: JSONWriteError?
        /// Output not yet passed on: yajl prints token by token, the sink gets 64 KiB pieces.
        var buffer: UnsafeMutableRawPointer
        var buffered = 0
        static let capacity = 64 * 1024
    }
    private let state: UnsafeMutablePointer<State>

    /// Creates a writer that collects its output in ``output``.
    /// - Parameters:
    ///   - style: compact or pretty.
    ///   - multipleValues: allow several top-level values, separated by newlines.
    public convenience init(style: Style = .compact, multipleValues: Bool = false) {
        self.init(style: style, multipleValues: multipleValues, sink: nil)
    }

    /// Creates a writer that passes its output to `sink` as it is produced.
    /// - Parameters:
    ///   - style: compact or pretty.
    ///   - multipleValues: allow several top-level values, separated by newlines.
    ///   - sink: receives pieces of output, valid during the call.
    public convenience init(
        style: Style = .compact, multipleValues: Bool = false,
        to sink: @escaping (UnsafeRawBufferPointer) -> Void
    ) {
        self.init(style: style, multipleValues: multipleValues, sink: sink)
    }

    private init(style: Style, multipleValues: Bool, sink: ((UnsafeRawBufferPointer) -> Void)?) {
        self.style = style
        self.sink = sink
        self.allowsMultipleValues = multipleValues
        state = .allocate(capacity: 1)
        state.initialize(to: State(buffer: .allocate(byteCount: State.capacity, alignment: 16)))
        handle = yajl_gen_alloc(nil)
        cyajl_gen_config_flag(handle, yajl_gen_validate_utf8, 1)
        if style == .pretty {
            cyajl_gen_config_flag(handle, yajl_gen_beautify, 1)
            cyajl_gen_config_indent_two_spaces(handle)
        }
        cyajl_gen_config_print(
            handle,
            { ctx, text, count in
                let writer = Unmanaged<JSONWriter>.fromOpaque(ctx!).takeUnretainedValue()
                writer.emit(UnsafeRawBufferPointer(start: text, count: count))
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let handle { yajl_gen_free(handle) }
        state.pointee.buffer.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Appends output to the buffer, passing the buffer on when it is full.
    @inline(__always)
    private func emit(_ piece: UnsafeRawBufferPointer) {
        guard piece.count > 0 else { return }
        if state.pointee.buffered + piece.count > State.capacity {
            flush()
            if piece.count > State.capacity {
                deliver(piece)
                return
            }
        }
        (state.pointee.buffer + state.pointee.buffered).copyMemory(from: piece.baseAddress!, byteCount: piece.count)
        state.pointee.buffered += piece.count
    }

    private func deliver(_ piece: UnsafeRawBufferPointer) {
        if let sink { sink(piece) } else { collected.append(contentsOf: piece) }
    }

    /// Passes buffered output to the sink (or to ``output``). ``finish(newline:)`` flushes too.
    public func flush() {
        guard state.pointee.buffered > 0 else { return }
        deliver(UnsafeRawBufferPointer(start: state.pointee.buffer, count: state.pointee.buffered))
        state.pointee.buffered = 0
    }

    /// The output so far, when created without a sink.
    public var output: [UInt8] {
        flush()
        return collected
    }

    /// The output so far as a string, when created without a sink.
    public var outputString: String { String(decoding: output, as: UTF8.self) }

    /// Empties the collected output (the writer's state is kept).
    public func clearOutput() {
        flush()
        collected.removeAll(keepingCapacity: true)
    }

    // MARK: Events

    /// Writes `null`. Wraps `yajl_gen_null`.
    public func null() throws { try value { yajl_gen_null(handle) } }

    /// Writes `true` or `false`. Wraps `yajl_gen_bool`.
    public func bool(_ value: Bool) throws { try self.value { yajl_gen_bool(handle, value ? 1 : 0) } }

    /// Writes a number's text as given. Wraps `yajl_gen_number`.
    public func number(_ text: JSONBytes) throws {
        try value { yajl_gen_number(handle, text.buffer.baseAddress?.assumingMemoryBound(to: CChar.self), text.count) }
    }

    /// Writes an exact number.
    public func number(_ number: JSONNumber) throws {
        var text = number.text
        try text.withUTF8 { try self.number(JSONBytes(UnsafeRawBufferPointer($0))) }
    }

    /// Writes a string, escaped. Wraps `yajl_gen_string`.
    public func string(_ value: JSONBytes) throws {
        try self.value {
            yajl_gen_string(handle, value.buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), value.count)
        }
    }

    /// Writes a string, escaped.
    public func string(_ value: String) throws {
        var value = value
        try value.withUTF8 { try string(JSONBytes(UnsafeRawBufferPointer($0))) }
    }

    /// Writes an object key. Wraps `yajl_gen_string`.
    public func key(_ name: JSONBytes) throws {
        try flushPendingOpen()
        try check(yajl_gen_string(handle, name.buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), name.count))
        tokenWritten()
    }

    /// Writes an object key.
    public func key(_ name: String) throws {
        var name = name
        try name.withUTF8 { try key(JSONBytes(UnsafeRawBufferPointer($0))) }
    }

    /// Opens an object. Wraps `yajl_gen_map_open`.
    public func startObject() throws { try open(.object) }
    /// Closes an object. Wraps `yajl_gen_map_close`.
    public func endObject() throws { try close(.object) }
    /// Opens an array. Wraps `yajl_gen_array_open`.
    public func startArray() throws { try open(.array) }
    /// Closes an array. Wraps `yajl_gen_array_close`.
    public func endArray() throws { try close(.array) }

    /// Writes a whole value, members in order.
    /// - Throws: ``JSONWriteError``.
    public func write(_ json: JSON) throws {
        var writer = self
        try json.replay(into: &writer)
    }

    /// Passes on text written by another writer in the same state (array elements after the
    /// first, at the same depth and in the same style) as if written here: the state a
    /// generator is in inside an array does not change from one element to the next.
    func writeVerbatim(_ text: UnsafeRawBufferPointer) { emit(text) }

    /// Ends the output: pretty output ends with a newline, compact output gets one when
    /// `newline` is true.
    /// - Throws: ``JSONWriteError/incomplete`` when an array or object is still open.
    public func finish(newline: Bool = false) throws {
        defer { flush() }
        if let failure = state.pointee.failure { throw failure }
        guard state.pointee.open.isEmpty else { throw JSONWriteError.incomplete }
        if style == .compact && newline && state.pointee.documents > 0 {
            withUnsafeBytes(of: UInt8(0x0A)) { emit($0) }
        }
    }

    // MARK: State

    /// Before a top-level value: the second and later ones start on a new line.
    @inline(__always)
    private func beginValue() throws {
        guard state.pointee.open.isEmpty else { return }
        if state.pointee.documents > 0 {
            guard allowsMultipleValues else { throw fail(.multipleValues) }
            // Resets yajl's state; pretty output already ended with a newline.
            yajl_gen_reset(handle, style == .compact ? "\n" : nil)
        }
    }

    @inline(__always)
    private func value(_ call: () -> yajl_gen_status) throws {
        try flushPendingOpen()
        try beginValue()
        try check(call())
        tokenWritten()
        if state.pointee.open.isEmpty { state.pointee.documents += 1 }
    }

    /// A key or value was written in the container open now: in an object, the next token
    /// is a value after a key, a key after a value.
    @inline(__always)
    private func tokenWritten() {
        guard state.pointee.open.last?.kind == .object else { return }
        state.pointee.open[state.pointee.open.count - 1].awaitsValue.toggle()
    }

    private func open(_ kind: PendingOpen) throws {
        try flushPendingOpen()
        try beginValue()
        tokenWritten()
        state.pointee.open.append((kind, false))
        // Pretty output holds it back until something is written inside.
        state.pointee.pendingOpen = kind
        if style == .compact { try flushPendingOpen() }
    }

    private func close(_ kind: PendingOpen) throws {
        if let failure = state.pointee.failure { throw failure }
        guard let last = state.pointee.open.last, last == (kind, false) else {
            throw fail(.invalidState)
        }
        if let pending = state.pointee.pendingOpen {
            // Nothing was written inside: `{}` or `[]` as one verbatim token (yajl writes
            // number text as given, with the separators and indentation a value gets).
            guard pending == kind else { throw fail(.invalidState) }
            state.pointee.pendingOpen = nil
            try check(yajl_gen_number(handle, kind == .object ? "{}" : "[]", 2))
        } else {
            try check(kind == .object ? yajl_gen_map_close(handle) : yajl_gen_array_close(handle))
        }
        state.pointee.open.removeLast()
        if state.pointee.open.isEmpty { state.pointee.documents += 1 }
    }

    @inline(__always)
    private func flushPendingOpen() throws {
        if let failure = state.pointee.failure { throw failure }
        guard let pending = state.pointee.pendingOpen else { return }
        state.pointee.pendingOpen = nil
        try check(pending == .object ? yajl_gen_map_open(handle) : yajl_gen_array_open(handle))
    }

    @inline(__always)
    private func check(_ status: yajl_gen_status) throws {
        if let failure = state.pointee.failure { throw failure }
        switch status {
        case yajl_gen_status_ok: return
        case yajl_gen_keys_must_be_strings: throw fail(.keyExpected)
        case yajl_max_depth_exceeded: throw fail(.tooDeep)
        case yajl_gen_invalid_string: throw fail(.invalidUTF8)
        case yajl_gen_generation_complete: throw fail(.multipleValues)
        case yajl_gen_invalid_number: throw fail(.invalidNumber)
        default: throw fail(.invalidState)
        }
    }

    private func fail(_ error: JSONWriteError) -> JSONWriteError {
        state.pointee.failure = error
        return error
    }
}

/// Why the writer could not write what it was asked to.
public enum JSONWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Inside an object, something other than a key was written where a key belongs.
    case keyExpected
    /// Nesting deeper than yajl's generator allows (128 levels).
    case tooDeep
    /// A string or key is not valid UTF-8.
    case invalidUTF8
    /// A second top-level value, on a writer that allows one.
    case multipleValues
    /// A number that JSON cannot hold (infinity, NaN) or invalid number text.
    case invalidNumber
    /// ``JSONWriter/finish(newline:)`` with an array or object still open.
    case incomplete
    /// A call out of order (e.g. closing what was not opened).
    case invalidState

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .keyExpected: return "an object key must be a string"
        case .tooDeep: return "nesting deeper than 128 levels cannot be written (yajl's generator limit)"
        case .invalidUTF8: return "a string is not valid UTF-8"
        case .multipleValues: return "a second top-level value where one is allowed"
        case .invalidNumber: return "a number JSON cannot hold (infinity or NaN)"
        case .incomplete: return "the output ends inside an array or object"
        case .invalidState: return "a writer call out of order"
        }
    }
}
