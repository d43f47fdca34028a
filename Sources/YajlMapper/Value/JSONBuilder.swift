import Foundation

extension JSON {
    /// What to do when an object names the same key twice (RFC 8259 leaves it open).
    public enum DuplicateKeyPolicy: Sendable, Equatable {
        /// Keep the last value, in the first one's position (as JavaScript, jq and Python do).
        case useLast
        /// Keep the first value.
        case useFirst
        /// Stop with a ``JSONParseError`` of kind ``JSONParseError/Kind/duplicateKey``.
        case reject
    }
}

/// Builds ``JSON`` values from parser events, without recursion: one flat stack of
/// finished values and one of open containers, so depth costs no stack frames.
public struct JSONBuilder: JSONEventHandler {
    private enum Frame {
        case array(start: Int)
        case object(start: Int, keyStart: Int)
    }

    private var values: [JSON] = []
    private var keys: [String] = []
    private var frames: [Frame] = []
    /// What to do with repeated keys.
    public let duplicateKeys: JSON.DuplicateKeyPolicy
    /// The top-level values built so far, in order.
    public private(set) var documents: [JSON] = []

    /// Whether strings and keys must be strict UTF-8 (else invalid bytes become U+FFFD).
    public let strictUTF8: Bool

    /// Creates a builder.
    /// - Parameters:
    ///   - duplicateKeys: what to do with repeated keys.
    ///   - strictUTF8: refuse strings that are not strict UTF-8 (yajl passes overlong
    ///     forms, encoded surrogates and the `\udc00` escape through); when false they are
    ///     repaired with U+FFFD.
    public init(duplicateKeys: JSON.DuplicateKeyPolicy = .useLast, strictUTF8: Bool = true) {
        self.duplicateKeys = duplicateKeys
        self.strictUTF8 = strictUTF8
    }

    /// A builder for a parse with `options` (strict UTF-8 when it validates UTF-8).
    init(_ duplicateKeys: JSON.DuplicateKeyPolicy, for options: JSONParseOptions) {
        self.init(duplicateKeys: duplicateKeys, strictUTF8: options.validateUTF8)
    }

    @inline(__always)
    private func text(_ bytes: JSONBytes) throws -> String {
        guard strictUTF8 else { return bytes.string }
        guard let text = bytes.validatedString else {
            throw JSONParseError.unlocated(.invalidUTF8, message: "invalid UTF-8 in string")
        }
        return text
    }

    @inline(__always)
    private mutating func add(_ value: JSON) {
        if frames.isEmpty { documents.append(value) } else { values.append(value) }
    }

    /// Adds `null`.
    public mutating func null() { add(.null) }
    /// Adds a Boolean.
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    /// Adds a number, keeping its text.
    public mutating func number(_ text: JSONBytes) { add(.number(JSONNumber(unchecked: text.string))) }
    /// Adds a string.
    public mutating func string(_ value: JSONBytes) throws { add(.string(try text(value))) }

    /// The last long key seen in each of 64 slots (by a hash of its bytes). The objects of
    /// an array repeat their keys, and a key of more than 15 bytes is an allocation each
    /// time it is made (shorter ones are stored inline): a repeat shares the first's storage.
    private var recentKeys = [String](repeating: "", count: 64)

