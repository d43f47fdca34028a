import Foundation

/// A parsed document as one flat list of tokens, the form ``YajlDecoder`` decodes from:
/// no value of the document is a Swift object, so decoding it costs no reference counting.
///
/// An object is its token, then each member's key token and value tokens; an array is its
/// token, then its elements' tokens. A container's token holds the index just past its last
/// token, so passing over a value costs one step whatever its size. The text of keys, strings
/// (unescaped) and numbers (the literal) sits in one byte arena.
struct DecodingTape {
    /// What a token is.
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, key, object, array
    }

    /// One token.
    struct Token {
        /// The offset in the input: of the opening `{` or `[` for a container, just past the
        /// token for anything else (see ``DecodingTape/tokenStart(_:in:)``).
        var offset: Int
        /// Where the text starts in the arena; for a container, the index past its last token.
        var start: Int
        /// The text's length; for a container, its number of members or elements.
        var length: UInt32
        /// What the token is.
        var kind: Kind
    }

    /// The tokens, in document order.
    var tokens: [Token] = []
    /// The text of keys, strings and numbers.
    var arena: [UInt8] = []

    /// Removes every token and byte, keeping the memory for the next document.
    mutating func removeAll() {
        tokens.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
    }

    /// The index just past the value whose first token is at `index`.
    @inline(__always)
    func end(ofValueAt index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? token.start : index + 1
    }

    /// Calls `body` with the text of the token at `index`.
    @inline(__always)
    func withText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let token = tokens[index]
        return try arena.withUnsafeBufferPointer { arena in
            try body(UnsafeBufferPointer(rebasing: arena[token.start..<token.start + Int(token.length)]))
        }
    }

    /// The text of the token at `index` as a `String`.
    func string(at index: Int) -> String {
        withText(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The offset where the token at `index` starts in `input` (its opening quote, first
    /// digit, letter or bracket). A string's start is found by going back from its end to
    /// the first quote not escaped by an odd run of backslashes.
    func tokenStart(_ index: Int, in input: UnsafeRawBufferPointer) -> Int {
        let token = tokens[index]
        switch token.kind {
        case .object, .array: return token.offset
        case .null, .true: return token.offset - 4
        case .false: return token.offset - 5
        case .number: return token.offset - Int(token.length)
        case .string, .key:
            var i = min(token.offset, input.count) - 2
            while i >= 0 {
                if input[i] == UInt8(ascii: "\"") {
                    var slashes = 0
                    while i - 1 - slashes >= 0, input[i - 1 - slashes] == UInt8(ascii: "\\") { slashes += 1 }
                    if slashes % 2 == 0 { return i }
                }
                i -= 1
            }
            return max(0, token.offset - Int(token.length) - 2)
        }
    }
}

/// Records a document's events into a ``DecodingTape``: a consumer of the parse that keeps
/// every key and value, except a repeated key's member, dropped as it arrives, so that the
/// first value wins (as in `JSONDecoder`) and each key is on the tape once.
struct TapeRecorder: ParseConsumer {
    /// Records everything; the input's bytes may be checked behind yajl (nothing is decoded
    /// before the parse ends).
    static var traits: ConsumerTraits { ConsumerTraits(receivesEvents: true, checksBehind: true, skips: false) }

    /// What has been recorded.
    var tape = DecodingTape()
    /// The containers open now, innermost last.
    private var open: [OpenContainer] = []
    /// The key token indexes of the objects open now, each object's after its parent's.
    private var keys: [Int] = []
    /// The nesting inside a repeated key's value, which is being dropped (0: recording).
    private var dropping = 0
    /// Whether the next value is a repeated key's, to be dropped.
    private var dropNext = false
    /// The parse's steering handle, for offsets.
    private var control: ParseControl?

    /// An open container: its token, and for an object where its keys start in ``keys`` and,
    /// past ``TapeRecorder/linearLimit`` keys, their first indexes by hash.
    private struct OpenContainer {
        var token: Int
        var firstKey: Int
        var byHash: [UInt64: Int]?
    }

    /// Up to this many keys, a new key is compared with the object's earlier keys one by one.
    private static let linearLimit = 12

    /// Starts with an empty tape.
    init() {}

    /// Keeps the handle (offsets come from it).
    mutating func attach(_ control: ParseControl) { self.control = control }

    /// The offset the parse is at: just past the token of the current event.
    private var offset: Int { control?.currentOffset ?? 0 }

    /// Whether the event belongs to a dropped value (and moves the drop on).
    @inline(__always)
    private mutating func drops(opening: Int) -> Bool {
        if dropping > 0 {
            dropping += opening
            return true
        }
        if dropNext {
            dropNext = false
            dropping = opening
            return true
        }
        return false
    }

    /// Counts a value into the array open now (an object counts its keys instead).
    @inline(__always)
    private mutating func countIntoArray() {
        if let parent = open.last, tape.tokens[parent.token].kind == .array { tape.tokens[parent.token].length &+= 1 }
    }

    /// Appends a token whose text is `bytes`.
    @inline(__always)
    private mutating func appendText(_ kind: DecodingTape.Kind, _ bytes: JSONBytes) {
        let start = tape.arena.count
        tape.arena.append(contentsOf: UnsafeRawBufferPointer(bytes.buffer))
        tape.tokens.append(DecodingTape.Token(offset: offset, start: start, length: UInt32(bytes.count), kind: kind))
    }

    /// Appends a value token without text.
    @inline(__always)
    private mutating func appendBare(_ kind: DecodingTape.Kind) {
        if drops(opening: 0) { return }
        countIntoArray()
        tape.tokens.append(DecodingTape.Token(offset: offset, start: 0, length: 0, kind: kind))
    }

    mutating func null() throws { appendBare(.null) }
    mutating func bool(_ value: Bool) throws { appendBare(value ? .true : .false) }

    mutating func number(_ text: JSONBytes) throws {
        if drops(opening: 0) { return }
        countIntoArray()
        appendText(.number, text)
    }

    mutating func string(_ value: JSONBytes) throws {
        if drops(opening: 0) { return }
        countIntoArray()
        appendText(.string, value)
    }

    mutating func key(_ name: JSONBytes) throws {
        if dropping > 0 { return }
        if isRepeated(name) {
            dropNext = true
            return
        }
        let parent = open.count - 1
        tape.tokens[open[parent].token].length &+= 1
        keys.append(tape.tokens.count)
        if open[parent].byHash != nil {
            open[parent].byHash![Self.hash(name.buffer)] = tape.tokens.count
        }
        appendText(.key, name)
    }

    /// Whether the object open now has the key already. Past ``linearLimit`` keys, the
    /// object's keys are found by a 64-bit hash of their bytes, confirmed byte for byte.
    private mutating func isRepeated(_ name: JSONBytes) -> Bool {
        let parent = open.count - 1
        let first = open[parent].firstKey
        if open[parent].byHash == nil {
            if keys.count - first < Self.linearLimit {
                for k in first..<keys.count where equals(keys[k], name) { return true }
                return false
            }
            var table = [UInt64: Int](minimumCapacity: 4 * Self.linearLimit)
            for k in first..<keys.count {
                table[tape.withText(at: keys[k]) { Self.hash(UnsafeRawBufferPointer($0)) }] = keys[k]
            }
            open[parent].byHash = table
        }
        guard let earlier = open[parent].byHash![Self.hash(name.buffer)] else { return false }
        if equals(earlier, name) { return true }
        // Two keys with one hash: compare with every earlier key.
        for k in first..<keys.count where equals(keys[k], name) { return true }
        return false
    }

    /// Whether the key token at `index` has the bytes of `name`.
    @inline(__always)
    private func equals(_ index: Int, _ name: JSONBytes) -> Bool {
        let token = tape.tokens[index]
        guard Int(token.length) == name.count else { return false }
        if name.count == 0 { return true }
        return tape.arena.withUnsafeBytes {
            memcmp($0.baseAddress! + token.start, name.buffer.baseAddress!, name.count) == 0
        }
    }

    /// FNV-1a over the bytes, 64-bit.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    mutating func startObject() throws { openContainer(.object) }
    mutating func startArray() throws { openContainer(.array) }
    mutating func endObject() throws { closeContainer() }
    mutating func endArray() throws { closeContainer() }

    /// Appends a container's token, to be completed when it closes.
    private mutating func openContainer(_ kind: DecodingTape.Kind) {
        if drops(opening: 1) { return }
        countIntoArray()
        open.append(OpenContainer(token: tape.tokens.count, firstKey: keys.count, byHash: nil))
        tape.tokens.append(DecodingTape.Token(offset: offset - 1, start: 0, length: 0, kind: kind))
    }

    /// Completes the innermost open container: the index past its last token.
    private mutating func closeContainer() {
        if dropping > 0 {
            dropping -= 1
            return
        }
        let container = open.removeLast()
        tape.tokens[container.token].start = tape.tokens.count
        keys.removeSubrange(container.firstKey...)
    }
}
