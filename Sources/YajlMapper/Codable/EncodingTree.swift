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
        var key: String
        var value: Value
    }

    /// A member's value: bytes of the arena, a container, or what a `superEncoder()`
    /// encodes (an empty object if nothing).
    enum Value {
        case bytes(Range<Int>)
        case node(EncodingNode)
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
    let pretty: Bool
    let sortsKeys: Bool
    let escapesSlashes: Bool

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
        let members = node.isObject ? Self.resolved(node.members, sorted: sortsKeys) : node.members
        output.append(node.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if members.isEmpty, pretty {
            output.append(0x0A)
            newline(depth)
        }
        for (i, member) in members.enumerated() {
            if i > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(depth + 1) }
            if node.isObject {
                writeString(member.key)
                if pretty {
                    output.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
                } else {
                    output.append(UInt8(ascii: ":"))
                }
            }
            write(member.value, depth: depth + 1)
        }
        if pretty, !members.isEmpty { newline(depth) }
        output.append(node.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// A line break and the indentation of `depth`.
    private mutating func newline(_ depth: Int) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    /// An object's members with each key once, holding its last value (in the first one's
    /// place), sorted by their keys' bytes when `sorted` (for keys in Unicode's composed
    /// form, as Swift's strings compare).
    static func resolved(_ members: [EncodingNode.Member], sorted: Bool) -> [EncodingNode.Member] {
        guard members.count > 1 else { return members }
        if sorted {
            // Sorted with the encoding order breaking ties, a repeated key's members end up
            // side by side, the last one last.
            var order = members.enumerated().sorted { a, b in
                a.element.key == b.element.key
                    ? a.offset < b.offset : a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
            }
            var i = order.count - 1
            while i > 0 {
                if order[i - 1].element.key == order[i].element.key { order.remove(at: i - 1) }
                i -= 1
            }
            return order.map(\.element)
        }
        guard hasRepeatedKey(members) else { return members }
        var index: [String: Int] = [:]
        var unique: [EncodingNode.Member] = []
        unique.reserveCapacity(members.count)
        for member in members {
            if let earlier = index[member.key] {
                unique[earlier].value = member.value
            } else {
                index[member.key] = unique.count
                unique.append(member)
            }
        }
        return unique
    }

    /// Whether two members have one key: compared pairwise up to 16 members, else hashed.
    private static func hasRepeatedKey(_ members: [EncodingNode.Member]) -> Bool {
        if members.count <= 16 {
            for i in 1..<members.count {
                for j in 0..<i where members[i].key == members[j].key { return true }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members where !seen.insert(member.key).inserted { return true }
        return false
    }

    /// A string with `JSONEncoder`'s escapes: quote, backslash, slash (unless
    /// `.withoutEscapingSlashes`), the short forms of backspace, form feed, line feed,
    /// carriage return and tab, `\u00xx` for the other control characters; all else as it is.
    mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { Self.appendString($0, to: &output, escapesSlashes: escapesSlashes) }
    }

    /// ``writeString(_:)`` for UTF-8 bytes, into `output`: runs of bytes that need no escape
    /// are copied whole.
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], escapesSlashes: Bool) {
        output.append(UInt8(ascii: "\""))
        var start = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                    || (byte == UInt8(ascii: "/") && escapesSlashes)
            else {
                i += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
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
                output.append(contentsOf: [
                    UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)],
                ])
            default: output.append(byte)
            }
            i += 1
            start = i
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(UInt8(ascii: "\""))
    }
}
