import Foundation

/// The `Decoder` over a ``DecodingTape``. One instance decodes a whole document: a nested
/// value is decoded by pointing it at that value's token and calling the type's
/// `init(from:)`, then pointing it back. It is also the single-value container.
final class TapeDecoder: Decoder {
    /// The document.
    let tape: DecodingTape
    /// The document's arrays viewed in place, for finding members.
    let view: TapeView
    /// The input the tape was made from, for the line and column of errors.
    let input: UnsafeRawBufferPointer
    /// Where ``input`` starts in the document.
    let origin: Origin
    /// The settings of the ``YajlDecoder`` that made it.
    let options: YajlDecoder.Settings
    /// `options.usesDefaultKeys`, read without copying the settings.
    let usesDefaultKeys: Bool
    /// The token of the value being decoded; -1 for a null that is not in the document
    /// (what `superDecoder()` gives for a missing key).
    @exclusivity(unchecked) var current: Int
    /// The path of the value being decoded.
    @exclusivity(unchecked) var node: CodingPathNode
    /// The value's place in the plan (`nil`: the tape holds it whole); the session's plan
    /// keeps it alive.
    @exclusivity(unchecked) unowned(unsafe) var place: DecodePlan?
    /// Whether the document's plan learns, or missed; shared with ``init(sharing:at:node:place:)``'s decoders.
    let session: Session
    /// For each object's token, where its last found member's successor starts, relative to
    /// the object (0: none): the next key looked up is usually there.
    let hints: UnsafeMutablePointer<UInt32>
    /// Converted keys by their JSON spelling, for the key strategies.
    @exclusivity(unchecked) var convertedKeys: [String: String] = [:]
    /// What ``fastPath(_:)`` found for each type asked.
    @exclusivity(unchecked) private var fastPaths: [ObjectIdentifier: FastPath] = [:]
    /// Whether this decoder owns ``hints``.
    private let ownsHints: Bool
    /// The decoder whose document and hints this one shares, kept alive while this one is.
    private let owner: TapeDecoder?

    /// What a document's decoding does with its plan.
    final class Session {
        /// The plan, kept alive while the decoders read its places unowned.
        let plan: DecodePlan?
        /// Whether the plan learns what is read (the tape then holds the whole document).
        let learning: Bool
        /// Whether a lookup asked for a key the plan does not list: the decoding's result
        /// cannot be trusted, and the document must be decoded again, learning.
        @exclusivity(unchecked) var missed = false
        /// For a stretch of an array decoded on another thread, the error that stopped it.
        @exclusivity(unchecked) var error: (any Error)?

        /// A session with `plan` (`nil`: no plan, the tape is whole).
        init(plan: DecodePlan?, learning: Bool) {
            self.plan = plan
            self.learning = learning
        }
    }

    /// Thrown where a lookup misses, to stop the decoding early (``Session/missed`` tells it
    /// too, should the type catch it).
    struct PlanMiss: Error {}

    /// Where a decoder's input starts in its document: the offset the tape's token offsets
    /// count from, the line it is on and where that line starts (which may be before it).
    struct Origin {
        /// The offset of the input's first byte.
        var offset = 0
        /// Its line.
        var line = 1
        /// Where that line starts.
        var lineStart = 0
    }

    /// A decoder at the top of `tape`, recorded with `session`'s plan from `input`, which
    /// starts at `origin` in its document.
    init(
        tape: DecodingTape, input: UnsafeRawBufferPointer, origin: Origin = Origin(), options: YajlDecoder.Settings,
        session: Session
    ) {
        self.tape = tape
        view = TapeView(tape)
        self.input = input
        self.origin = origin
        self.options = options
        usesDefaultKeys = options.usesDefaultKeys
        self.session = session
        place = session.plan
        current = tape.tokens.isEmpty ? -1 : 0
        node = .root
        hints = .allocate(capacity: max(tape.tokens.count, 1))
        hints.initialize(repeating: 0, count: max(tape.tokens.count, 1))
        ownsHints = true
        owner = nil
    }

