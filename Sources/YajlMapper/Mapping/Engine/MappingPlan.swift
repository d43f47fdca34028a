import CYajl
import Foundation
import Synchronization

/// How a mapping reads a key: as a plain value, or as a nested model (alone, in an array
/// or set, or as the values of a dictionary). The capture keeps what each kind needs.
enum ReadKind: Equatable {
    case value
    case model(TypeInfo)
    case models(TypeInfo)
    case modelValues(TypeInfo)

    static func == (lhs: ReadKind, rhs: ReadKind) -> Bool {
        switch (lhs, rhs) {
        case (.value, .value): return true
        case (.model(let a), .model(let b)), (.models(let a), .models(let b)),
            (.modelValues(let a), .modelValues(let b)):
            return a === b
        default: return false
        }
    }
}

/// One `map["key"]` read by a type's mapping, as it was written. A class: a ``Map`` holds
/// the read its selection matched (one reference) instead of copying its parts.
final class PlanRead: Equatable, @unchecked Sendable {
    let key: String
    let nested: Bool
    /// The `nested:` argument as written (`nil`: decided by the key containing the delimiter).
    let requestedNested: Bool?
    let delimiter: String
    let components: [String]
    let kind: ReadKind
    /// `kind == .value`, precomputed: checked on every read.
    let isPlainValue: Bool
    /// In a plan: the position of the first key among the plan root's entries (-1: none).
    let entryIndex: Int
    /// One key, not a path: the value is a member of the object itself.
    var isSingleKey: Bool { components.count == 1 }
    /// In a plan, for a path of keys through nested objects (`owner.avatar_url`): after the
    /// first key (at `entryIndex`), each further key's entry position in its plan node, and
    /// that node's names. A captured object that shares a node's names lists the node's
    /// keys in its order, so the path is followed by position (see `Map`). Empty otherwise.
    let memberPath: [MemberStep]

    struct MemberStep {
        let index: Int
        let names: UnsafeBufferPointer<String>
    }

    init(
        key: String, nested: Bool, requestedNested: Bool? = nil, delimiter: String, kind: ReadKind, whole: Bool = false
    ) {
        self.key = key
        self.nested = nested
        self.requestedNested = requestedNested
        self.delimiter = delimiter
        self.components = whole ? [] : nested ? key.components(separatedBy: delimiter) : [key]
        self.kind = kind
        if case .value = kind { isPlainValue = true } else { isPlainValue = false }
        entryIndex = -1
        memberPath = []
    }

    /// The same read, placed in a plan whose root lists its first key at `entryIndex`.
    init(_ read: PlanRead, entryIndex: Int, memberPath: [MemberStep] = []) {
        key = read.key
        nested = read.nested
        requestedNested = read.requestedNested
        delimiter = read.delimiter
        components = read.components
        kind = read.kind
        isPlainValue = read.isPlainValue
        self.entryIndex = entryIndex
        self.memberPath = memberPath
    }

    /// A read of the whole object (`map.JSON`, `map.jsonValue`).
    var isWhole: Bool { components.isEmpty }

    /// Equal as plan entries: what is read and how (not how the `nested:` argument was spelled).
    static func == (lhs: PlanRead, rhs: PlanRead) -> Bool {
        lhs.key == rhs.key && lhs.nested == rhs.nested && lhs.delimiter == rhs.delimiter
            && lhs.components == rhs.components && lhs.kind == rhs.kind
    }
}

/// What the capture keeps for a key of a plan node.
enum PlanEntry {
    /// The whole value.
    case value
    /// An object of which only some keys are read (`owner.avatar_url` reads `owner`'s `avatar_url`).
    case object(PlanNode)
    /// A nested model: keep what its own plan reads.
    case model(TypeInfo)
    /// An array (or set) of models.
    case models(TypeInfo)
    /// An object whose every value is a model.
    case modelValues(TypeInfo)
    /// The array streamed element by element (see `Mapper.stream`).
    case units(TypeInfo)
}

