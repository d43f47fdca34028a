import Foundation

/// Records a document whose streamed values are decoded or mapped one at a time: the
/// elements of the array at a path, or (for JSON Lines) every top-level value. Each streamed
/// value is recorded by a ``TapeRecorder``; the values that ended in a piece of input are
/// handed over, with their bytes, once yajl has returned from it (see
/// ``handOver(upTo:)``). The rest of the document, the envelope, is built as a ``JSON``
/// value with the array empty.
struct StreamedTapeRecorder: ParseConsumer {
    /// Every event; the bytes are checked behind yajl, before the values are handed over.
    static var traits: ConsumerTraits {
        ConsumerTraits(receivesEvents: true, checksBehind: true, skips: true, handsOver: true)
    }
    /// Bad strings in a streamed value are errors only where they are read.
    static var defersBadStrings: Bool { true }

    /// Decodes one streamed value from its tape and its bytes (which start at the origin),
    /// recorded by the plan given; `index` is its position in the array (or among the
    /// top-level values). Returns the plan to record the next value by.
    typealias ValueHandler = (
        _ tape: DecodingTape, _ bytes: UnsafeRawBufferPointer, _ origin: TapeDecoder.Origin, _ index: Int,
        _ plan: DecodePlan?
    ) throws -> DecodePlan?

    /// The envelope.
    private(set) var envelope = JSONBuilder(duplicateKeys: .useFirst)
    /// How many values were handed over.
    private(set) var count = 0
    /// The recorder of the streamed value open now.
    private var recorder: TapeRecorder
    /// The plan the next value is recorded by.
    private var plan: DecodePlan?
    /// The plan the value being recorded is recorded by (``plan`` may be learned further
    /// while it is: values that ended before it are handed over meanwhile).
    private var recording: DecodePlan?
    /// The streamed array's path, or `nil` to stream every top-level value.
    private let path: [JSONPath.Component]?
    /// What is done with each value.
    private let handle: ValueHandler
    /// The envelope's open containers, outermost first.
    private var steps: [Step] = []
    /// The streamed array's depth (``steps`` with it open) while it is open; 0 otherwise.
    private var arrayDepth = 0
    /// Whether the array at the path has been streamed (a later one is envelope).
    private var streamed = false
    /// Whether a streamed value is being recorded.
    private var inValue = false
    /// Where the value being recorded starts.
    private var origin = TapeDecoder.Origin()
    /// The parse's steering handle.
    private var control: ParseControl?
    /// A value recorded, waiting for yajl to return before it is handed over.
    private struct Ended {
        /// Its tape.
        var tape: DecodingTape
        /// Where it starts and ends in the input.
        var start: Int, end: Int
        /// Where it starts, with its line.
        var origin: TapeDecoder.Origin
        /// Its position in the array (or among the top-level values).
        var index: Int
        /// The plan it was recorded by.
        var plan: DecodePlan?
        /// The envelope as it stood when the value ended (a copy that costs nothing until
        /// the envelope changes, which it does not while the array's elements go by).
        var envelope: JSONBuilder
    }
    /// The envelope as it stood when the value being handed over ended (`nil`: not handing over).
    private var envelopeAtValue: JSONBuilder?

    /// The envelope read so far: during a hand-over, as it stood when the value ended.
    var envelopeSoFar: JSON? { (envelopeAtValue ?? envelope).partialDocument() }
    /// The values that ended and wait to be handed over, in order.
    private var ended: [Ended] = []
    /// Where the value being recorded starts.
    private var valueStart = 0
    /// Just past the last value handed over (`nil` before one, or without a parse handle).
    private(set) var lastValueEnd: Int?
    /// How many values other parsers decoded (see ``skip(_:)``).
    private(set) var skipped = 0

    /// The depth of the envelope object whose repeated key's value is being read: the
    /// envelope keeps the first value, so this one's starts are not noted (`nil`: none).
    private var repeatAt: Int?

    /// A container of the envelope: an object's current key, an array's next index.
    private enum Step {
        /// An object, its key read last, and every key read.
        case object(key: String?, keys: Set<String>)
        /// An array, and the position of its next value.
        case array(next: Int)
    }

    /// A recorder streaming the values at `path` (`nil`: the top-level values) to `handle`,
    /// the first one recorded by `plan`.
    init(path: JSONPath?, plan: DecodePlan?, handle: @escaping ValueHandler) {
        self.path = path?.components
        self.plan = plan
        recording = plan
        self.handle = handle
        recorder = TapeRecorder(plan: plan)
    }

