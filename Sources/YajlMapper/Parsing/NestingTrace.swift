/// The spine's record of where it is: the open containers, and where its last event ended.
/// Each event goes to `Inner` first (the writer of a reformatting; no events for validation).
struct NestingTrace<Inner: JSONEventHandler>: ParseConsumer {
    /// Every event, to know where the last one ended.
    static var traits: ConsumerTraits { .handler }
    /// Where the events go before they are noted.
    private(set) var inner: Inner
    /// The parse's handle, for offsets.
    private var control: ParseControl?
    /// The open containers, innermost last: `true` for an array.
    private(set) var arrays: [Bool] = []
    /// Just past the last event's token.
    private(set) var lastEnd = 0

    /// A trace whose events go to `inner` first.
    init(_ inner: Inner) { self.inner = inner }

    mutating func attach(_ control: ParseControl) { self.control = control }

    /// Just past the last value when it was an element of the innermost array.
    var lastElementEnd: Int? { arrays.last == true ? lastEnd : nil }

    /// Notes the end of the event's token.
    private mutating func ended() { lastEnd = control?.currentOffset ?? 0 }

    mutating func null() throws {
        try inner.null()
        ended()
    }
    mutating func bool(_ value: Bool) throws {
        try inner.bool(value)
        ended()
    }
    mutating func number(_ text: JSONBytes) throws {
        try inner.number(text)
        ended()
    }
    mutating func string(_ value: JSONBytes) throws {
        try inner.string(value)
        ended()
    }
    mutating func key(_ name: JSONBytes) throws {
        try inner.key(name)
        ended()
    }
    mutating func startObject() throws {
        try inner.startObject()
        arrays.append(false)
        ended()
    }
    mutating func endObject() throws {
        try inner.endObject()
        arrays.removeLast()
        ended()
    }
    mutating func startArray() throws {
        try inner.startArray()
        arrays.append(true)
        ended()
    }
    mutating func endArray() throws {
        try inner.endArray()
        arrays.removeLast()
        ended()
    }
}