/// One object level of a plan: the keys kept and what to keep under each.
final class PlanNode: @unchecked Sendable {
    // Read on every key event: exclusivity is not checked at run time (nodes are complete
    // before any capture reads them, and never change after).
    @exclusivity(unchecked) private(set) var names: [String] = []
    @exclusivity(unchecked) private(set) var entries: [PlanEntry] = []

    /// What a key event needs of each entry, in plain memory (no reference counting on the
    /// path every kept key takes).
    struct KeyInfo {
        var length: Int
        /// The first eight bytes (see ``head(_:)``).
        var head: UInt64
        /// Where the bytes after the first eight start in `tails`.
        var tailStart: Int
        /// The capture rule, when it does not depend on the session; else the nested
        /// model's type (whose rule depends on the session's plan for it).
        var fixedRule: CaptureRule?
        var model: Unmanaged<TypeInfo>?
    }
    @exclusivity(unchecked) private(set) var keyInfo: UnsafeMutablePointer<KeyInfo> = .allocate(capacity: 1)
    @exclusivity(unchecked) private var keyCount = 0
    /// Each key's bytes after its first eight, in one buffer.
    @exclusivity(unchecked) private var tails: UnsafeMutablePointer<UInt8> = .allocate(capacity: 1)
    @exclusivity(unchecked) private var tailsCount = 0
    /// Keep keys that are not listed (whole), rather than skip them: used for the envelope
    /// around a streamed array.
    let keepsOthers: Bool
    /// For a model's root node: the type (registered for the whole process, so not
    /// retained: a weak reference would slow every retain of it), told once when its objects list the keys in
    /// another order than this node (see ``TypeInfo/learnOrder(_:replacing:)``).
    unowned(unsafe) var orderOwner: TypeInfo?
    /// Whether that has been told (set by the first capture that sees it).
    let orderReported = Atomic<Bool>(false)
    /// How many times in a row (up to 3) a member skip found nothing to pass over at each
    /// point of this node's objects, as a 2-bit count per point across two words: bit 0 at
    /// the object's start, bit k + 1 after entry k's value (the last bit for entries past
    /// 61). Objects of one shape repeat it, so a capture tries the skip at a point counted
    /// 3 only now and then (see `MappingCapture.awaitKey`). A hint every capture shares:
    /// relaxed is enough, and a lost update only costs a skip.
    private let skipFoundNothingLow = Atomic<UInt64>(0)
    private let skipFoundNothingHigh = Atomic<UInt64>(0)

    /// Whether the member skip found nothing three times running at `point` (its bit).
    @inline(__always)
    func skipFindsNothing(at point: UInt64) -> Bool {
        skipFoundNothingLow.load(ordering: .relaxed) & skipFoundNothingHigh.load(ordering: .relaxed) & point != 0
    }

    /// Counts a member skip at `point`: a move sets its count to 0, nothing adds one (up to 3).
    @inline(__always)
    func noteSkip(at point: UInt64, moved: Bool) {
        let low = skipFoundNothingLow.load(ordering: .relaxed)
        let high = skipFoundNothingHigh.load(ordering: .relaxed)
        if moved {
            guard (low | high) & point != 0 else { return }
            skipFoundNothingLow.bitwiseAnd(~point, ordering: .relaxed)
            skipFoundNothingHigh.bitwiseAnd(~point, ordering: .relaxed)
        } else if low & point == 0 {
            skipFoundNothingLow.bitwiseOr(point, ordering: .relaxed)
        } else if high & point == 0 {
            skipFoundNothingLow.bitwiseAnd(~point, ordering: .relaxed)
            skipFoundNothingHigh.bitwiseOr(point, ordering: .relaxed)
        }
    }

