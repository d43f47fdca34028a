import Foundation

/// The `Encoder` that builds an ``EncodingNode`` tree. One instance encodes a whole value: a
/// nested value is encoded by pointing it at that value's path and calling the value's
/// `encode(to:)`, which leaves what it made in ``slot``. It is also the single-value container.
final class TreeEncoder: Encoder {
    /// What every encoder of one encoding shares: the scalars' JSON text, and the first
    /// container asked for where a value of another kind is.
    final class Arena {
        /// The bytes, back to back.
        @exclusivity(unchecked) var bytes: [UInt8] = []
        /// The first conflict, thrown once the value is encoded (`JSONEncoder` stops the program).
        @exclusivity(unchecked) var conflict: EncodingError?
    }

    /// A value a `superEncoder()` encodes, read when the tree is written.
    final class Pending {
        /// What the `superEncoder()` made, if anything.
        @exclusivity(unchecked) var value: EncodingNode.Value?
    }

    /// The settings of the ``YajlEncoder`` that made it.
    let options: YajlEncoder.Settings
    /// `options.usesDefaultKeys`, read without copying the settings.
    let usesDefaultKeys: Bool
    /// Where scalars are written.
    let arena: Arena
    /// The path of the value being encoded.
    @exclusivity(unchecked) var node: CodingPathNode
    /// What the value being encoded made: its scalar's bytes or its container (`nil`: nothing yet).
    @exclusivity(unchecked) var slot: EncodingNode.Value? {
        didSet { pending?.value = slot }
    }
    /// For a `superEncoder()`: where its value goes.
    private let pending: Pending?
    /// For a `superEncoder(forKey:)`: the container the key already holds, which a container
    /// of its kind asked for adds to.
    private let inherited: EncodingNode?
    /// Converted keys by their Swift spelling, for the key strategies.
    @exclusivity(unchecked) var convertedKeys: [String: String] = [:]

    /// An encoder of a whole value.
    init(options: YajlEncoder.Settings) {
        self.options = options
        usesDefaultKeys = options.usesDefaultKeys
        arena = Arena()
        node = .root
        pending = nil
        inherited = nil
    }

    /// An encoder for a `superEncoder()`: the same arena and settings, its value in `pending`,
    /// adding to `inherited` (the container its key already holds) if asked for one of its kind.
    init(sharing other: TreeEncoder, node: CodingPathNode, pending: Pending, inherited: EncodingNode? = nil) {
        options = other.options
        usesDefaultKeys = other.usesDefaultKeys
        arena = other.arena
        self.node = node
        self.pending = pending
        self.inherited = inherited
    }

    var codingPath: [any CodingKey] { node.path }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// Encodes `value` at `node`. A value that encodes nothing is an empty object.
    @inline(__always)
    func box<T: Encodable>(_ value: T, node: CodingPathNode) throws -> EncodingNode.Value {
        try boxIfAny(value, node: node) ?? .node(EncodingNode(isObject: true))
    }

    /// Encodes `value` at `node`: `Date`, `Data`, `URL` and `Decimal` as `JSONEncoder` does,
    /// anything else by its `encode(to:)`; `nil` when it encodes nothing.
    func boxIfAny<T: Encodable>(_ value: T, node: CodingPathNode) throws -> EncodingNode.Value? {
        if T.self == Date.self { return try boxDate(value as! Date, node: node) }
        if T.self == Data.self { return try boxData(value as! Data, node: node) }
        if T.self == URL.self { return string((value as! URL).absoluteString) }
        if T.self == Decimal.self { return raw((value as! Decimal).description) }
        if !usesDefaultKeys, let dictionary = value as? any StringKeyedEncodable {
            return try dictionary.encodeWithKeysAsTheyAre(to: self, node: node)
        }
        return try produce(node: node) { try value.encode(to: self) }
    }

