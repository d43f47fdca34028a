/// Receives the events of a JSON text, in order, from ``JSONStreamParser``.
///
/// Keys, strings and numbers arrive as ``JSONBytes`` views valid only during the call.
/// A method that throws stops the parse; the parser rethrows that error unchanged.
/// Every method has an empty default, so a handler implements only what it needs.
public protocol JSONEventHandler {
    /// `null`.
    mutating func null() throws
    /// `true` or `false`.
    mutating func bool(_ value: Bool) throws
    /// A number, as its literal text (never converted by the parser).
    mutating func number(_ text: JSONBytes) throws
    /// A string value, unescaped.
    mutating func string(_ value: JSONBytes) throws
    /// An object key, unescaped.
    mutating func key(_ name: JSONBytes) throws
    /// `{`.
    mutating func startObject() throws
    /// `}`.
    mutating func endObject() throws
    /// `[`.
    mutating func startArray() throws
    /// `]`.
    mutating func endArray() throws
}

extension JSONEventHandler {
    @inlinable public mutating func null() throws {}
    @inlinable public mutating func bool(_ value: Bool) throws {}
    @inlinable public mutating func number(_ text: JSONBytes) throws {}
    @inlinable public mutating func string(_ value: JSONBytes) throws {}
    @inlinable public mutating func key(_ name: JSONBytes) throws {}
    @inlinable public mutating func startObject() throws {}
    @inlinable public mutating func endObject() throws {}
    @inlinable public mutating func startArray() throws {}
    @inlinable public mutating func endArray() throws {}
}

/// A handler that ignores every event: the parser then only checks the input.
///
/// `JSONStreamParser<DiscardEvents>` is the validator. It asks yajl for nothing but
/// nesting, so strings are not unescaped and numbers not copied.
public struct DiscardEvents: JSONEventHandler, Sendable {
    /// Creates the handler.
    public init() {}
}

extension DiscardEvents: ParseConsumer {
    /// No events: yajl reports nesting only, each object is passed by the skip scan, and the
    /// input's bytes are checked behind yajl.
    static var traits: ConsumerTraits { ConsumerTraits(receivesEvents: false, checksBehind: true, skips: true) }
}
