@testable import YajlMapper

/// The error a ``ThrowingHandler`` throws.
struct HandlerStop: Error, Equatable {
    var event: Event
}

/// Records events, and throws instead of recording the event at index `throwAt`.
struct ThrowingHandler: JSONEventHandler {
    var events: [Event] = []
    var throwAt: Int

    private mutating func note(_ event: Event) throws {
        if events.count == throwAt { throw HandlerStop(event: event) }
        events.append(event)
    }

    mutating func null() throws { try note(.null) }
    mutating func bool(_ value: Bool) throws { try note(.bool(value)) }
    mutating func number(_ text: JSONBytes) throws { try note(.number(text.string)) }
    mutating func string(_ value: JSONBytes) throws { try note(.string(value.bytes)) }
    mutating func key(_ name: JSONBytes) throws { try note(.key(name.bytes)) }
    mutating func startObject() throws { try note(.startObject) }
    mutating func endObject() throws { try note(.endObject) }
    mutating func startArray() throws { try note(.startArray) }
    mutating func endArray() throws { try note(.endArray) }
}
