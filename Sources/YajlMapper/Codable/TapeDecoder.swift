import Foundation

/// The `Decoder` over a ``DecodingTape``. One instance decodes a whole document: a nested
/// value is decoded by pointing it at that value's token and calling the type's
/// `init(from:)`, then pointing it back. It is also the single-value container.
final class TapeDecoder: Decoder {
    /// The settings of the ``YajlDecoder`` that made it.
    struct Options {
        /// How JSON keys become coding keys.
        var keys: JSONDecoder.KeyDecodingStrategy
        /// How dates are read.
        var dates: JSONDecoder.DateDecodingStrategy
        /// How data is read.
        var data: JSONDecoder.DataDecodingStrategy
        /// How non-conforming floats are read.
        var floats: JSONDecoder.NonConformingFloatDecodingStrategy
        /// What each decoder carries.
        var userInfo: [CodingUserInfoKey: any Sendable]
        /// Whether JSON keys are used as they are.
        var usesDefaultKeys: Bool {
            if case .useDefaultKeys = keys { return true }
            return false
        }
    }

    /// The document.
    let tape: DecodingTape
    /// The input the tape was made from, for the line and column of errors.
    let input: UnsafeRawBufferPointer
    /// The settings.
    let options: Options
    /// The token of the value being decoded; -1 for a null that is not in the document
    /// (what `superDecoder()` gives for a missing key).
    var current: Int
    /// The path of the value being decoded.
    var node: CodingPathNode
    /// For each object's token, where its last found member's successor starts, relative to
    /// the object (0: none): the next key looked up is usually there.
    let hints: UnsafeMutablePointer<UInt32>
    /// Converted keys by their JSON spelling, for the key strategies.
    var convertedKeys: [String: String] = [:]
    /// Whether this decoder owns ``hints``.
    private let ownsHints: Bool
    /// The decoder whose document and hints this one shares, kept alive while this one is.
    private let owner: TapeDecoder?

    /// A decoder at the top of `tape`.
    init(tape: DecodingTape, input: UnsafeRawBufferPointer, options: Options) {
        self.tape = tape
        self.input = input
        self.options = options
        current = tape.tokens.isEmpty ? -1 : 0
        node = .root
        hints = .allocate(capacity: max(tape.tokens.count, 1))
        hints.initialize(repeating: 0, count: max(tape.tokens.count, 1))
        ownsHints = true
        owner = nil
    }

    /// A decoder of another's document at `index` (for `superDecoder()`).
    init(sharing other: TapeDecoder, at index: Int, node: CodingPathNode) {
        tape = other.tape
        input = other.input
        options = other.options
        current = index
        self.node = node
        hints = other.hints
        ownsHints = false
        owner = other
    }

    deinit { if ownsHints { hints.deallocate() } }

    /// The path of the value being decoded.
    var codingPath: [any CodingKey] { node.path }

    /// The decoder's settings' `userInfo`.
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// What the token at `index` is (`null` for -1).
    @inline(__always)
    func kind(at index: Int) -> DecodingTape.Kind {
        index < 0 ? .null : tape.tokens[index].kind
    }

    /// Decodes the whole document as `T`.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        try unbox(T.self, at: current, node: .root, step: .none)
    }

    /// Decodes the value at `index` as `T`: `Date`, `Data`, `URL` and `Decimal` as
    /// `JSONDecoder` does, anything else by its `init(from:)` with this decoder pointed at it.
    /// - Parameters:
    ///   - node: the path of the value's container.
    ///   - step: where the value is in that container.
    func unbox<T: Decodable>(_ type: T.Type, at index: Int, node: CodingPathNode, step: PathStep) throws -> T {
        if T.self == Date.self { return try unboxDate(at: index, node: node, step: step) as! T }
        if T.self == Data.self { return try unboxData(at: index, node: node, step: step) as! T }
        if T.self == URL.self { return try unboxURL(at: index, node: node, step: step) as! T }
        if T.self == Decimal.self { return try unboxDecimal(at: index, node: node, step: step) as! T }
        let path = node.adding(step)
        if !options.usesDefaultKeys, let dictionary = T.self as? any StringKeyedDictionary.Type {
            return try dictionary.decodeWithKeysAsTheyAre(from: self, at: index, node: path) as! T
        }
        return try withCurrent(index, node: path) { try T(from: self) }
    }

    /// Runs `body` with this decoder pointed at the value at `index`, then points it back.
    @inline(__always)
    func withCurrent<R>(_ index: Int, node: CodingPathNode, _ body: () throws -> R) rethrows -> R {
        let (savedIndex, savedNode) = (current, self.node)
        current = index
        self.node = node
        defer {
            current = savedIndex
            self.node = savedNode
        }
        return try body()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch kind(at: current) {
        case .object:
            return KeyedDecodingContainer(KeyedTapeContainer<Key>(decoder: self, object: current, node: node))
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                context(
                    at: current, node: node, step: .none,
                    "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw typeMismatch([String: Any].self, at: current, node: node, step: .none)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch kind(at: current) {
        case .array:
            return UnkeyedTapeContainer(decoder: self, array: current, node: node)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                context(
                    at: current, node: node, step: .none,
                    "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw typeMismatch([Any].self, at: current, node: node, step: .none)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

/// `[String: V]`: with a key strategy, its keys are used as they are (as in `JSONDecoder`).
protocol StringKeyedDictionary {
    /// Decodes the object at `index` with its keys unconverted.
    static func decodeWithKeysAsTheyAre(from decoder: TapeDecoder, at index: Int, node: CodingPathNode) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeWithKeysAsTheyAre(from decoder: TapeDecoder, at index: Int, node: CodingPathNode) throws -> Self {
        switch decoder.kind(at: index) {
        case .object: break
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                decoder.context(
                    at: index, node: node, step: .none,
                    "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw decoder.typeMismatch([String: Any].self, at: index, node: node, step: .none)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(Int(decoder.tape.tokens[index].length))
        var k = index + 1
        let end = decoder.tape.tokens[index].start
        while k < end {
            let name = decoder.tape.string(at: k)
            let key = YajlCodingKey(stringValue: name)
            result[name] = try decoder.unbox(Value.self, at: k + 1, node: node, step: .key(key))
            k = decoder.tape.end(ofValueAt: k + 1)
        }
        return result
    }
}
