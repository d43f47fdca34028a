import CYajl
import Foundation
import Synchronization

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
    /// The streamed array, whose elements are units (a unit: one streamed element; see `Mapper.stream`).
    case units(TypeInfo)
}

/// One object level of a plan: the keys kept and what to keep under each.
final class PlanNode: @unchecked Sendable {
    // Read on every key event: exclusivity is not checked at run time (nodes are complete
    // before any capture reads them, and never change after).
    /// The keys kept, in the node's order.
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// What to keep under each key, in the order of ``names``.
    @exclusivity(unchecked) private(set) var entries: [PlanEntry] = []

    /// What a key event needs of each entry, in plain memory (no reference counting on the
    /// path every kept key takes).
    struct KeyInfo {
        /// The key's length in bytes.
        var length: Int
        /// The first eight bytes (see ``head(_:)``).
        var head: UInt64
        /// Where the bytes after the first eight start in `tails`.
        var tailStart: Int
        /// The capture rule, when it does not depend on the session; else the nested
        /// model's type (whose rule depends on the session's plan for it).
        var fixedRule: CaptureRule?
        /// The nested model's type, when the rule depends on the session (else `nil`).
        var model: Unmanaged<TypeInfo>?
    }
    /// What a key event needs of each entry, in the order of ``names``.
    @exclusivity(unchecked) private(set) var keyInfo: UnsafeMutablePointer<KeyInfo> = .allocate(capacity: 1)
    /// How many entries ``keyInfo`` holds.
    @exclusivity(unchecked) private var keyCount = 0
    /// Each key's bytes after its first eight, in one buffer.
    @exclusivity(unchecked) private var tails: UnsafeMutablePointer<UInt8> = .allocate(capacity: 1)
    /// How many bytes ``tails`` holds.
    @exclusivity(unchecked) private var tailsCount = 0
    /// Keep keys that are not listed (whole), rather than skip them: used for the envelope
    /// around a streamed array.
    let keepsOthers: Bool
    /// For a model's root node: the type (registered for the whole process, so not
    /// retained: a weak reference would slow every retain of it), told once when its objects
    /// list the keys in another order than this node (see ``TypeInfo/learnOrder(_:replacing:)``).
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
    /// The high bit of each point's count (see ``skipFoundNothingLow``).
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
    /// Each key's bytes, for ``listedKeys``.
    @exclusivity(unchecked) private var keyBytes: UnsafeMutablePointer<UnsafePointer<UInt8>?> = .allocate(capacity: 1)
    /// Each key's length, for ``listedKeys``.
    @exclusivity(unchecked) private var keyLengths: UnsafeMutablePointer<Int> = .allocate(capacity: 1)

    /// Whether the listed keys are folded (`cyajl_fold_key`, for the decoder's snake-case
    /// plans): the member skip then stops at every key that folds to a listed one.
    let foldsKeys: Bool

    /// A node without keys; `keepsOthers`: unlisted keys are kept whole rather than skipped;
    /// `foldsKeys`: keys are listed folded.
    init(keepsOthers: Bool = false, foldsKeys: Bool = false) {
        self.keepsOthers = keepsOthers
        self.foldsKeys = foldsKeys
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
        listedKeys.initialize(
            to: cyajl_listed_keys(
                slots: UnsafePointer(slots), bytes: UnsafePointer(keyBytes),
                lengths: UnsafePointer(keyLengths), count: 0, folded: foldsKeys ? 1 : 0))
    }

    /// Frees the key tables.
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

    /// The entry of a key, by name.
    func index(of name: String) -> Int? { names.firstIndex(of: name) }

    /// Sets what to keep under a key: replaces its entry, or adds the key to every table.
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
                lengths: UnsafePointer(keyLengths), count: keyCount, folded: foldsKeys ? 1 : 0)
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

    /// Whether two entries keep the same thing (a nested node is never the same).
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