    /// A key path's object that keeps one plain value (`owner` for `owner.avatar_url`), not a
    /// model's: inside an element built as it closes, the capture keeps that value in the
    /// object's place instead of making an object (see `Map.attach(members:collapsed:)`).
    var collapsesToOneValue: Bool {
        guard names.count == 1, !keepsOthers, orderOwner == nil, case .value = entries[0] else { return false }
        return true
    }

    /// The object that a collapsed member stands for: entry `index`'s one-value object
    /// holding `value` (`nil` when that entry is not such an object).
    func object(collapsedInto value: JSON, at index: Int) -> JSON? {
        guard case .object(let node) = entries[index] else { return nil }
        return .object(JSONObject(uniqueKeys: node.names, values: [value], indexed: false))
    }

    /// A 1,024-slot filter over (length, first, middle and last byte): 0 = no key here, n = key n-1
    /// is the only candidate, -1 = several (compare them all). Most keys of an object are
    /// not read, and are rejected with one load.
    private let slots: UnsafeMutablePointer<Int8>

    /// The filter the parser's key callback checks before anything else (see
    /// `ParseControl.filterKeys`): `nil` for a node that keeps unlisted keys.
    var keyFilter: UnsafePointer<Int8>? { keepsOthers ? nil : UnsafePointer(slots) }

    /// The bits of every listed key in a capture's mask of kept keys (bit i for key i), or
    /// `nil` when that cannot tell (a node that keeps other keys, or of more than 62 keys).
    /// Once an object has them all, the rest of it is skipped without reading its keys: at
    /// once for a node without keys (a model that reads nothing of its object).
    var completeMask: UInt64? {
        keepsOthers || keyCount > 62 ? nil : (1 << UInt64(keyCount)) - 1
    }

    /// The listed keys as the parser's member skip reads them (filter, bytes, lengths): the
    /// members of a sparse object that it does not name are passed over unread (see
    /// `YajlParserEngine.skipMembers(atStart:listed:seen:)`).
    let listedKeys: UnsafeMutablePointer<cyajl_listed_keys> = .allocate(capacity: 1)
    @exclusivity(unchecked) private var keyBytes: UnsafeMutablePointer<UnsafePointer<UInt8>?> = .allocate(capacity: 1)
    @exclusivity(unchecked) private var keyLengths: UnsafeMutablePointer<Int> = .allocate(capacity: 1)

    init(keepsOthers: Bool = false) {
        self.keepsOthers = keepsOthers
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
        listedKeys.initialize(
            to: cyajl_listed_keys(
                slots: UnsafePointer(slots), bytes: UnsafePointer(keyBytes),
                lengths: UnsafePointer(keyLengths), count: 0))
    }

    deinit {
        for i in 0..<keyCount { keyBytes[i]?.deallocate() }
        keyBytes.deallocate()
        keyLengths.deallocate()
        listedKeys.deallocate()
        slots.deallocate()
        tails.deallocate()
        keyInfo.deinitialize(count: keyCount)
        keyInfo.deallocate()
    }

    /// The number of slots of a key filter.
    static let slotCount = KeyFilter.slotCount

    /// A key's filter slot (``KeyFilter/slot(_:)``).
    @inline(__always)
    static func slot(_ bytes: UnsafeRawBufferPointer) -> Int { KeyFilter.slot(bytes) }

    /// The entry for a key's bytes: length and first eight bytes reject almost every other
    /// key in two comparisons; longer keys then compare their remaining bytes.
    @inline(__always)
    func lookup(_ key: JSONBytes) -> Int? {
        let candidate = Int(slots[Self.slot(key.buffer)])
        if candidate == 0 { return nil }
        let count = key.count
        let head = Self.head(key.buffer)
        if candidate > 0 {
            let i = candidate - 1
            let info = keyInfo[i]
            guard info.length == count && info.head == head else { return nil }
            return count <= 8 || tailMatches(info, key) ? i : nil
        }
        for i in 0..<keyCount {
            let info = keyInfo[i]
            guard info.length == count && info.head == head else { continue }
            if count <= 8 || tailMatches(info, key) { return i }
        }
        return nil
    }