    /// Keeps the handle, and gives it to the value's recorder.
    mutating func attach(_ control: ParseControl) {
        self.control = control
        recorder.attach(control)
    }

    /// Keys of streamed values are not checked for surrogate escapes (see ``TapeRecorder``).
    func readsKey(_ name: JSONBytes) -> Bool { inValue ? recorder.readsKey(name) : true }

    /// Whether the next value is one to stream.
    private var nextIsStreamed: Bool {
        path == nil ? steps.isEmpty : arrayDepth > 0 && steps.count == arrayDepth
    }

    /// Starts recording a streamed value at `offset`, keeping the input's bytes from there
    /// on unless earlier values waiting keep them already.
    private mutating func begin(at offset: Int) {
        inValue = true
        valueStart = offset
        guard let control else { return }
        let (line, lineStart) = control.line(at: offset)
        origin = TapeDecoder.Origin(offset: offset, line: line, lineStart: lineStart)
        if ended.isEmpty { control.startRetaining(at: offset) }
    }

    /// Puts the value aside when its recording has ended, and starts the next.
    private mutating func endIfDone() throws {
        guard recorder.isBetweenValues else { return }
        inValue = false
        let end = control?.currentOffset ?? 0
        ended.append(
            Ended(
                tape: recorder.tape, start: valueStart, end: end, origin: origin, index: count, plan: recording,
                envelope: envelope))
        count += 1
        recorder.reset(plan: plan)
        recording = plan
        if case .array(let next)? = steps.last { steps[steps.count - 1] = .array(next: next + 1) }
    }

    /// Hands the values that ended over to the handler, each with its bytes, in order (up
    /// to `offset`, where an error stopped the parse). Decoding one may record its bytes
    /// again (a plan miss), a parse of its own: it runs once yajl has returned.
    mutating func handOver(upTo offset: Int?) throws {
        guard !ended.isEmpty, let control else { return }
        let values = ended
        ended.removeAll(keepingCapacity: true)
        defer { envelopeAtValue = nil }
        for value in values {
            if let offset, value.end > offset { break }
            envelopeAtValue = value.envelope
            plan = try control.withRetained(from: value.start, through: value.end) { bytes in
                try handle(value.tape, bytes, value.origin, value.index, value.plan)
            }
            lastValueEnd = value.end
        }
        // The next value is recorded by the plan learned; the bytes kept from here on are
        // those of the value being recorded, if any.
        if inValue {
            control.startRetaining(at: valueStart)
        } else {
            recorder.reset(plan: plan)
            recording = plan
            control.stopRetaining()
        }
    }

    /// Counts `elements` values of the streamed array that other parsers decoded (a parallel
    /// stream's workers), as if they had been handed over here.
    mutating func skip(_ elements: Int) {
        count += elements
        skipped += elements
        if case .array(let next)? = steps.last { steps[steps.count - 1] = .array(next: next + elements) }
    }

    /// A scalar: recorded when in or starting a streamed value, else the envelope's.
    private mutating func scalar(
        length: Int, record: (inout TapeRecorder) throws -> Void, envelope add: (inout JSONBuilder) throws -> Void
    ) throws {
        if !inValue && nextIsStreamed, let control { begin(at: control.currentOffset - length) }
        if inValue {
            try record(&recorder)
            try endIfDone()
            return
        }
        if let control { noteStart(at: control.currentOffset - length) }
        try add(&envelope)
        if repeatAt == steps.count { repeatAt = nil }
        if case .array(let next)? = steps.last { steps[steps.count - 1] = .array(next: next + 1) }
    }

    /// Where each value of the envelope starts, in its pre-order, with its line and the
    /// offset that line starts at (``StreamSummary/location(of:)`` reads them).
    private(set) var starts: [(offset: Int, line: Int, lineStart: Int)] = []

    /// Notes where an envelope value starts.
    private mutating func noteStart(at offset: Int) {
        guard let control, repeatAt == nil else { return }
        let (line, lineStart) = control.line(at: offset)
        starts.append((offset, line, lineStart))
    }

    mutating func null() throws { try scalar(length: 4, record: { try $0.null() }, envelope: { $0.null() }) }

    mutating func bool(_ value: Bool) throws {
        try scalar(length: value ? 4 : 5, record: { try $0.bool(value) }, envelope: { $0.bool(value) })
    }

    mutating func number(_ text: JSONBytes) throws {
        try scalar(length: text.count, record: { try $0.number(text) }, envelope: { $0.number(text) })
    }

