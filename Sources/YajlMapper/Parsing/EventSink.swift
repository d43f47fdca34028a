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
final class HandlerSink<Handler: JSONEventHandler>: EventSink {
    var handler: Handler

    init(_ handler: Handler) { self.handler = handler }

    override func null() throws { try handler.null() }
    override func bool(_ value: Bool) throws { try handler.bool(value) }
    override func number(_ text: JSONBytes) throws { try handler.number(text) }
    override func string(_ value: JSONBytes) throws { try handler.string(value) }
    override func key(_ name: JSONBytes) throws { try handler.key(name) }
    override func startObject() throws { try handler.startObject() }
    override func endObject() throws { try handler.endObject() }
    override func startArray() throws { try handler.startArray() }
    override func endArray() throws { try handler.endArray() }
}
