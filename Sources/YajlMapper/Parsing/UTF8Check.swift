import CYajl
import Foundation

/// Checks the raw input for UTF-8 that RFC 3629 forbids: overlong forms, encoded UTF-16
/// surrogates, code points above U+10FFFF, and bytes out of place; and, in the same pass,
/// for form feeds and vertical tabs (white space to yajl, not to JSON).
///
/// yajl checks only a sequence's shape (a lead byte and its number of continuation bytes),
/// and only in the strings it reads; so `C0 AF` (an overlong `/`) or `ED A0 80` (a
/// surrogate) passed it, and a string the mapping skipped was not checked at all. Any byte
/// above 0x7F in valid JSON is inside a string or a key, so checking the bytes themselves
/// covers every string of the document, read or skipped, at the same cost for all of them.
///
/// Bytes are checked in order, chunk after chunk: a sequence cut by a chunk's end is
/// finished with the next chunk's first bytes. Most input is ASCII without either space:
/// one scan (`cyajl_byte_scan.h`'s, AVX2 where the machine has it) skips it to the next byte that
/// needs a look. With AVX2, a stretch of non-ASCII text is validated 64 bytes at a time
/// (`cyajl_utf8_valid_prefix_avx2`); the code here reads the rest one character at a time
/// and finds the exact failure, its offset and its message.
struct UTF8Check: Equatable {
    /// An invalid sequence: the absolute offset of its first byte, and what is wrong.
    struct Failure: Equatable {
        var offset: Int
        var message: String
    }

    /// The start of a sequence cut by the last chunk's end, and its offset.
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    /// Everything before this absolute offset is checked (a sequence checked to its end can
    /// reach past the range that was asked for).
    private var checkedTo = 0

    /// What a check found first.
    enum Finding: Equatable {
        case utf8(Failure)
        /// A form feed or vertical tab, at this index of the chunk (white space to yajl, not to
        /// JSON: outside strings it is not reported by yajl, inside them yajl rejects it).
        case space(Int, UInt8)
    }

    /// Checks bytes `from..<to` of `chunk`, which starts at absolute offset `chunkStart`, for
    /// invalid UTF-8 and for form feeds and vertical tabs, and returns the first found.
    /// Ranges must follow each other; a chunk's first range starts at 0.
    mutating func check(_ chunk: UnsafeRawBufferPointer, chunkStart: Int, from: Int, to: Int) -> Finding? {
        check(chunk, chunkStart: chunkStart, from: from, to: to, vector: Self.usesAVX2)
    }

