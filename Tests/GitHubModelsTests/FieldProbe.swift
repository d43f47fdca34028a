import Foundation
import GitHubModels
import YajlMapper

/// One field a type's `init(from:)` reads: its key, its JSON type, and whether it may be
/// missing or `null` (read with `decodeIfPresent`).
struct ProbedField: Equatable, CustomStringConvertible {
    /// The key.
    let key: String
    /// `string` (a `Date` too), `integer`, `number`, `boolean`, `array` or `object`; `any` for a `JSON`.
    let type: String
    /// Whether it is read with `decodeIfPresent`.
    let optional: Bool

    var description: String { "\(key): \(type)\(optional ? "?" : "")" }
}

/// A decoder that runs a type's real `init(from:)` and notes each key it reads, with the
/// type and whether it was read with `decodeIfPresent` (whose default implementation asks
/// `decodeNil(forKey:)` first, which a required read never does). Every value read is a
/// placeholder: nested types are probed by a decoder of their own, arrays are empty.
final class FieldProbe: Decoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// The keys read, in order.
    private(set) var keys: [String] = []
    /// The type read at each key.
    private(set) var types: [String: String] = [:]
    /// The keys asked about `null` first.
    private(set) var optionalKeys: Set<String> = []

    /// The fields `T`'s `init(from:)` reads.
    static func fields<T: Decodable>(of type: T.Type) throws -> [ProbedField] {
        let probe = FieldProbe()
        _ = try T(from: probe)
        return probe.keys.map {
            ProbedField(key: $0, type: probe.types[$0]!, optional: probe.optionalKeys.contains($0))
        }
    }

    /// Notes a read of `key` as `type`.
    func note(_ key: String, _ type: String) {
        if types[key] == nil { keys.append(key) }
        types[key] = type
    }

    /// Notes that `key` may be `null`.
    func noteOptional(_ key: String) { optionalKeys.insert(key) }

    /// The JSON type a Swift type is read from.
    static func jsonType<T>(_ type: T.Type) -> String {
        switch type {
        case is String.Type: return "string"
        case is Bool.Type: return "boolean"
        case is Double.Type, is Float.Type: return "number"
        case is Date.Type: return "string"
        case is JSON.Type: return "any"
        case is any FixedWidthInteger.Type: return "integer"
        case is any GitHubOpenEnum.Type: return "string"
        case is any ExpressibleByArrayLiteral.Type: return "array"
        default: return "object"
        }
    }

    /// A placeholder value of `type`.
    static func placeholder<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self { return Date() as! T }
        return try T(from: FieldProbe())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed(probe: self))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer { Empty() }

    func singleValueContainer() -> any SingleValueDecodingContainer { Single() }

    /// The keyed container: every key is there and not `null`.
    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let probe: FieldProbe
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) -> Bool {
            probe.noteOptional(key.stringValue)
            return false
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            probe.note(key.stringValue, FieldProbe.jsonType(type))
            return try FieldProbe.placeholder(type)
        }
        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedDecodingContainer<N> {
            probe.note(key.stringValue, "object")
            return KeyedDecodingContainer(Keyed<N>(probe: FieldProbe()))
        }
        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
            probe.note(key.stringValue, "array")
            return Empty()
        }
        func superDecoder() -> any Decoder { FieldProbe() }
        func superDecoder(forKey key: Key) -> any Decoder { FieldProbe() }
    }

    /// An empty array.
    private struct Empty: UnkeyedDecodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }
        mutating func decodeNil() -> Bool { true }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try FieldProbe.placeholder(type) }
        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedDecodingContainer<N> {
            KeyedDecodingContainer(Keyed<N>(probe: FieldProbe()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { Empty() }
        mutating func superDecoder() -> any Decoder { FieldProbe() }
    }

    /// A single value: empty, zero or false.
    private struct Single: SingleValueDecodingContainer {
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { false }
        func decode(_ type: Bool.Type) -> Bool { false }
        func decode(_ type: String.Type) -> String { "" }
        func decode(_ type: Double.Type) -> Double { 0 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if let integer = type as? any FixedWidthInteger.Type { return integer.init(0) as! T }
            if let real = type as? any BinaryFloatingPoint.Type { return real.init(0) as! T }
            return try FieldProbe.placeholder(type)
        }
    }
}
