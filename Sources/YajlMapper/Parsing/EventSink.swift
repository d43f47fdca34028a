/// The class the C callbacks call into: one virtual call per event, then the
/// generic subclass calls its handler statically.
class EventSink {
    func null() throws {}
    func bool(_ value: Bool) throws {}
    func number(_ text: JSONBytes) throws {}
    func string(_ value: JSONBytes) throws {}
    func key(_ name: JSONBytes) throws {}
    func startObject() throws {}
    func endObject() throws {}
    func startArray() throws {}
    func endArray() throws {}
}

/// Holds a handler of a concrete type and forwards events to it.
///
/// The handler lives behind a pointer rather than in a stored `var`: a class's `var`
/// is checked for exclusive access at run time on every event, a pointer's memory is not.
class HandlerSink<Handler: JSONEventHandler>: EventSink {
    let storage: UnsafeMutablePointer<Handler>

    init(_ handler: Handler) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: handler)
    }

    /// The sink for a handler: a concrete subclass for the mapping capture, whose events
    /// then cost one indirect call instead of two (a generic class's methods reach the
    /// handler through its witness table).
    static func make(_ handler: Handler) -> HandlerSink<Handler> {
        if let capture = handler as? MappingCapture, let sink = CaptureSink(capture) as? HandlerSink<Handler> {
            return sink
        }
        return HandlerSink(handler)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    override func null() throws { try storage.pointee.null() }
    override func bool(_ value: Bool) throws { try storage.pointee.bool(value) }
    override func number(_ text: JSONBytes) throws { try storage.pointee.number(text) }
    override func string(_ value: JSONBytes) throws { try storage.pointee.string(value) }
    override func key(_ name: JSONBytes) throws { try storage.pointee.key(name) }
    override func startObject() throws { try storage.pointee.startObject() }
    override func endObject() throws { try storage.pointee.endObject() }
    override func startArray() throws { try storage.pointee.startArray() }
    override func endArray() throws { try storage.pointee.endArray() }
}

/// ``HandlerSink`` for ``MappingCapture``: the engine recognises it and gives the handle a
/// callback table that calls the capture directly (see `YajlParserEngine.captureCallbacks`),
/// so the inherited event methods are not used on this path.
final class CaptureSink: HandlerSink<MappingCapture> {}