    /// ``check(_:chunkStart:from:to:)``, with the AVX2 validator of long non-ASCII stretches
    /// or without it (for tests: the answers are the same).
    @inline(__always)
    mutating func check(
        _ chunk: UnsafeRawBufferPointer, chunkStart: Int, from: Int, to: Int, vector: Bool
    )
        -> Finding?
    {
        // (An empty range still finishes a sequence the last chunk cut: a form feed first in
        // this chunk comes after it.)
        guard let base = chunk.baseAddress, to > from || !pending.isEmpty else { return nil }
        var i = max(from, checkedTo - chunkStart)
        if !pending.isEmpty {
            // Finish the sequence the last chunk cut (in its first range only).
            var bytes = pending
            let need = Self.length(of: bytes[0]) - bytes.count
            let available = min(need, chunk.count)
            for k in 0..<available { bytes.append(base.load(fromByteOffset: k, as: UInt8.self)) }
            let verdict = bytes.withUnsafeBytes { Self.sequence(at: $0.baseAddress!, available: $0.count) }
            if case .invalid(let message) = verdict {
                pending = []
                return .utf8(Failure(offset: pendingOffset, message: message))
            }
            if available < need {
                pending = bytes
                checkedTo = chunkStart + chunk.count
                return nil
            }
            pending = []
            i = max(i, available)
        }
        // Once the validator stops at a block it does not accept, the exact code below reads
        // up to here (what it stopped at is in the first 67 bytes).
        var exactTo = 0
        while i < to {
            // Most input is ASCII without form feeds or vertical tabs: skip to the next byte
            // that is not (see `Self.firstSpecial`).
            i = Self.firstSpecial(base, from: i, to: to)
            guard i < to else { break }
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            if byte < 0x80 {
                checkedTo = chunkStart + i
                return .space(i, byte)
            }
            if vector, i >= exactTo, to - i >= 64 {
                // A stretch of non-ASCII text: whole blocks of it at once, up to a block that
                // is ASCII (the scan is faster there) or that the exact code must read.
                var trouble: Int32 = 0
                i += cyajl_utf8_valid_prefix_avx2(
                    (base + i).assumingMemoryBound(to: UInt8.self), to - i, &trouble)
                if trouble != 0 { exactTo = i + 128 }
                continue
            }
            if i + 128 <= to {
                // A window of 128 bytes from here: visit the bytes above 0x7F through a bitmap
                // of them, with a branch per character rather than per byte (each character's
                // bytes are taken off the map; a stray continuation byte stays and is
                // reported), up to a form feed or vertical tab in the window if any.
                var low = Self.highBits(base + i), high = Self.highBits(base + i + 64)
                let space = Self.firstSpecial(base, from: i, to: i + 128, spacesOnly: true) - i
                if space < 128 {
                    low &= space >= 64 ? ~0 : (1 << UInt64(space)) &- 1
                    high &= space <= 64 ? 0 : (1 << UInt64(space - 64)) &- 1
                }
                var reach = 0
                while low | high != 0 {
                    // The lowest bit of the two words (the high word's only when the low one
                    // is empty, which leaves 64 there), without a branch.
                    let inLow = low.trailingZeroBitCount
                    let at = inLow &+ (high.trailingZeroBitCount & (0 &- (inLow &>> 6)))
                    switch character(at: i + at, chunk, chunkStart: chunkStart) {
                    case .length(let length):
                        // Off the map up to the character's end, without a branch on where
                        // that is (a shift by 64 or more gives 0).
                        reach = at + length
                        low &= ~0 << UInt64(reach)
                        high &= ~0 << UInt64(max(reach - 64, 0))
                    case .stop(let failure):
                        return failure.map { .utf8($0) }
                    }
                }
                if space < 128 {
                    // (A character that reached it was invalid, and reported above.)
                    checkedTo = chunkStart + i + space
                    return .space(i + space, base.load(fromByteOffset: i + space, as: UInt8.self))
                }
                // The last character can end past the window.
                i += max(reach, 128)
                continue
            }
            // Fewer than a window's bytes left: one character.
            switch character(at: i, chunk, chunkStart: chunkStart) {
            case .length(let length): i += length
            case .stop(let failure): return failure.map { .utf8($0) }
            }
        }
        checkedTo = chunkStart + i
        return nil
    }

    /// What the character at a byte above 0x7F gave.
    private enum Step {
        case length(Int)
        /// The failure, or `nil` when the chunk cut the character (it is kept for the next).
        case stop(Failure?)
    }

    /// Checks the character that starts at index `i` of `chunk` (a byte above 0x7F). The
    /// commonest (two bytes, and three bytes away from the lead bytes with a narrower
    /// second byte) are checked here; the rest by ``sequence(at:available:)``.
    @inline(__always)
    private mutating func character(at i: Int, _ chunk: UnsafeRawBufferPointer, chunkStart: Int) -> Step {
        let base = chunk.baseAddress.unsafelyUnwrapped
        let lead = base.load(fromByteOffset: i, as: UInt8.self)
        if lead >= 0xC2, lead <= 0xDF, i + 1 < chunk.count,
            base.load(fromByteOffset: i + 1, as: UInt8.self) & 0xC0 == 0x80
        {
            return .length(2)
        }
        if lead >= 0xE1, lead <= 0xEF, lead != 0xED, i + 2 < chunk.count,
            base.load(fromByteOffset: i + 1, as: UInt8.self) & 0xC0 == 0x80,
            base.load(fromByteOffset: i + 2, as: UInt8.self) & 0xC0 == 0x80
        {
            return .length(3)
        }
        switch Self.sequence(at: base + i, available: chunk.count - i) {
        case .valid(let length):
            return .length(length)
        case .invalid(let message):
            return .stop(Failure(offset: chunkStart + i, message: message))
        case .cut:
            // Cut by the chunk's end: the next chunk finishes it.
            pending = Array(UnsafeRawBufferPointer(start: base + i, count: chunk.count - i))
            pendingOffset = chunkStart + i
            checkedTo = chunkStart + chunk.count
            return .stop(nil)
        }
    }