    /// A decoder of another's document at `index` (for `superDecoder()`; with a session of
    /// its own and on one thread, for a stretch of an array decoded on another thread).
    init(
        sharing other: TapeDecoder, at index: Int, node: CodingPathNode, place: DecodePlan?, session: Session? = nil
    ) {
        tape = other.tape
        view = other.view
        input = other.input
        origin = other.origin
        var options = other.options
        if session != nil { options.threads = 1 }
        self.options = options
        usesDefaultKeys = other.usesDefaultKeys
        self.session = session ?? other.session
        self.place = place
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
    func kind(at index: Int) -> DecodingTape.Kind { index < 0 ? .null : tape.tokens[index].kind }

    /// Decodes the whole tape as `T`, the value at `root` in its document.
    func decodeRoot<T: Decodable>(_ type: T.Type, at root: CodingPathNode = .root) throws -> T {
        try unbox(T.self, at: current, node: root, step: .none, place: place)
    }

    /// Makes the value at the top of the tape with `make` (an initializer that is not
    /// `init(from:)`, such as `init(from:configuration:)`), the value at `root` in its document.
    func decodeRoot<T>(at root: CodingPathNode, _ make: (any Decoder) throws -> T) throws -> T {
        do {
            return try withCurrent(current, node: root, place: place) { try make(self) }
        } catch let error as DecodingError {
            throw located(error, at: current)
        }
    }

    /// Decodes the value at `index` as `T`: `Date`, `Data`, `URL` and `Decimal` as
    /// `JSONDecoder` does, anything else by its `init(from:)` with this decoder pointed at it.
    /// - Parameters:
    ///   - node: the path of the value's container.
    ///   - step: where the value is in that container.
    ///   - place: the value's place in the plan.
    func unbox<T: Decodable>(
        _ type: T.Type, at index: Int, node: CodingPathNode, step: PathStep, place: DecodePlan?
    ) throws -> T {
        if T.self == Date.self { return try unboxDate(at: index, node: node, step: step, place: place) as! T }
        if T.self == Data.self { return try unboxData(at: index, node: node, step: step, place: place) as! T }
        if T.self == URL.self { return try unboxURL(at: index, node: node, step: step) as! T }
        if T.self == Decimal.self { return try unboxDecimal(at: index, node: node, step: step) as! T }
        switch fastPath(T.self) {
        case .array(let array): return try unboxArray(array, as: T.self, at: index, node: node, step: step)
        case .dictionary(let dictionary):
            return try unboxDictionary(dictionary, as: T.self, at: index, node: node.adding(step), place: place)
        case .decodableArray(let array):
            return try unboxDecodableArray(array, as: T.self, at: index, node: node, step: step, place: place)
        case .none: break
        }
        let path = node.adding(step)
        do {
            return try withCurrent(index, node: path, place: place) { try T(from: self) }
        } catch let error as DecodingError {
            throw located(error, at: index)
        }
    }

    /// The value at `index` read as `A`, which is `T` (the type ``fastPath(_:)`` found).
    @inline(__always)
    private func unboxArray<A: TapeArrayElement, T>(
        _ type: A.Type, as: T.Type, at index: Int, node: CodingPathNode, step: PathStep
    ) throws -> T {
        unsafeBitCast(try A.unbox(self, index, node, step), to: T.self)
    }

    /// The `[String: V]` at `index` read as `D`, which is `T`.
    @inline(__always)
    private func unboxDictionary<D: StringKeyedDictionary, T>(
        _ type: D.Type, as: T.Type, at index: Int, node: CodingPathNode, place: DecodePlan?
    ) throws -> T {
        unsafeBitCast(try D.decodeFromTape(self, at: index, node: node, place: place), to: T.self)
    }

    /// The array of `Decodable` elements at `index` read as `A`, which is `T`.
    @inline(__always)
    private func unboxDecodableArray<A: DecodableArray, T>(
        _ type: A.Type, as: T.Type, at index: Int, node: CodingPathNode, step: PathStep, place: DecodePlan?
    ) throws -> T {
        unsafeBitCast(try A.decodeFromTape(self, at: index, node: node, step: step, place: place), to: T.self)
    }

    /// How a type is read without its `init(from:)`.
    enum FastPath {
        /// Arrays (at any depth) of numbers, strings or booleans (``TapeArrayElement``).
        case array(any TapeArrayElement.Type)
        /// `[String: V]`, member by member.
        case dictionary(any StringKeyedDictionary.Type)
        /// Arrays of any other `Decodable` element, element by element (``DecodableArray``).
        case decodableArray(any DecodableArray.Type)
        /// By its `init(from:)`.
        case none
    }

    /// How `type` is read, remembered per type: the runtime's conformance checks cost more
    /// than a lookup.
    @inline(__always)
    private func fastPath<T>(_ type: T.Type) -> FastPath {
        let id = ObjectIdentifier(type)
        if let known = fastPaths[id] { return known }
        let found =
            (type as? any TapeArrayElement.Type).map(FastPath.array)
            ?? (type as? any StringKeyedDictionary.Type).map(FastPath.dictionary)
            ?? (type as? any DecodableArray.Type).map(FastPath.decodableArray) ?? FastPath.none
        fastPaths[id] = found
        return found
    }

    /// Runs `body` with this decoder pointed at the value at `index`, then points it back.
    @inline(__always)
    func withCurrent<R>(_ index: Int, node: CodingPathNode, place: DecodePlan?, _ body: () throws -> R) rethrows -> R {
        let saved = (current, self.node, self.place)
        (current, self.node, self.place) = (index, node, place)
        defer { (current, self.node, self.place) = saved }
        return try body()
    }

    /// The place of an object member's value: learned, or known to the plan; a miss
    /// (noted in the session, and thrown) when the plan does not list the key.
    @inline(__always)
    func place(ofKey name: UnsafeBufferPointer<UInt8>, in object: DecodePlan?) throws -> DecodePlan? {
        guard let object else { return nil }
        switch object.place(ofKey: name, learning: session.learning) {
        case .known(let child): return child
        case .miss:
            session.missed = true
            throw PlanMiss()
        }
    }

    /// Notes that every member of an object at `place` is read: learned, or a miss when the
    /// tape holds only the plan's keys there.
    func readsAllKeys(at place: DecodePlan?) {
        if place?.readsEveryKey(learning: session.learning) == true { session.missed = true }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        _ = try containerCount(at: current, path: node, object: true)
        return KeyedDecodingContainer(KeyedTapeContainer<Key>(decoder: self, object: current, node: node, place: place))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        _ = try containerCount(at: current, path: node, object: false)
        return UnkeyedTapeContainer(
            decoder: self, array: current, node: node, elements: place?.elementPlace(learning: session.learning))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

/// `[String: V]`, read member by member from the tape rather than through a keyed
/// container's `allKeys`; its keys are used as they are, also under a key strategy (as in
/// `JSONDecoder`).
protocol StringKeyedDictionary {
    /// Decodes the object at `index`.
    static func decodeFromTape(
        _ decoder: TapeDecoder, at index: Int, node: CodingPathNode, place: DecodePlan?
    ) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeFromTape(
        _ decoder: TapeDecoder, at index: Int, node: CodingPathNode, place: DecodePlan?
    ) throws -> Self {
        let count = try decoder.containerCount(at: index, path: node, object: true)
        decoder.readsAllKeys(at: place)
        var result = [String: Value](minimumCapacity: count)
        var k = index + 1
        let end = decoder.tape.tokens[index].start
        while k < end {
            let name = decoder.tape.string(at: k)
            let key = YajlCodingKey(stringValue: name)
            var bytes = name
            let member = try bytes.withUTF8 { try decoder.place(ofKey: $0, in: place) }
            result[name] = try decoder.unbox(Value.self, at: k + 1, node: node, step: .key(key), place: member)
            k = decoder.tape.end(ofValueAt: k + 1)
        }
        return result
    }
}
