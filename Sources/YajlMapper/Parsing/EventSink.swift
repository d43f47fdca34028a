/// What the engine knows of the handler it parses for: the consumer's traits and hooks, and,
/// for a handler without a table of its own (any `JSONEventHandler` of yours), its events,
/// one virtual call each, after which the generic subclass calls the handler statically.
class EventSink {
    /// What the consumer behind this sink needs from the engine.
    var traits: ConsumerTraits { .handler }
    /// Gives the consumer its steering handle.
    func attach(_ control: ParseControl) {}
    /// The consumer's own event table, when it has one (see ``ConsumerEventTable``).
    var eventTable: ConsumerEventTable? { nil }
    /// The consumer's memory, for its event table.
    var consumer: UnsafeMutableRawPointer? { nil }
    /// Whether the key is read at all (see ``ParseConsumer/readsKey(_:)``).
    func readsKey(_ name: JSONBytes) -> Bool { true }
    /// The consumer's hand-over (see ``ParseConsumer/handOver(upTo:)``).
    func handOver(upTo offset: Int?) throws {}

    /// `null`.
    func null() throws {}
    /// `true` or `false`.
    func bool(_ value: Bool) throws {}
    /// A number's text.
    func number(_ text: JSONBytes) throws {}
    /// A string value.
    func string(_ value: JSONBytes) throws {}
    /// An object key.
    func key(_ name: JSONBytes) throws {}
    /// `{`.
    func startObject() throws {}
    /// `}`.
    func endObject() throws {}
    /// `[`.
    func startArray() throws {}
    /// `]`.
    func endArray() throws {}
}

/// Holds a handler of a concrete type and forwards events to it.
///
/// The handler lives behind a pointer rather than in a stored `var`: a class's `var`
/// is checked for exclusive access at run time on every event, a pointer's memory is not.
class HandlerSink<Handler: JSONEventHandler>: EventSink {
    /// The handler.
    let storage: UnsafeMutablePointer<Handler>

    /// A sink that forwards to `handler`.
    init(_ handler: Handler) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: handler)
    }

    /// The sink for a handler: one that also passes on the hooks of a ``ParseConsumer``
    /// when the handler is one.
    static func make(_ handler: Handler) -> HandlerSink<Handler> {
        guard let consumer = handler as? any ParseConsumer else { return HandlerSink(handler) }
        return consumerSink(consumer) as! HandlerSink<Handler>
    }

    /// A ``ConsumerSink`` for the consumer's own type.
    private static func consumerSink<Consumer: ParseConsumer>(_ consumer: Consumer) -> EventSink {
        ConsumerSink(consumer)
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

/// ``HandlerSink`` for a ``ParseConsumer``: its traits and hooks reach the engine too.
final class ConsumerSink<Consumer: ParseConsumer>: HandlerSink<Consumer> {
    override var traits: ConsumerTraits { Consumer.traits }
    override func attach(_ control: ParseControl) { storage.pointee.attach(control) }
    override var eventTable: ConsumerEventTable? { Consumer.eventTable }
    override var consumer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(storage) }
    override func readsKey(_ name: JSONBytes) -> Bool { storage.pointee.readsKey(name) }
    override func handOver(upTo offset: Int?) throws { try storage.pointee.handOver(upTo: offset) }
}

/// The consumer whose table carries a sink's events, for a handler without a table of its
/// own: every event reaches every consumer the same way (``ConsumerEvents``), and this one
/// passes each on to the sink.
struct SinkEvents: ParseConsumer {
    /// The sink (the engine keeps it alive); called through `_withUnsafeGuaranteedRef`, which
    /// costs no retain and release per event, as a stored reference's call does.
    let sink: Unmanaged<EventSink>

    /// Events for `sink`.
    init(sink: EventSink) { self.sink = .passUnretained(sink) }

    /// A handler's needs (the sink's own traits are the engine's).
    static var traits: ConsumerTraits { .handler }
    /// The sink's table.
    static let eventTable: ConsumerEventTable? = ConsumerEventTable(
        null: { ConsumerEvents<SinkEvents>.null($0) },
        bool: { ConsumerEvents<SinkEvents>.bool($0, $1) },
        number: { ConsumerEvents<SinkEvents>.number($0, $1, $2) },
        string: { ConsumerEvents<SinkEvents>.string($0, $1, $2) },
        key: { ConsumerEvents<SinkEvents>.key($0, $1, $2) },
        startObject: { ConsumerEvents<SinkEvents>.startObject($0) },
        endObject: { ConsumerEvents<SinkEvents>.endObject($0) },
        startArray: { ConsumerEvents<SinkEvents>.startArray($0) },
        endArray: { ConsumerEvents<SinkEvents>.endArray($0) })

    func readsKey(_ name: JSONBytes) -> Bool { sink._withUnsafeGuaranteedRef { $0.readsKey(name) } }
    mutating func null() throws { try sink._withUnsafeGuaranteedRef { try $0.null() } }
    mutating func bool(_ value: Bool) throws { try sink._withUnsafeGuaranteedRef { try $0.bool(value) } }
    mutating func number(_ text: JSONBytes) throws { try sink._withUnsafeGuaranteedRef { try $0.number(text) } }
    mutating func string(_ value: JSONBytes) throws { try sink._withUnsafeGuaranteedRef { try $0.string(value) } }
    mutating func key(_ name: JSONBytes) throws { try sink._withUnsafeGuaranteedRef { try $0.key(name) } }
    mutating func startObject() throws { try sink._withUnsafeGuaranteedRef { try $0.startObject() } }
    mutating func endObject() throws { try sink._withUnsafeGuaranteedRef { try $0.endObject() } }
    mutating func startArray() throws { try sink._withUnsafeGuaranteedRef { try $0.startArray() } }
    mutating func endArray() throws { try sink._withUnsafeGuaranteedRef { try $0.endArray() } }
}
