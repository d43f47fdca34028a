import Foundation

/// The keyed container over one object of the tree: each member is added as it is encoded.
struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder of the whole value.
    let encoder: TreeEncoder
    /// The object.
    let object: EncodingNode
    /// The object's path.
    let node: CodingPathNode

    var codingPath: [any CodingKey] { node.path }

    /// Adds a member.
    @inline(__always)
    private func add(_ key: Key, _ value: EncodingNode.Value) {
        object.members.append(EncodingNode.Member(key: encoder.convert(key, in: node), value: value))
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, encoder.null()) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, encoder.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, encoder.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, try encoder.float(value, at: path(key))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, try encoder.float(value, at: path(key))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { add(key, encoder.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(key, try encoder.box(value, node: .key(key, parent: node)))
    }

    /// The path of the value at `key`.
    private func path(_ key: Key) -> CodingPathNode { .key(key, parent: node) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = CodingPathNode.key(key, parent: node)
        return KeyedEncodingContainer(
            KeyedTreeContainer<NestedKey>(encoder: encoder, object: nested(isObject: true, key, path), node: path))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let path = CodingPathNode.key(key, parent: node)
        return UnkeyedTreeContainer(encoder: encoder, array: nested(isObject: false, key, path), node: path)
    }

    /// The container at `key`: the one the key already holds, when of this kind (a type may
    /// fill one object through several nested containers, as `JSONEncoder` lets it); a new
    /// one when the key holds nothing; a conflict where it holds a value of another kind.
    private func nested(isObject: Bool, _ key: Key, _ path: CodingPathNode) -> EncodingNode {
        let name = encoder.convert(key, in: node)
        switch held(at: name) {
        case nil:
            let child = EncodingNode(isObject: isObject)
            object.members.append(EncodingNode.Member(key: name, value: .node(child)))
            return child
        case .node(let existing)? where existing.isObject == isObject:
            return existing
        default:
            return encoder.conflicting(isObject: isObject, at: path)
        }
    }

    /// What the object holds at the key `name`: its last value (what a `superEncoder` made
    /// for it, if anything), or `nil`.
    private func held(at name: String) -> EncodingNode.Value? {
        guard let member = object.members.last(where: { $0.key == name }) else { return nil }
        guard case .pending(let pending) = member.value else { return member.value }
        return pending.value
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: YajlCodingKey.super) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    /// An encoder whose value becomes the member `key` (an empty object if it encodes
    /// nothing); a container it asks for adds to the one the key already holds.
    private func superEncoder(named key: some CodingKey) -> any Encoder {
        let pending = TreeEncoder.Pending()
        let name = encoder.convert(key, in: node)
        var inherited: EncodingNode?
        if case .node(let existing)? = held(at: name) {
            // Kept should the encoder make nothing: it is the key's last value from now on.
            inherited = existing
            pending.value = .node(existing)
        }
        object.members.append(EncodingNode.Member(key: name, value: .pending(pending)))
        return TreeEncoder(sharing: encoder, node: .key(key, parent: node), pending: pending, inherited: inherited)
    }
}

/// The unkeyed container over one array of the tree.
struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    /// The encoder of the whole value.
    let encoder: TreeEncoder
    /// The array.
    let array: EncodingNode
    /// The array's path.
    let node: CodingPathNode

    var codingPath: [any CodingKey] { node.path }
    var count: Int { array.members.count }

    /// Adds an element.
    @inline(__always)
    private func add(_ value: EncodingNode.Value) {
        array.members.append(EncodingNode.Member(key: "", value: value))
    }

    /// The path of the next element.
    private var next: CodingPathNode { node.adding(.index(count)) }

    mutating func encodeNil() throws { add(encoder.null()) }
    mutating func encode(_ value: Bool) throws { add(encoder.bool(value)) }
    mutating func encode(_ value: String) throws { add(encoder.string(value)) }
    mutating func encode(_ value: Double) throws { add(try encoder.float(value, at: next)) }
    mutating func encode(_ value: Float) throws { add(try encoder.float(value, at: next)) }
    mutating func encode(_ value: Int) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: Int8) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: Int128) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { add(encoder.integer(value)) }
    mutating func encode(_ value: UInt128) throws { add(encoder.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { add(try encoder.box(value, node: next)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = EncodingNode(isObject: true)
        let path = next
        add(.node(child))
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(encoder: encoder, object: child, node: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode(isObject: false)
        let path = next
        add(.node(child))
        return UnkeyedTreeContainer(encoder: encoder, array: child, node: path)
    }

    mutating func superEncoder() -> any Encoder {
        let pending = TreeEncoder.Pending()
        let path = next
        add(.pending(pending))
        return TreeEncoder(sharing: encoder, node: path, pending: pending)
    }
}

extension TreeEncoder {
    /// ``float(_:)`` with this encoder pointed at `node`, the path of its error.
    @inline(__always)
    func float<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T, at node: CodingPathNode
    ) throws -> EncodingNode.Value {
        let saved = self.node
        self.node = node
        defer { self.node = saved }
        return try float(value)
    }
}
