import Foundation

/// What the decoding of one root type reads at one place of its documents, learned from the
/// types' `init(from:)`: for an object, the keys looked up, each with the place of its value
/// (or every key, for `allKeys` and dictionaries); for an array, the place of its elements.
///
/// The tape of a document is recorded with the plan (``TapeRecorder``): the members of an
/// object that the plan does not list are passed over by the parser's member skip, never
/// recorded. A decoding that then asks for a key the plan does not list cannot be answered
/// from that tape: it is a *miss* (``TapeDecoder/Session/missed``), and the document is
/// decoded again from a whole tape while the plan learns the key. A published plan never
/// changes; learning works on a copy.
final class DecodePlan: @unchecked Sendable {
    /// The keys looked up here, in the form the key filter and the member skip read.
    let keys: PlanNode
    /// Whether keys are listed folded, for the snake-case key strategy (``foldedKey(_:)``): a
    /// member is recorded when its key folds to a listed one, whichever spelling it has.
    let foldsKeys: Bool
    // Read on every key event and lookup: exclusivity is not checked at run time (a plan is
    // changed only while one decoding learns it, before it is published, and never after).
    /// The place of each listed key's value, by its index in ``keys``.
    @exclusivity(unchecked) private(set) var children: [DecodePlan] = []
    /// ``children`` unretained, for the recorder's key events (the plan keeps them alive).
    @exclusivity(unchecked) private(set) var childRefs: [Unmanaged<DecodePlan>] = []
    /// ``keys`` unretained.
    let keysRef: Unmanaged<PlanNode>
    /// Whether every member of an object here is read: nothing here is filtered.
    @exclusivity(unchecked) private(set) var readsAllKeys = false
    /// With ``readsAllKeys``, the place of members whose key is not listed.
    @exclusivity(unchecked) private(set) var member: DecodePlan?
    /// The place of an array's elements (`nil`: not learned, recorded whole).
    @exclusivity(unchecked) private(set) var element: DecodePlan?

    /// An empty plan: an object here is recorded without members until keys are learned;
    /// `foldsKeys` for the snake-case key strategy.
    init(foldsKeys: Bool = false) {
        self.foldsKeys = foldsKeys
        keys = PlanNode(foldsKeys: foldsKeys)
        keysRef = Unmanaged.passUnretained(keys)
    }

    /// Whether an object here is recorded with its listed keys only.
    var filtersKeys: Bool { !readsAllKeys }

    /// The place of the value of the listed key at `index` (see ``PlanNode/lookup(_:)``).
    @inline(__always)
    func child(at index: Int) -> DecodePlan { children[index] }

    /// The place of the value of member `name` of an object here, learning the key when
    /// `learning`; `.miss` when the plan cannot answer for it.
    @inline(__always)
    func place(ofKey name: UnsafeBufferPointer<UInt8>, learning: Bool) -> Place<DecodePlan> {
        if foldsKeys {
            let folded = Self.foldedKey(name)
            return folded.withUnsafeBufferPointer { place(ofListedKey: $0, learning: learning) }
        }
        return place(ofListedKey: name, learning: learning)
    }

    /// ``place(ofKey:learning:)`` for a key in the form ``keys`` lists.
    @inline(__always)
    private func place(ofListedKey name: UnsafeBufferPointer<UInt8>, learning: Bool) -> Place<DecodePlan> {
        if let index = keys.lookup(JSONBytes(UnsafeRawBufferPointer(name))) { return .known(children[index]) }
        return unlisted(name, learning: learning)
    }

    /// The index in ``keys`` of a member's key as the document spells it: under
    /// ``foldsKeys``, of its folded form, after converting it from snake case when it is not
    /// ASCII (ASCII keys fold alike before and after the conversion).
    func index(ofMemberKey name: JSONBytes) -> Int? {
        guard foldsKeys else { return keys.lookup(name) }
        var folded = Self.foldedKey(name.buffer)
        if folded.contains(where: { $0 >= 0x80 }) {
            let converted = TapeDecoder.camelCase(fromSnakeCase: name.string)
            folded = Self.foldedKey(Array(converted.utf8))
        }
        return folded.withUnsafeBytes { keys.lookup(JSONBytes($0)) }
    }

