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
final class HandlerSink<Handler: JSONEventHandler>: EventSink {
    let storage: UnsafeMutablePointer<Handler>

    init(_ handler: Handler) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: handler)
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
