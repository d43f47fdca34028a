import CYajl
import Foundation
import Synchronization

/// The keys a plan lists at one place (see ``DecodePlan``), in the forms the parser's key
/// filter, the recorder and the member skip read.
final class PlanNode: @unchecked Sendable {
    // Read on every key event: exclusivity is not checked at run time (a node changes only
    // while one mapping or decoding learns its plan, before the plan is published).
    /// The keys listed, in the order they were learned.
    @exclusivity(unchecked) private(set) var names: [String] = []

    /// What a key event needs of each entry, in plain memory (no reference counting on the
    /// path every kept key takes).
    struct KeyInfo {
        /// The key's length in bytes.
        var length: Int
        /// The first eight bytes (see ``head(_:)``).
        var head: UInt64
        /// Where the bytes after the first eight start in `tails`.
        var tailStart: Int
    }
    /// What a key event needs of each entry, in the order of ``names``.
    @exclusivity(unchecked) private(set) var keyInfo: UnsafeMutablePointer<KeyInfo> = .allocate(capacity: 1)
    /// How many entries ``keyInfo`` holds.
    @exclusivity(unchecked) private var keyCount = 0
    /// Each key's bytes after its first eight, in one buffer.
    @exclusivity(unchecked) private var tails: UnsafeMutablePointer<UInt8> = .allocate(capacity: 1)
    /// How many bytes ``tails`` holds.
    @exclusivity(unchecked) private var tailsCount = 0
    /// How many times in a row (up to 3) a member skip found nothing to pass over at each
    /// point of this node's objects, as a 2-bit count per point across two words: bit 0 at
    /// the object's start, bit k + 1 after entry k's value (the last bit for entries past
    /// 61). Objects of one shape repeat it, so a recording tries the skip at a point counted
    /// 3 only now and then (see `TapeRecorder.awaitKey`). A hint every recording shares:
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

    /// A 1,024-slot filter over (length, first, middle and last byte): 0 = no key here, n = key n-1
    /// is the only candidate, -1 = several (compare them all). Most keys of an object are
    /// not read, and are rejected with one load.
    private let slots: UnsafeMutablePointer<Int8>

    /// The filter the parser's key callback checks before anything else (see
    /// `ParseControl.filterKeys`).
    var keyFilter: UnsafePointer<Int8>? { UnsafePointer(slots) }

    /// The bits of every listed key in a recording's mask of recorded keys (bit i for key
    /// i), or `nil` when that cannot tell (more than 62 keys). Once an object has them all,
    /// the rest of it is skipped without reading its keys: at once for a node without keys
    /// (a place whose objects are read for nothing).
    var completeMask: UInt64? {
        keyCount > 62 ? nil : (1 << UInt64(keyCount)) - 1
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

    /// A node without keys; `foldsKeys`: keys are listed folded.
    init(foldsKeys: Bool = false) {
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

    /// Lists a key (in every table), unless it is listed already.
    func add(_ name: String) {
        if index(of: name) == nil {
            let bytes = Array(name.utf8)
            names.append(name)
            let tail = bytes.dropFirst(8)
            tails = Self.grown(tails, count: tailsCount, adding: tail)
            let info = KeyInfo(
                length: bytes.count, head: bytes.withUnsafeBytes { Self.head($0) }, tailStart: tailsCount)
            keyInfo = Self.grown(keyInfo, count: keyCount, adding: CollectionOfOne(info))
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            copy.initialize(from: bytes, count: bytes.count)
            keyBytes = Self.grown(keyBytes, count: keyCount, adding: CollectionOfOne(UnsafePointer(copy)))
            keyLengths = Self.grown(keyLengths, count: keyCount, adding: CollectionOfOne(bytes.count))
            keyCount += 1
            listedKeys.pointee = cyajl_listed_keys(
                slots: UnsafePointer(slots), bytes: UnsafePointer(keyBytes),
                lengths: UnsafePointer(keyLengths), count: keyCount, folded: foldsKeys ? 1 : 0)
            tailsCount += tail.count
            let slot = bytes.withUnsafeBytes { Self.slot($0) }
            // More than 126 keys, or a shared slot: mark it for a full comparison.
            slots[slot] = slots[slot] == 0 && names.count < 127 ? Int8(names.count) : -1
        }
    }

    /// `table`'s `count` values moved to a new allocation with `added` after them; `table` is freed.
    private static func grown<T>(
        _ table: UnsafeMutablePointer<T>, count: Int, adding added: some Collection<T>
    ) -> UnsafeMutablePointer<T> {
        let grown = UnsafeMutablePointer<T>.allocate(capacity: count + added.count + 1)
        grown.moveInitialize(from: table, count: count)
        _ = UnsafeMutableBufferPointer(start: grown + count, count: added.count).initialize(from: added)
        table.deallocate()
        return grown
    }
}
