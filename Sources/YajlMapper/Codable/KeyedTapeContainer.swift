import Foundation

/// The keyed container over one object of the tape. A key is found by comparing its text
/// with the members' keys, starting where the last key found in this object ended (types
/// read their keys in about the order they are written); with a key strategy, with the
/// members' keys converted.
struct KeyedTapeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder of the document.
    let decoder: TapeDecoder
    /// The object's token.
    let object: Int
    /// The object's path.
    let node: CodingPathNode
    /// The members' converted keys, with a key strategy.
    let converted: ConvertedKeys?
    /// The object's place in the plan (`nil`: the tape holds it whole).
    unowned(unsafe) let place: DecodePlan?

    /// The container of the object at `object`, at `place` in the plan.
    init(decoder: TapeDecoder, object: Int, node: CodingPathNode, place: DecodePlan?) {
        self.decoder = decoder
        self.object = object
        self.node = node
        self.place = place
        converted = decoder.usesDefaultKeys ? nil : ConvertedKeys(object: object, decoder: decoder, node: node)
    }

    var codingPath: [any CodingKey] { node.path }

    var allKeys: [Key] {
        decoder.readsAllKeys(at: place)
        if let converted { return converted.names.compactMap { Key(stringValue: $0) } }
        var keys: [Key] = []
        var k = object + 1
        let end = decoder.tape.tokens[object].start
        while k < end {
            if let key = Key(stringValue: decoder.tape.string(at: k)) { keys.append(key) }
            k = decoder.tape.end(ofValueAt: k + 1)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { (try? member(key, needsPlace: false).index) != nil }

    /// The token of the value of `key` (of this container's key type, or `super`; `nil` when
    /// the object has no such member), and, when `needsPlace`, the value's place in the plan.
    /// A member found needs the plan only for its place, or to learn the key.
    /// - Throws: ``TapeDecoder/PlanMiss`` when the plan does not list the key.
    @inline(__always)
    func member(_ key: some CodingKey, needsPlace: Bool = true) throws -> (index: Int?, place: DecodePlan?) {
        var name = key.stringValue
        return try name.withUTF8 { bytes in
            let index: Int?
            if let converted { index = converted.values[key.stringValue] } else { index = find(bytes) }
            guard let place, needsPlace || index == nil || decoder.session.learning else { return (index, nil) }
            return (index, try decoder.place(ofKey: bytes, in: place))
        }
    }

    /// Finds the member whose key has the bytes of `name` (``TapeView/member(_:in:from:)``),
    /// from the member after the last one found in this object, which becomes the new hint.
    private func find(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        let view = decoder.view
        guard let value = view.member(name, in: object, from: object + Int(decoder.hints[object])) else { return nil }
        let after = view.end(ofValueAt: value)
        decoder.hints[object] = after < view.tokens[object].start ? UInt32(after - object) : 0
        return value
    }

    /// The value's token and place, or `keyNotFound`: `JSONDecoder`'s for a value, or for a
    /// nested container the `nested` message it begins with.
    @inline(__always)
    private func required(
        _ key: Key, needsPlace: Bool = false, nested: String? = nil
    ) throws -> (index: Int, place: DecodePlan?) {
        let (found, place) = try member(key, needsPlace: needsPlace)
        guard let index = found else {
            let (name, suffix) = ("\(key) (\"\(key.stringValue)\")", decoder.locationSuffix(of: object))
            let message = nested.map { "\($0) \(name)\(suffix)" } ?? "No value associated with key \(name).\(suffix)"
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: message))
        }
        return (index, place)
    }

    /// The value's token and place, or `nil` when it is missing or null.
    @inline(__always)
    private func present(_ key: Key, needsPlace: Bool) throws -> (index: Int, place: DecodePlan?)? {
        let (found, place) = try member(key, needsPlace: needsPlace)
        guard let index = found, decoder.kind(at: index) != .null else { return nil }
        return (index, place)
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.kind(at: try required(key).index) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (index, place) = try required(key, needsPlace: true)
        return try decoder.unbox(T.self, at: index, node: node, step: .key(key), place: place)
    }

    /// An integer of any width.
    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        try decoder.unboxInteger(T.self, at: try required(key).index, node: node, step: .key(key))
    }

    /// A number, string or boolean (see ``TapeArrayElement``).
    @inline(__always)
    private func scalar<T: TapeArrayElement>(_ key: Key) throws -> T {
        try T.unbox(decoder, try required(key).index, node, .key(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalScalar(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalScalar(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalScalar(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalInteger(key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalInteger(key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try optionalInteger(key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let (index, place) = try present(key, needsPlace: true) else { return nil }
        return try decoder.unbox(T.self, at: index, node: node, step: .key(key), place: place)
    }

    /// An optional integer of any width.
    @inline(__always)
    private func optionalInteger<T: FixedWidthInteger>(_ key: Key) throws -> T? {
        guard let index = try present(key, needsPlace: false)?.index else { return nil }
        return try decoder.unboxInteger(T.self, at: index, node: node, step: .key(key))
    }

    /// An optional number, string or boolean (see ``TapeArrayElement``).
    @inline(__always)
    private func optionalScalar<T: TapeArrayElement>(_ key: Key) throws -> T? {
        guard let index = try present(key, needsPlace: false)?.index else { return nil }
        return try T.unbox(decoder, index, node, .key(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (index, place) = try required(
            key, needsPlace: true, nested: "Cannot get nested keyed container -- no value found for key")
        return try decoder.withCurrent(index, node: .key(key, parent: node), place: place) {
            try decoder.container(keyedBy: NestedKey.self)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let (index, place) = try required(
            key, needsPlace: true, nested: "Cannot get UnkeyedDecodingContainer -- no value found for key")
        return try decoder.withCurrent(index, node: .key(key, parent: node), place: place) {
            try decoder.unkeyedContainer()
        }
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: YajlCodingKey.super) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key) }

    /// A decoder of the value at `key` (a null not in the document when the key is missing).
    private func superDecoder(named key: some CodingKey) throws -> any Decoder {
        let (index, place) = try member(key)
        return TapeDecoder(sharing: decoder, at: index ?? -1, node: .key(key, parent: node), place: place)
    }
}