    /// Whether the key's bytes after the eighth are the listed key's (same length).
    /// Short tails, the usual case, are compared in place rather than through `memcmp`.
    @inline(__always)
    private func tailMatches(_ info: KeyInfo, _ key: JSONBytes) -> Bool {
        let length = key.count - 8
        let listed = UnsafeRawPointer(tails + info.tailStart), given = key.buffer.baseAddress! + 8
        guard length <= 16 else { return memcmp(listed, given, length) == 0 }
        for j in 0..<length
        where listed.load(fromByteOffset: j, as: UInt8.self) != given.load(fromByteOffset: j, as: UInt8.self) {
            return false
        }
        return true
    }

    /// Up to the first eight bytes, little-endian, zero-padded (short keys byte by byte:
    /// cheaper than a copy call).
    @inline(__always)
    static func head(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        if bytes.count >= 8 { return UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) }
        var word: UInt64 = 0
        var i = bytes.count
        while i > 0 {
            i -= 1
            word = word << 8 | UInt64(bytes[i])
        }
        return word
    }

    func index(of name: String) -> Int? { names.firstIndex(of: name) }

    func set(_ name: String, _ entry: PlanEntry) {
        if let i = index(of: name) {
            entries[i] = entry
            (keyInfo[i].fixedRule, keyInfo[i].model) = Self.rule(for: entry)
        } else {
            let bytes = Array(name.utf8)
            names.append(name)
            let tail = bytes.dropFirst(8)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: tailsCount + tail.count + 1)
            grown.update(from: tails, count: tailsCount)
            if !tail.isEmpty {
                tail.withUnsafeBufferPointer { (grown + tailsCount).update(from: $0.baseAddress!, count: $0.count) }
            }
            tails.deallocate()
            tails = grown
            let (rule, model) = Self.rule(for: entry)
            let infos = UnsafeMutablePointer<KeyInfo>.allocate(capacity: keyCount + 1)
            infos.moveInitialize(from: keyInfo, count: keyCount)
            (infos + keyCount).initialize(
                to: KeyInfo(
                    length: bytes.count, head: bytes.withUnsafeBytes { Self.head($0) },
                    tailStart: tailsCount, fixedRule: rule, model: model))
            keyInfo.deallocate()
            keyInfo = infos
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            copy.initialize(from: bytes, count: bytes.count)
            let grownBytes = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: keyCount + 1)
            grownBytes.moveInitialize(from: keyBytes, count: keyCount)
            (grownBytes + keyCount).initialize(to: UnsafePointer(copy))
            keyBytes.deallocate()
            keyBytes = grownBytes
            let grownLengths = UnsafeMutablePointer<Int>.allocate(capacity: keyCount + 1)
            grownLengths.moveInitialize(from: keyLengths, count: keyCount)
            (grownLengths + keyCount).initialize(to: bytes.count)
            keyLengths.deallocate()
            keyLengths = grownLengths
            keyCount += 1
            listedKeys.pointee = cyajl_listed_keys(
                slots: UnsafePointer(slots), bytes: UnsafePointer(keyBytes),
                lengths: UnsafePointer(keyLengths), count: keyCount)
            tailsCount += tail.count
            entries.append(entry)
            let slot = bytes.withUnsafeBytes { Self.slot($0) }
            // More than 126 keys, or a shared slot: mark it for a full comparison.
            slots[slot] = slots[slot] == 0 && names.count < 127 ? Int8(names.count) : -1
        }
    }

    /// What the capture keeps for an entry's value (entries keep their nodes and types alive).
    private static func rule(for entry: PlanEntry) -> (CaptureRule?, Unmanaged<TypeInfo>?) {
        switch entry {
        case .value: return (.all, nil)
        case .object(let node): return (.node(node), nil)
        case .model(let info): return (nil, Unmanaged.passUnretained(info))
        case .models(let info): return (.elements(info), nil)
        case .modelValues(let info): return (.members(info), nil)
        case .units(let info): return (.units(info), nil)
        }
    }

    /// Adds a read: intermediate components become object nodes; conflicting kinds at one
    /// key fall back to keeping the whole value, which satisfies every kind.
    func insert(_ components: ArraySlice<String>, kind: ReadKind) {
        guard let first = components.first else { return }
        let rest = components.dropFirst()
        let existing = index(of: first).map { entries[$0] }
        if rest.isEmpty {
            let wanted: PlanEntry
            switch kind {
            case .value: wanted = .value
            case .model(let t): wanted = .model(t)
            case .models(let t): wanted = .models(t)
            case .modelValues(let t): wanted = .modelValues(t)
            }
            guard let existing else { return set(first, wanted) }
            if !Self.same(existing, wanted) { set(first, .value) }
            return
        }
        switch existing {
        case nil:
            let node = PlanNode()
            node.insert(rest, kind: kind)
            set(first, .object(node))
        case .object(let node)?:
            node.insert(rest, kind: kind)
        case .value?:
            return
        default:
            set(first, .value)
        }
    }

    private static func same(_ a: PlanEntry, _ b: PlanEntry) -> Bool {
        switch (a, b) {
        case (.value, .value): return true
        case (.model(let x), .model(let y)), (.models(let x), .models(let y)),
            (.modelValues(let x), .modelValues(let y)), (.units(let x), .units(let y)):
            return x === y
        default: return false
        }
    }
}

