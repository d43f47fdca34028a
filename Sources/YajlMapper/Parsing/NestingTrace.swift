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

    /// Passes an event to `inner`, then notes the end of its token.
    @inline(__always)
    private mutating func noting(_ event: (inout Inner) throws -> Void) throws {
        try event(&inner)
        lastEnd = control?.currentOffset ?? 0
    }

    mutating func null() throws { try noting { try $0.null() } }
    mutating func bool(_ value: Bool) throws { try noting { try $0.bool(value) } }
    mutating func number(_ text: JSONBytes) throws { try noting { try $0.number(text) } }
    mutating func string(_ value: JSONBytes) throws { try noting { try $0.string(value) } }
    mutating func key(_ name: JSONBytes) throws { try noting { try $0.key(name) } }
    mutating func startObject() throws {
        try noting { try $0.startObject() }
        arrays.append(false)
    }
    mutating func endObject() throws {
        try noting { try $0.endObject() }
        arrays.removeLast()
    }
    mutating func startArray() throws {
        try noting { try $0.startArray() }
        arrays.append(true)
    }
    mutating func endArray() throws {
        try noting { try $0.endArray() }
        arrays.removeLast()
    }
}