    mutating func string(_ value: JSONBytes) throws {
        // (The token's length matters only where a value or the envelope starts.)
        let length = inValue ? 0 : stringLength(value)
        try scalar(length: length, record: { try $0.string(value) }, envelope: { try $0.string(value) })
    }

    /// A bad string: recorded in a streamed value (an error if read), else the error now.
    mutating func badString(_ problem: JSONParseError) throws {
        guard inValue || nextIsStreamed else { throw problem }
        try scalar(length: 0, record: { try $0.badString(problem) }, envelope: { _ in throw problem })
    }

    /// A key with a bad escape: recorded in a streamed value (an error if read), else the error now.
    mutating func badKey(_ name: JSONBytes, _ problem: JSONParseError) throws {
        guard inValue else { throw problem }
        try recorder.badKey(name, problem)
    }

    /// The length of the string token that just ended (its escapes make it longer than its value).
    private func stringLength(_ value: JSONBytes) -> Int {
        guard let control, !inValue else { return value.count + 2 }
        let end = control.currentOffset
        return end - (control.stringTokenStart(endingAt: end, valueLength: value.count) ?? (end - value.count - 2))
    }

    mutating func key(_ name: JSONBytes) throws {
        if inValue { return try recorder.key(name) }
        try envelope.key(name)
        let key = String(decoding: name.buffer, as: UTF8.self)
        guard case .object(_, var keys) = steps[steps.count - 1] else { return }
        if !keys.insert(key).inserted, repeatAt == nil { repeatAt = steps.count }
        steps[steps.count - 1] = .object(key: key, keys: keys)
    }

    mutating func startObject() throws {
        if !inValue && nextIsStreamed, let control { begin(at: control.currentOffset - 1) }
        if inValue { return try recorder.startObject() }
        if let control { noteStart(at: control.currentOffset - 1) }
        envelope.startObject()
        steps.append(.object(key: nil, keys: []))
    }

    mutating func startArray() throws {
        if !inValue && nextIsStreamed, let control { begin(at: control.currentOffset - 1) }
        if inValue { return try recorder.startArray() }
        if let control { noteStart(at: control.currentOffset - 1) }
        envelope.startArray()
        let isStreamed = !streamed && path.map { atPath($0) } == true
        steps.append(.array(next: 0))
        if isStreamed {
            streamed = true
            arrayDepth = steps.count
        }
    }

    mutating func endObject() throws {
        if inValue {
            try recorder.endObject()
            return try endIfDone()
        }
        envelope.endObject()
        closeStep()
    }

    mutating func endArray() throws {
        if inValue {
            try recorder.endArray()
            return try endIfDone()
        }
        if arrayDepth == steps.count { arrayDepth = 0 }
        envelope.endArray()
        closeStep()
    }

    /// Closes the envelope's innermost container: one more value in the array around it.
    private mutating func closeStep() {
        steps.removeLast()
        if repeatAt == steps.count { repeatAt = nil }
        if case .array(let next)? = steps.last { steps[steps.count - 1] = .array(next: next + 1) }
    }

    /// Whether the envelope's open containers lead to `path`.
    private func atPath(_ path: [JSONPath.Component]) -> Bool {
        guard steps.count == path.count else { return false }
        for (step, component) in zip(steps, path) {
            switch (step, component) {
            case (.object(let key?, _), .key(let wanted)) where key == wanted: continue
            case (.array(let next), .index(let wanted)) where next == wanted: continue
            default: return false
            }
        }
        return true
    }
}

extension StreamedTapeRecorder {
    /// The recorder's own callback table: each event calls it directly.
    static let eventTable: ConsumerEventTable? = ConsumerEventTable(
        null: { ConsumerEvents<StreamedTapeRecorder>.null($0) },
        bool: { ConsumerEvents<StreamedTapeRecorder>.bool($0, $1) },
        number: { ConsumerEvents<StreamedTapeRecorder>.number($0, $1, $2) },
        string: { ConsumerEvents<StreamedTapeRecorder>.string($0, $1, $2) },
        key: { ConsumerEvents<StreamedTapeRecorder>.key($0, $1, $2) },
        startObject: { ConsumerEvents<StreamedTapeRecorder>.startObject($0) },
        endObject: { ConsumerEvents<StreamedTapeRecorder>.endObject($0) },
        startArray: { ConsumerEvents<StreamedTapeRecorder>.startArray($0) },
        endArray: { ConsumerEvents<StreamedTapeRecorder>.endArray($0) })
}