/// What a type's mapping reads, in the order it reads it, and the trie built from that.
final class TypePlan: @unchecked Sendable {
    let reads: [PlanRead]
    let root: PlanNode
    /// The mapping reads its whole object (`map.JSON`): keep objects of this type whole.
    let keepsWhole: Bool
    /// The keys in the order the type's objects list them, when learned: the root node's
    /// entries follow it, so captured objects share the node's names and reads find their
    /// key at its entry's position.
    let keyOrder: [String]
    init(reads: [PlanRead], keyOrder: [String] = []) {
        self.keyOrder = keyOrder
        let root = PlanNode()
        self.root = root
        // Inserting a read twice changes nothing: the learned order first, then the rest.
        for name in keyOrder {
            for read in reads where read.components.first == name { root.insert(read.components[...], kind: read.kind) }
        }
        for read in reads { root.insert(read.components[...], kind: read.kind) }
        keepsWhole = reads.contains { $0.isWhole }
        // Each read learns where its first key is among the root's entries.
        let placed = reads.map { read in
            PlanRead(
                read, entryIndex: read.components.first.flatMap { root.index(of: $0) } ?? -1,
                memberPath: Self.memberPath(read.components, in: root))
        }
        self.reads = placed
        readTable = .allocate(capacity: max(placed.count, 1))
        readTable.initialize(from: placed.map { Unmanaged.passUnretained($0) }, count: placed.count)
        singleMember = .allocate(capacity: max(placed.count, 1))
        singleMember.initialize(from: placed.map { $0.isSingleKey ? $0.entryIndex : -1 }, count: placed.count)
    }

    /// The steps after the first key of a path through nested object nodes (empty for one
    /// key, or when a step is not an object node). The nodes are the plan's, which never
    /// change after it is built, so their names' storage stays where it is.
    private static func memberPath(_ components: [String], in root: PlanNode) -> [PlanRead.MemberStep] {
        guard components.count >= 2 else { return [] }
        var node = root
        var steps: [PlanRead.MemberStep] = []
        for (k, component) in components.enumerated() {
            guard let index = node.index(of: component) else { return [] }
            if k > 0 {
                steps.append(PlanRead.MemberStep(index: index, names: node.names.withUnsafeBufferPointer { $0 }))
            }
            if k == components.count - 1 { break }
            guard case .object(let child) = node.entries[index] else { return [] }
            node = child
        }
        return steps
    }

