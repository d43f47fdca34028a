/// The spine's record of where it is: the open containers, and where its last event ended.
struct NestingTrace: ParseConsumer {
    /// Every event, to know where the last one ended.
    static var traits: ConsumerTraits { .handler }
    /// The parse's handle, for offsets.
    private var control: ParseControl?
    /// The open containers, innermost last: `true` for an array.
    private(set) var arrays: [Bool] = []
    /// Just past the last event's token.
    private(set) var lastEnd = 0

    mutating func attach(_ control: ParseControl) { self.control = control }

    /// Notes the end of the event's token.
    private mutating func ended() { lastEnd = control?.currentOffset ?? 0 }

    mutating func null() throws { ended() }
    mutating func bool(_ value: Bool) throws { ended() }
    mutating func number(_ text: JSONBytes) throws { ended() }
    mutating func string(_ value: JSONBytes) throws { ended() }
    mutating func key(_ name: JSONBytes) throws { ended() }
    mutating func startObject() throws {
        arrays.append(false)
        ended()
    }
    mutating func endObject() throws {
        arrays.removeLast()
        ended()
    }
    mutating func startArray() throws {
        arrays.append(true)
        ended()
    }
    mutating func endArray() throws {
        arrays.removeLast()
        ended()
    }

    /// The depth of the innermost array when the bytes read so far end just after a comma
    /// that follows one of its elements (the last event ended before it, with only white
    /// space between); `nil` otherwise.
    func arrayDepth(afterElementCommaAt split: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard arrays.last == true, lastEnd < split, bytes[split - 1] == UInt8(ascii: ",") else { return nil }
        for byte in bytes[lastEnd..<(split - 1)] where !JSONLexer.isSpace(byte) { return nil }
        return arrays.count
    }
}