    /// A key folded for the snake-case strategy: ASCII letters lowercased and underscores
    /// dropped, other bytes kept (as `cyajl_fold_key` folds ASCII keys). Converting from
    /// snake case only drops underscores and changes the case of letters, so keys that
    /// convert to the same coding key fold alike.
    static func foldedKey<Bytes: Collection<UInt8>>(_ name: Bytes) -> [UInt8] {
        var folded: [UInt8] = []
        folded.reserveCapacity(name.count)
        for byte in name where byte != UInt8(ascii: "_") {
            folded.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return folded
    }

    /// ``place(ofKey:learning:)`` for a key the plan does not list.
    private func unlisted(_ name: UnsafeBufferPointer<UInt8>, learning: Bool) -> Place<DecodePlan> {
        if readsAllKeys {
            if member == nil, learning { member = DecodePlan(foldsKeys: foldsKeys) }
            return .known(member)
        }
        guard learning else { return .miss }
        let child = DecodePlan(foldsKeys: foldsKeys)
        keys.add(String(decoding: name, as: UTF8.self))
        append(child)
        return .known(child)
    }

    /// ``place(ofKey:learning:)`` without reference counting (the plan keeps its places
    /// alive), for the mapper's reads.
    @inline(__always)
    func unretainedPlace(ofKey name: UnsafeBufferPointer<UInt8>, learning: Bool) -> Place<Unmanaged<DecodePlan>> {
        if !foldsKeys,
            let index = keysRef._withUnsafeGuaranteedRef({ $0.lookup(JSONBytes(UnsafeRawBufferPointer(name))) })
        {
            return .known(childRefs[index])
        }
        switch place(ofKey: name, learning: learning) {
        case .known(let child): return .known(child.map(Unmanaged.passUnretained))
        case .miss: return .miss
        }
    }

    /// Whether objects here are recorded with their listed keys only, each marked with its
    /// index (see ``DecodingTape/Token/listed``).
    @inline(__always)
    var marksListedKeys: Bool { filtersKeys && !foldsKeys && keys.names.count < 0xFFFF }

    /// For an object recorded by this place with its listed keys only, each marked with its
    /// index (see ``DecodingTape/Token/listed``): the index of `name` (`.some(nil)`: not
    /// listed, a miss); `nil` when objects here are not recorded that way.
    @inline(__always)
    func listedIndex(ofKey name: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard marksListedKeys else { return nil }
        return .some(keysRef._withUnsafeGuaranteedRef { $0.lookup(JSONBytes(UnsafeRawBufferPointer(name))) })
    }

    /// The place of an array's elements here, learned when `learning`.
    func elementPlace(learning: Bool) -> DecodePlan? {
        if element == nil, learning { element = DecodePlan(foldsKeys: foldsKeys) }
        return element
    }

    /// Adds the place of the key just listed.
    private func append(_ child: DecodePlan) {
        children.append(child)
        childRefs.append(Unmanaged.passUnretained(child))
    }

    /// Notes that every member of an object here is read, learned when `learning`; `true`
    /// (a miss) when objects here are recorded with their listed keys only.
    func readsEveryKey(learning: Bool) -> Bool {
        if learning { readsAllKeys = true }
        return !learning && filtersKeys
    }

    /// A copy to learn in, sharing nothing with this plan.
    func copy() -> DecodePlan {
        let copy = DecodePlan(foldsKeys: foldsKeys)
        for (name, child) in zip(keys.names, children) {
            copy.keys.add(name)
            copy.append(child.copy())
        }
        copy.readsAllKeys = readsAllKeys
        copy.member = member?.copy()
        copy.element = element?.copy()
        return copy
    }

    /// Where a value is: a place of the plan (`nil`: below what the plan knows, recorded
    /// whole), or a key the plan does not list; `Child` is the plan, retained or not.
    enum Place<Child> {
        /// The place, `nil` below what the plan knows.
        case known(Child?)
        /// A key the plan does not list.
        case miss
    }
}

/// Learned plans, one per root type and key form (as written, or folded for the snake-case
/// strategy). Each ``YajlDecoder`` has one, for its life, shared by every decoding it makes;
/// every ``Mapper`` uses ``shared``, for the process, keyed by the shape of the root it maps
/// (`N` for an object, `[N]` for an array of models, and so on). Thread-safe. A plan in it
/// is published whole and never changed after.
final class PlanRegistry: @unchecked Sendable {
    /// The mappers' plans, for the process.
    static let shared = PlanRegistry()

    /// A root type's plan, and how many times it was learned again after a miss.
    private struct Entry {
        /// The plan (`nil`: record whole).
        var plan: DecodePlan?
        /// How many misses made it learn again.
        var relearned = 0
    }

    /// A root type, with whether its plan folds keys.
    private struct Root: Hashable {
        /// The type.
        let type: ObjectIdentifier
        /// Whether the plan folds keys (see ``DecodePlan/foldsKeys``).
        let foldsKeys: Bool
    }

    /// Each root type's entry, read and written under ``lock``.
    private var entries: [Root: Entry] = [:]
    /// The lock of ``entries``: a pthread mutex, which ThreadSanitizer sees (it does not see
    /// the futex inside `Synchronization.Mutex` on Linux, and reports its accesses as races).
    private let lock = NSLock()

    /// After this many misses a root type's documents are always recorded whole: its types
    /// read keys no plan settles on.
    static let relearnLimit = 8

    /// Whether plans are used at all (`YAJLMAPPER_NO_SKIP` turns them off, as the skip).
    static let enabled = YajlParserEngine.skipsObjects

    /// The plan to record `type`'s documents with; `nil` when none is learned yet or the type
    /// has missed too often.
    func plan(for type: Any.Type, foldsKeys: Bool) -> DecodePlan? {
        lock.withLock { entries[Root(type: ObjectIdentifier(type), foldsKeys: foldsKeys)]?.plan }
    }

    /// A plan for `type` to learn in: a copy of the one learned so far (values recorded before
    /// it was, whole, add to it too), or a new one; `nil` when the type may learn no more.
    func learningPlan(for type: Any.Type, foldsKeys: Bool) -> DecodePlan? {
        let entry = lock.withLock { entries[Root(type: ObjectIdentifier(type), foldsKeys: foldsKeys)] }
        guard (entry?.relearned ?? 0) < Self.relearnLimit else { return nil }
        return entry?.plan?.copy() ?? DecodePlan(foldsKeys: foldsKeys)
    }

    /// Publishes the plan learned for `type`; `replacing` tells that an earlier one missed.
    func publish(_ plan: DecodePlan, for type: Any.Type, replacing: Bool) {
        lock.withLock {
            let root = Root(type: ObjectIdentifier(type), foldsKeys: plan.foldsKeys)
            var entry = entries[root] ?? Entry()
            if replacing { entry.relearned += 1 }
            entry.plan = entry.relearned < Self.relearnLimit ? plan : nil
            entries[root] = entry
        }
    }
}