    @inline(__always)
    private mutating func keyText(_ name: JSONBytes) throws -> String {
        let count = name.count
        guard count > 15, let base = name.buffer.baseAddress else { return try text(name) }
        let head = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
        let tail = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        let slot = Int(truncatingIfNeeded: ((head &+ tail &* 31 &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if name.equals(recentKeys[slot]) { return recentKeys[slot] }
        let key = try text(name)
        recentKeys[slot] = key
        return key
    }

    /// Records a key; with ``JSON/DuplicateKeyPolicy/reject``, a repeat throws.
    public mutating func key(_ name: JSONBytes) throws {
        let key = try keyText(name)
        if duplicateKeys == .reject, case .object(_, let keyStart)? = frames.last,
            keys[keyStart...].contains(key)
        {
            throw JSONParseError.unlocated(.duplicateKey, message: "duplicate key \"\(key)\" in object")
        }
        keys.append(key)
    }

    /// Opens an object.
    public mutating func startObject() { frames.append(.object(start: values.count, keyStart: keys.count)) }
    /// Opens an array.
    public mutating func startArray() { frames.append(.array(start: values.count)) }

    /// Closes the array and adds it.
    public mutating func endArray() {
        guard case .array(let start)? = frames.popLast() else { return }
        add(.array(values.takeTail(from: start, leaving: .null)))
    }

    /// Closes the object and adds it, resolving repeated keys by the policy.
    public mutating func endObject() {
        guard case .object(let start, let keyStart)? = frames.popLast() else { return }
        let memberKeys = keys.takeTail(from: keyStart, leaving: "")
        let memberValues = values.takeTail(from: start, leaving: .null)
        add(.object(Self.object(keys: memberKeys, values: memberValues, policy: duplicateKeys)))
    }

    /// The first value as built so far: each container still open closed where it stands
    /// (a key whose value has not begun left out); `nil` before any value.
    func partialDocument() -> JSON? {
        var copy = self
        while let frame = copy.frames.last {
            switch frame {
            case .array: copy.endArray()
            case .object(let start, let keyStart):
                if copy.keys.count - keyStart > copy.values.count - start { copy.keys.removeLast() }
                copy.endObject()
            }
        }
        return copy.documents.first
    }

    private static func object(keys: [String], values: [JSON], policy: JSON.DuplicateKeyPolicy) -> JSONObject {
        // Repeats are rare: check cheaply, resolve slowly only when present.
        if let object = JSONObject(distinctKeys: keys, values: values) { return object }
        var object = JSONObject()
        for (key, value) in zip(keys, values) where policy != .useFirst || object[key] == nil {
            object[key] = value
        }
        return object
    }
}

extension JSON {
    /// Parses one JSON document.
    ///
    /// ```swift
    /// let json = try JSON(parsing: #"{"items": [{"id": 1}]}"#)
    /// json["items"][0]["id"].int // 1
    /// ```
    /// - Parameters:
    ///   - bytes: the whole document (`[UInt8]`, `Data`, ...).
    ///   - options: what input is accepted (multiple values are not: see ``parseAll(_:options:duplicateKeys:)-(ContiguousBytes,_,_)``).
    ///   - duplicateKeys: what to do with repeated keys.
    /// - Throws: ``JSONParseError``.
    public init(
        parsing bytes: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions(),
        duplicateKeys: DuplicateKeyPolicy = .useLast
    ) throws {
        self = try JSONStreamParser.parse(
            bytes, handler: JSONBuilder(duplicateKeys, for: options), options: options.allowingMultipleValues(false)
        ).documents[0]
    }

    /// Parses one JSON document from a string.
    /// - Throws: ``JSONParseError``.
    public init(
        parsing text: String, options: JSONParseOptions = JSONParseOptions(),
        duplicateKeys: DuplicateKeyPolicy = .useLast
    ) throws {
        try self.init(parsing: Array(text.utf8), options: options, duplicateKeys: duplicateKeys)
    }

    /// Parses one JSON document from a file or stdin, read in chunks.
    /// - Throws: ``JSONInputError`` or ``JSONParseError``.
    public init(
        reading input: JSONInput, options: JSONParseOptions = JSONParseOptions(),
        duplicateKeys: DuplicateKeyPolicy = .useLast
    ) throws {
        self = try JSONStreamParser.parse(
            input, handler: JSONBuilder(duplicateKeys, for: options), options: options.allowingMultipleValues(false)
        ).documents[0]
    }

    /// Parses every top-level value (JSON Lines, concatenated JSON).
    /// - Returns: the values in order; none for empty input.
    /// - Throws: ``JSONParseError``.
    public static func parseAll(
        _ bytes: some ContiguousBytes, options: JSONParseOptions = JSONParseOptions(),
        duplicateKeys: DuplicateKeyPolicy = .useLast
    ) throws -> [JSON] {
        try JSONStreamParser.parse(
            bytes, handler: JSONBuilder(duplicateKeys, for: options), options: options.allowingMultipleValues(true)
        ).documents
    }

    /// Parses every top-level value of a string (JSON Lines, concatenated JSON).
    /// - Throws: ``JSONParseError``.
    public static func parseAll(
        _ text: String, options: JSONParseOptions = JSONParseOptions(),
        duplicateKeys: DuplicateKeyPolicy = .useLast
    ) throws -> [JSON] {
        try parseAll(Array(text.utf8), options: options, duplicateKeys: duplicateKeys)
    }
}

extension Array {
    /// Moves the elements from `start` on into a new array and drops them from this one.
    /// (`Array(self[start...])` then `removeSubrange` would retain each element and release
    /// it again: the moved-from places hold `filler`, a value with nothing to release.)
    @inline(__always)
    mutating func takeTail(from start: Int, leaving filler: Element) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let taken = withUnsafeMutableBufferPointer { buffer in
            let source = buffer.baseAddress.unsafelyUnwrapped + start
            return [Element](unsafeUninitializedCapacity: moved) { out, initialized in
                out.baseAddress.unsafelyUnwrapped.moveInitialize(from: source, count: moved)
                source.initialize(repeating: filler, count: moved)
                initialized = moved
            }
        }
        removeSubrange(start...)
        return taken
    }
}
