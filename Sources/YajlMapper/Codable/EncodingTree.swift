import Foundation

/// A value being encoded, as ``YajlEncoder`` keeps it until it is written: each scalar's
/// JSON text sits in one byte arena the moment it is encoded; each container is a node that
/// lists its members (a scalar's bytes, or a nested container) in the order they came.
///
/// Containers are kept rather than written as they come because `Encodable` may fill a
/// nested container after its parent's later members, and because sorted keys and a
/// repeated key (the last value wins, as in `JSONEncoder`) are only known at the end.
final class EncodingNode {
    /// Whether the node is an object (else an array).
    let isObject: Bool
    /// The members, in the order they were encoded (exclusivity unchecked: one encoding
    /// touches a node from one thread).
    @exclusivity(unchecked) var members: [Member] = []

    /// One member: its key (objects only) and its value.
    struct Member {
        /// The key as written (empty in an array).
        var key: String
        /// The value.
        var value: Value
    }

    /// A member's value: bytes of the arena, a container, or what a `superEncoder()`
    /// encodes (an empty object if nothing).
    enum Value {
        /// A scalar's JSON text, in the arena.
        case bytes(Range<Int>)
        /// A container.
        case node(EncodingNode)
        /// What a `superEncoder()` encodes.
        case pending(TreeEncoder.Pending)
    }

    /// An empty object or array.
    init(isObject: Bool) { self.isObject = isObject }
}

/// Writes an encoded value as JSON text, as `JSONEncoder` lays it out: compact, or pretty
/// (two spaces a level, `"key" : value`, an empty container as an opening line, an empty
/// line and the closing one), keys in order or sorted, `/` escaped unless asked not to.
struct EncodingWriter {
    /// The JSON text so far.
    var output: [UInt8] = []
    /// The scalars' bytes.
    let arena: [UInt8]
    /// Whether the layout is `.prettyPrinted`.
    let pretty: Bool
    /// Whether keys are `.sortedKeys`.
    let sortsKeys: Bool
    /// Whether `/` is written `\/`.
    let escapesSlashes: Bool

    /// A writer of values whose scalars are in `arena`.
    init(arena: [UInt8], pretty: Bool, sortsKeys: Bool, escapesSlashes: Bool) {
        self.arena = arena
        self.pretty = pretty
        self.sortsKeys = sortsKeys
        self.escapesSlashes = escapesSlashes
    }

    /// Writes `value` at nesting `depth`.
    mutating func write(_ value: EncodingNode.Value, depth: Int = 0) {
        switch value {
        case .bytes(let range): output.append(contentsOf: arena[range])
        case .node(let node): write(node, depth: depth)
        case .pending(let pending): write(pending.value ?? .node(EncodingNode(isObject: true)), depth: depth)
        }
    }

    /// Writes a container and everything in it.
    mutating func write(_ node: EncodingNode, depth: Int) {
        output.append(node.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        let count: Int
        if node.isObject {
            // The layout itself, not its index: writing the values may make room for others.
            let shape = shapes[layout(of: node.members)]
            count = shape.order.count
            for position in 0..<count {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { newline(depth + 1) }
                output.append(contentsOf: shape.keyTexts[position])
                write(node.members[shape.order[position]].value, depth: depth + 1)
            }
        } else {
            count = node.members.count
            for (i, member) in node.members.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { newline(depth + 1) }
                write(member.value, depth: depth + 1)
            }
        }
        if pretty {
            if count == 0 { output.append(0x0A) }
            newline(depth)
        }
        output.append(node.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// How an object with some keys is written: which member's value goes at each position,
    /// and each position's key as written (quoted, escaped, with its colon).
    private struct Shape {
        /// The members' keys, in encoding order: what an object must match.
        var keys: [String]
        /// The member whose value goes at each position.
        var order: [Int]
        /// Each position's key as written.
        var keyTexts: [[UInt8]]
    }

    /// The layouts met so far, most recent last: objects of one type share theirs.
    private var shapes: [Shape] = []

    /// The index in ``shapes`` of the layout of an object with these members.
    private mutating func layout(of members: [EncodingNode.Member]) -> Int {
        for s in shapes.indices.reversed() where shapes[s].keys.count == members.count {
            if zip(shapes[s].keys, members).allSatisfy({ $0 == $1.key }) { return s }
        }
        if shapes.count == 32 { shapes.removeFirst() }
        shapes.append(Self.shape(of: members, sorted: sortsKeys, pretty: pretty, escapesSlashes: escapesSlashes))
        return shapes.count - 1
    }

    /// The layout of an object: each key once, with its last value in its first place,
    /// sorted by the keys' bytes when `sorted` (for keys in Unicode's composed form, as
    /// Swift's strings compare).
    private static func shape(
        of members: [EncodingNode.Member], sorted: Bool, pretty: Bool, escapesSlashes: Bool
    ) -> Shape {
        var first: [String: Int] = [:]
        var slots: [(key: String, member: Int)] = []
        for (i, member) in members.enumerated() {
            if let slot = first[member.key] {
                slots[slot].member = i
            } else {
                first[member.key] = slots.count
                slots.append((member.key, i))
            }
        }
        if sorted { slots.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
        let keyTexts = slots.map { slot -> [UInt8] in
            var text: [UInt8] = []
            var key = slot.key
            key.withUTF8 { appendString($0, to: &text, escapesSlashes: escapesSlashes) }
            text.append(contentsOf: pretty ? [0x20, UInt8(ascii: ":"), 0x20] : [UInt8(ascii: ":")])
            return text
        }
        return Shape(keys: members.map(\.key), order: slots.map(\.member), keyTexts: keyTexts)
    }

    /// A line break and the indentation of `depth`.
    private mutating func newline(_ depth: Int) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    /// A string's UTF-8 bytes with `JSONEncoder`'s escapes, into `output`: quote, backslash,
    /// slash (unless `.withoutEscapingSlashes`), the short forms of backspace, form feed, line
    /// feed, carriage return and tab, `\u00xx` for the other control characters; all else as
    /// it is. Runs of bytes that need no escape are found eight at a time and copied whole.
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], escapesSlashes: Bool) {
        output.append(UInt8(ascii: "\""))
        var start = 0
        var i = 0
        let count = bytes.count
        while i < count {
            if i + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                let flags = escapeFlags(UInt64(littleEndian: word), slashes: escapesSlashes)
                if flags == 0 {
                    i += 8
                    continue
                }
                i += flags.trailingZeroBitCount >> 3
            } else if !needsEscape(bytes[i], slashes: escapesSlashes) {
                i += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
            appendEscape(bytes[i], to: &output)
            i += 1
            start = i
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(UInt8(ascii: "\""))
    }

    /// Whether `byte` is written escaped.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, slashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (slashes && byte == UInt8(ascii: "/"))
    }

    /// The high bit of each byte of `word` (little-endian) that is written escaped, exact for
    /// the lowest such byte: a borrow only flags bytes after the one that caused it.
    @inline(__always)
    private static func escapeFlags(_ word: UInt64, slashes: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        var flags = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        if slashes {
            let slash = word ^ (ones &* 0x2F)
            flags |= (slash &- ones) & ~slash
        }
        return flags & 0x8080_8080_8080_8080
    }

    /// The escape of a byte that needs one.
    @inline(__always)
    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(0x5C)
        switch byte {
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0..<0x20:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            output.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        default: output.append(byte)
        }
    }
}