    /// `reads` as unretained references (`reads` keeps them), and each read's member
    /// position when it reads one key of the root (-1 otherwise): what ``Map`` reads on every
    /// selection, without reference counting.
    let readTable: UnsafeMutablePointer<Unmanaged<PlanRead>>
    let singleMember: UnsafeMutablePointer<Int>

    deinit {
        readTable.deallocate()
        singleMember.deallocate()
    }

    /// Whether a read is kept by this plan: the same read, or a whole value above it.
    func covers(_ read: PlanRead) -> Bool {
        if keepsWhole || reads.contains(read) { return true }
        var node = root
        for component in read.components.dropLast() {
            guard let i = node.index(of: component) else { return false }
            switch node.entries[i] {
            case .value: return true
            case .object(let next): node = next
            default: return false
            }
        }
        if let last = read.components.last, let i = node.index(of: last), case .value = node.entries[i] { return true }
        return false
    }

    func adding(_ more: [PlanRead]) -> TypePlan {
        var all = reads
        for read in more where !all.contains(read) { all.append(read) }
        return TypePlan(reads: all, keyOrder: keyOrder)
    }
}

/// A model type and its current plan; one per type, shared by every mapping.
final class TypeInfo: @unchecked Sendable {
    private let lock = NSLock()
    private var current: TypePlan?

    /// How instances are made, found once per type instead of by a cast per object.
    enum Construction {
        /// By the type's `_instanceForMapping` (``Mappable`` or ``StaticMappable``).
        case instance
        case immutable(any ImmutableMappable.Type)
        case none
    }
    let construction: Construction
    /// The model type.
    let type: ObjectIdentifier
    let metatype: any BaseMappable.Type

    init(type: any BaseMappable.Type) {
        self.type = ObjectIdentifier(type)
        metatype = type
        if type is any Mappable.Type || type is any StaticMappable.Type {
            construction = .instance
        } else if let immutable = type as? any ImmutableMappable.Type {
            construction = .immutable(immutable)
        } else {
            construction = .none
        }
    }

    /// The plan, or `nil` while it is still unknown (objects are then kept whole).
    var plan: TypePlan? { lock.withLock { current } }

    /// Adds reads seen in a mapping to the plan (or makes the first plan from them).
    func learn(_ reads: [PlanRead]) {
        lock.withLock {
            current = current?.adding(reads) ?? TypePlan(reads: reads)
            current?.root.orderOwner = self
        }
    }

    /// Puts the plan's keys in the order its objects list them (once per type), when the
    /// plan is still the one whose root is `root`. Later mappings capture objects sharing
    /// the node's names, and find each key where its entry is.
    func learnOrder(_ names: [String], replacing root: PlanNode) {
        lock.withLock {
            guard let plan = current, plan.root === root, plan.keyOrder.isEmpty else { return }
            current = TypePlan(reads: plan.reads, keyOrder: names)
            current?.root.orderOwner = self
        }
    }
}

/// Every type's plan, learned once per process and safe to use from many threads.
final class PlanRegistry: @unchecked Sendable {
    static let shared = PlanRegistry()
    private let lock = NSLock()
    private var infos: [ObjectIdentifier: TypeInfo] = [:]

    /// The type's info; the first call learns a plan by running the mapping on an empty
    /// object (no values are assigned: reads are only recorded), with the context of the
    /// mapping that asks (a model's `init?(map:)` may count on the context its mapper gives).
    func info(for type: any BaseMappable.Type, context: MapContext? = nil) -> TypeInfo {
        let id = ObjectIdentifier(type)
        if let known = lock.withLock({ infos[id] }) { return known }
        let info = TypeInfo(type: type)
        let inserted: TypeInfo = lock.withLock {
            if let raced = infos[id] { return raced }
            infos[id] = info
            return info
        }
        guard inserted === info else { return inserted }
        // Outside the lock: the dry run asks for nested types' infos.
        if let reads = DryRun.reads(of: type, info: info, context: context) { info.learn(reads) }
        return info
    }
}