    private enum Verdict {
        case valid(Int)
        case invalid(String)
        /// Valid so far, but the bytes end before the sequence does.
        case cut
    }

    /// The sequence that starts at `p` (a byte above 0x7F), with `available` bytes readable.
    private static func sequence(at p: UnsafeRawPointer, available: Int) -> Verdict {
        let lead = p.load(as: UInt8.self)
        let length = length(of: lead)
        switch lead {
        case 0x80...0xBF, 0xF8...0xFF: return .invalid("invalid UTF-8: byte \(hex(lead)) cannot start a character")
        case 0xC0, 0xC1: return .invalid("invalid UTF-8: overlong encoding")
        case 0xF5...0xF7: return .invalid("invalid UTF-8: above U+10FFFF")
        default: break
        }
        for k in 1..<length {
            guard k < available else { return .cut }
            let byte = p.load(fromByteOffset: k, as: UInt8.self)
            if k == 1 {
                // The second byte's range depends on the lead (RFC 3629, section 4).
                switch (lead, byte) {
                case (0xE0, 0x80...0x9F), (0xF0, 0x80...0x8F): return .invalid("invalid UTF-8: overlong encoding")
                case (0xED, 0xA0...0xBF):
                    return .invalid("invalid UTF-8: an encoded UTF-16 surrogate (U+D800 to U+DFFF)")
                case (0xF4, 0x90...0xBF): return .invalid("invalid UTF-8: above U+10FFFF")
                default: break
                }
            }
            if byte & 0xC0 != 0x80 { return .invalid("invalid UTF-8: a character ends before its last byte") }
        }
        return .valid(length)
    }

    /// The number of bytes of a sequence that starts with `lead` (1 for a byte that cannot
    /// start one: it is reported alone).
    private static func length(of lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// Whether this machine runs the AVX2 scan (every x86-64 machine of the last decade);
    /// `YAJLMAPPER_NO_AVX2` in the environment turns it off (to test the portable scan).
    static let usesAVX2 = cyajl_has_avx2() != 0 && getenv("YAJLMAPPER_NO_AVX2") == nil

    /// The index of the first byte from `start` to `end` above 0x7F or a form feed or
    /// vertical tab (`end` when there is none); with `spacesOnly`, of the first form feed or
    /// vertical tab.
    @inline(__always)
    static func firstSpecial(_ base: UnsafeRawPointer, from start: Int, to end: Int, spacesOnly: Bool = false) -> Int {
        guard end > start else { return end }
        let p = (base + start).assumingMemoryBound(to: UInt8.self)
        if spacesOnly {
            let formFeed = memchr(p, 0x0C, end - start).map { base.distance(to: $0) } ?? end
            let tab = memchr(p, 0x0B, formFeed - start).map { base.distance(to: $0) }
            return tab ?? formFeed
        }
        let found = usesAVX2 ? cyajl_first_special_avx2(p, end - start) : cyajl_first_special_portable(p, end - start)
        return start + found
    }

    /// A bitmap of the bytes above 0x7F among the 64 at `p`: bit k for byte k.
    @inline(__always)
    private static func highBits(_ p: UnsafeRawPointer) -> UInt64 {
        usesAVX2 ? cyajl_high_bits64_avx2(p.assumingMemoryBound(to: UInt8.self)) : portableHighBits(p)
    }

    /// ``highBits(_:)`` a word at a time, for machines without AVX2.
    @inline(__always)
    static func portableHighBits(_ p: UnsafeRawPointer) -> UInt64 {
        var bits: UInt64 = 0
        for k in 0..<8 {
            let word = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8 &* k, as: UInt64.self))
            // The multiply gathers each byte's top bit into the word's top byte, in order.
            bits |= (((word & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56) << UInt64(8 &* k)
        }
        return bits
    }

    /// `0xNN`, in capitals.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