    /// Runs `body` with this encoder pointed at a new value at `node`; what it made.
    @inline(__always)
    func produce(node: CodingPathNode, _ body: () throws -> Void) rethrows -> EncodingNode.Value? {
        let saved = (slot, self.node)
        (slot, self.node) = (nil, node)
        defer { (slot, self.node) = saved }
        try body()
        return slot
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedTreeContainer<Key>(encoder: self, object: container(isObject: true), node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedTreeContainer(encoder: self, array: container(isObject: false), node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The current value's container: the one it already has (a type may ask twice), or a
    /// new one; a conflict, and a container that goes nowhere, where it holds a value of
    /// another kind.
    private func container(isObject: Bool) -> EncodingNode {
        switch slot {
        case .node(let existing)? where existing.isObject == isObject:
            return existing
        case nil where inherited.map({ $0.isObject == isObject }) ?? true:
            let container = inherited ?? EncodingNode(isObject: isObject)
            slot = .node(container)
            return container
        default:
            return conflicting(isObject: isObject, at: node)
        }
    }

    /// Notes that a container was asked for at `path`, where a value of another kind is, and
    /// gives one that goes nowhere (the encoding throws once done).
    func conflicting(isObject: Bool, at path: CodingPathNode) -> EncodingNode {
        noteConflict(
            at: path,
            "Attempt to encode \(isObject ? "a keyed" : "an unkeyed") container where a value of another kind "
                + "is already encoded.")
        return EncodingNode(isObject: isObject)
    }

    /// Keeps the first misuse of the containers, at `path`, to throw once the value is encoded.
    func noteConflict(at path: CodingPathNode, _ message: String) {
        guard arena.conflict == nil else { return }
        let keys = JSONPath(path.path.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
        let location = keys.components.isEmpty ? "the top level" : keys.description
        arena.conflict = EncodingError.invalidValue(
            message, EncodingError.Context(codingPath: path.path, debugDescription: "\(message) (at \(location))"))
    }

    /// The key as the key strategy writes it.
    func convert(_ key: some CodingKey, in node: CodingPathNode) -> String {
        if usesDefaultKeys { return key.stringValue }
        switch options.keys {
        case .convertToSnakeCase:
            let name = key.stringValue
            if let known = convertedKeys[name] { return known }
            let converted = Self.snakeCase(fromCamelCase: name)
            convertedKeys[name] = converted
            return converted
        case .custom(let convert):
            return convert(node.path + [key]).stringValue
        default:
            return key.stringValue
        }
    }

    /// `myURLValue` as `my_url_value`, by `JSONEncoder`'s rule: a word ends before an
    /// uppercase letter, and a run of uppercase letters followed by a lowercase one ends
    /// before its last letter; each word is lowercased.
    static func snakeCase(fromCamelCase key: String) -> String {
        guard !key.isEmpty else { return key }
        let characters = Array(key)
        var words: [ArraySlice<Character>] = []
        var wordStart = 0
        var i = 1
        while i < characters.count {
            guard characters[i].isUppercase else {
                i += 1
                continue
            }
            words.append(characters[wordStart..<i])
            guard let lower = characters[i...].firstIndex(where: { $0.isLowercase }) else {
                wordStart = i
                break
            }
            if lower == i + 1 {
                wordStart = i
            } else {
                words.append(characters[i..<(lower - 1)])
                wordStart = lower - 1
            }
            i = lower + 1
        }
        words.append(characters[wordStart..<characters.count])
        return words.map { String($0).lowercased() }.joined(separator: "_")
    }
}

/// `[String: V]`: with a key strategy, its keys are written as they are (as in `JSONEncoder`).
protocol StringKeyedEncodable {
    /// Encodes the dictionary as an object with its keys unconverted.
    func encodeWithKeysAsTheyAre(to encoder: TreeEncoder, node: CodingPathNode) throws -> EncodingNode.Value
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeWithKeysAsTheyAre(to encoder: TreeEncoder, node: CodingPathNode) throws -> EncodingNode.Value {
        let object = EncodingNode(isObject: true)
        object.members.reserveCapacity(count)
        for (key, value) in self {
            let path = node.adding(.key(YajlCodingKey(stringValue: key)))
            object.members.append(EncodingNode.Member(key: key, value: try encoder.box(value, node: path)))
        }
        return .node(object)
    }
}
