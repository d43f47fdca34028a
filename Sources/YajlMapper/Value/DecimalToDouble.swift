// Fast, correctly rounded conversion of a JSON number literal to Double.
//
// Pipeline: read up to 19 significant decimal digits into a UInt64 `w` and a decimal exponent `q`
// (value = w * 10^q, exactly unless more digits had to be dropped), then
//   1. Clinger's fast path   (exact when w <= 2^53 and |q| <= 22: one correctly rounded IEEE operation),
//   2. Eisel-Lemire          (128-bit truncated power of five, as in fast_float and Go's eiselLemire64),
//   3. Swift's Double(String) (strtod) for the rare inputs Eisel-Lemire cannot decide (in practice: more than
//      19 significant digits whose truncation straddles a rounding boundary).

/// Mask of the product bits below the 55 bits that Eisel-Lemire keeps (53 + round bit + possible leading zero).
private let lowBitsMask: UInt64 = 0x1FF

/// Exact powers of ten 1e0...1e22 (each exactly representable as a Double) for Clinger's fast path.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// Smallest and largest decimal exponents covered by `eiselLemirePowersOfFive`; outside them w * 10^q is 0 or infinite.
private let smallestPowerOfTen = -342
private let largestPowerOfTen = 308

/// The Double nearest to the JSON number literal in `text` (round-half-even, ±infinity on overflow, ±0 on underflow).
/// `text` must match -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? exactly, as Double(String) would read it.
internal func parseJSONDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double {
    if let value = parseJSONDoubleWithoutFallback(text) { return value }
    return parseJSONDoubleSlowly(text)
}

/// The correctly rounded value via Swift's Double(String) (strtod): always right, but slow.
@inline(never)
private func parseJSONDoubleSlowly(_ text: UnsafeBufferPointer<UInt8>) -> Double {
    Double(String(decoding: text, as: UTF8.self)) ?? .nan
}

/// Like `parseJSONDouble`, but returns nil in the rare cases only the slow strtod fallback can decide.
internal func parseJSONDoubleWithoutFallback(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let base = text.baseAddress, !text.isEmpty else { return nil }
    let end = text.count
    var i = 0
    let negative = base[0] == UInt8(ascii: "-")
    if negative { i = 1 }

    // First pass: accumulate every digit (wrapping on overflow; redone below if there are more than 19).
    var w: UInt64 = 0
    let integerStart = i
    while i < end, case let d = base[i] &- UInt8(ascii: "0"), d < 10 {
        w = w &* 10 &+ UInt64(d)
        i += 1
    }
    let integerEnd = i
    var fractionEnd = i
    var q = 0
    if i < end, base[i] == UInt8(ascii: ".") {
        i += 1
        let fractionStart = i
        while end - i >= 8, let eight = eightDigits(base + i) {
            w = w &* 100_000_000 &+ eight
            i += 8
        }
        while i < end, case let d = base[i] &- UInt8(ascii: "0"), d < 10 {
            w = w &* 10 &+ UInt64(d)
            i += 1
        }
        fractionEnd = i
        q = fractionStart - fractionEnd
    }
    var explicitExponent = 0
    if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
        i += 1
        var exponentNegative = false
        if i < end, base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
            exponentNegative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        while i < end, case let d = base[i] &- UInt8(ascii: "0"), d < 10 {
            if explicitExponent < 100_000_000 { explicitExponent = explicitExponent * 10 + Int(d) }
            i += 1
        }
        if exponentNegative { explicitExponent = -explicitExponent }
    }
    q += explicitExponent

    // The digit count includes the '.'; more than 19 real digits needs the careful second pass.
    let digitCount = fractionEnd - integerStart - (fractionEnd > integerEnd ? 1 : 0)
    var truncated = false
    if digitCount > 19 {
        (w, q, truncated) = significantDigits(base, integerStart, integerEnd, fractionEnd, explicitExponent)
    }

    // Clinger's fast path: w and 10^|q| are exact Doubles, so one IEEE multiply/divide rounds correctly.
    if !truncated, w <= 1 << 53, q >= -22, q <= 22 {
        var value = Double(w)
        if q < 0 { value /= exactPowersOfTen[-q] } else { value *= exactPowersOfTen[q] }
        return negative ? -value : value
    }

    guard var bits = eiselLemire(w, q) else { return nil }
    // With dropped digits the value lies in [w, w+1) * 10^q: accept only if both ends round alike (fast_float).
    if truncated, eiselLemire(w + 1, q) != bits { return nil }
    if negative { bits |= 1 << 63 }
    return Double(bitPattern: bits)
}

/// The value of 8 ASCII digits at `p` (most significant first), or nil if they are not all digits (SWAR, as in fast_float).
@inline(__always)
private func eightDigits(_ p: UnsafePointer<UInt8>) -> UInt64? {
    let v = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    guard
        (v & 0xF0F0_F0F0_F0F0_F0F0) | (((v &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)
            == 0x3333_3333_3333_3333
    else { return nil }
    var x = v &- 0x3030_3030_3030_3030
    x = (x &* 10) &+ (x >> 8) // pairs of digits
    let mul1: UInt64 = 100 + (1_000_000 << 32), mul2: UInt64 = 1 + (10_000 << 32)
    return ((x & 0x0000_00FF_0000_00FF) &* mul1 &+ ((x >> 16) & 0x0000_00FF_0000_00FF) &* mul2) >> 32
}

/// The first 19 significant digits as w, the matching exponent q, and whether a nonzero digit was dropped.
@inline(never)
private func significantDigits(
    _ base: UnsafePointer<UInt8>, _ integerStart: Int, _ integerEnd: Int,
    _ fractionEnd: Int, _ explicitExponent: Int
) -> (UInt64, Int, Bool) {
    var w: UInt64 = 0
    var taken = 0
    var q = explicitExponent
    var truncated = false
    for i in integerStart..<integerEnd {
        let d = UInt64(base[i] &- UInt8(ascii: "0"))
        if taken < 19 {
            w = w * 10 + d
            if w != 0 { taken += 1 }
        } else {
            q += 1
            if d != 0 { truncated = true }
        }
    }
    if fractionEnd > integerEnd {
        for i in (integerEnd + 1)..<fractionEnd {
            let d = UInt64(base[i] &- UInt8(ascii: "0"))
            if taken < 19 {
                w = w * 10 + d
                q -= 1
                if w != 0 { taken += 1 }
            } else if d != 0 {
                truncated = true
                break
            }
        }
    }
    return (w, q, truncated)
}

/// Eisel-Lemire: the bits (without sign) of the Double nearest to w * 10^q, or nil when 128 bits of 5^q cannot decide.
/// Lemire, "Number Parsing at a Gigabyte per Second" (2021); checks as in Go's strconv.eiselLemire64, with
/// fast_float's subnormal and round-half-even handling. The table is truncated, so the computed product is a
/// lower bound of the true one, short by less than w units of its lowest 64-bit word.
private func eiselLemire(_ w0: UInt64, _ q: Int) -> UInt64? {
    if w0 == 0 || q < smallestPowerOfTen { return 0 } // w0 < 2^64, so w0 * 10^-343 < 2^-1075: rounds to zero
    if q > largestPowerOfTen { return 0x7FF0_0000_0000_0000 } // w0 >= 1, so w0 * 10^309 overflows
    let lz = w0.leadingZeroBitCount
    let w = w0 << lz
    let index = 2 * (q - smallestPowerOfTen)
    var (high, low) = w.multipliedFullWidth(by: eiselLemirePowersOfFive[index])
    var mayCarry = false
    if high & lowBitsMask == lowBitsMask {
        // The kept bits may be short by a carry: add the product with the table's low word.
        let (high2, low2) = w.multipliedFullWidth(by: eiselLemirePowersOfFive[index + 1])
        let (sum, carry) = low.addingReportingOverflow(high2)
        low = sum
        if carry { high &+= 1 }
        // Still all ones, and the remaining truncation error (< w) could carry into the kept bits.
        mayCarry = high & lowBitsMask == lowBitsMask && low == UInt64.max && low2 &+ w < low2
    }
    let upperBit = Int(high >> 63)
    let shift = upperBit + 9
    var mantissa = high >> UInt64(shift) // 54 bits: 53 + round bit
    // Biased binary exponent: floor(q * log2(10)) is (217706 * q) >> 16 for |q| < 1500.
    var power2 = ((217_706 * q) >> 16) + 63 + upperBit - lz + 1023

    // A carry would change the result only if it reaches the round bit while that bit is 0 (the true value
    // might then sit on or above a halfway point); with round bit 1 both versions round to the same Double.
    if mayCarry, power2 <= 0 || high & ((2 << UInt64(shift)) - 1) == (1 << UInt64(shift)) - 1 {
        return exactDyadic(w0, q)
    }

    if power2 <= 0 { // subnormal: exact ties cannot occur here, so rounding half up is right
        if 1 - power2 >= 64 { return 0 }
        mantissa >>= UInt64(1 - power2)
        mantissa += mantissa & 1
        mantissa >>= 1
        return mantissa // a carry into bit 52 yields the smallest normal, exponent field 1
    }
    // Exact ties need w * 5^q < 2^64 * 2^54, i.e. q in -4...23; for q in 0...23 the table entry is 5^q
    // exactly (low word 0), so the product is exact and a true tie rounds to even. Ties with q in -4...-1
    // show up as all-ones bits and went to exactDyadic above; any other apparent tie is really above it.
    if low == 0, q >= 0, q <= 23, mantissa & 3 == 1, mantissa << UInt64(shift) == high {
        mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= 1 << 53 { // rounding carried into a new bit
        mantissa >>= 1
        power2 += 1
    }
    if power2 >= 0x7FF { return 0x7FF0_0000_0000_0000 }
    return UInt64(power2) << 52 | (mantissa & ((1 << 52) - 1))
}

/// The bits of w * 10^q when that is exactly (w / 5^-q) * 2^q with q in -27...-1, else nil. Resolves the exact
/// halfway and exactly representable cases (e.g. 4503599627370497.5) that a truncated 5^q hides below a carry.
@inline(never)
private func exactDyadic(_ w: UInt64, _ q: Int) -> UInt64? {
    guard q < 0, q >= -27 else { return nil }
    var power: UInt64 = 1
    for _ in 0..<(-q) { power *= 5 }
    guard w % power == 0 else { return nil }
    // UInt64 -> Double conversion rounds half to even; scaling by 2^q (q >= -27) is exact for these magnitudes.
    return (Double(w / power) * Double(sign: .plus, exponent: q, significand: 1)).bitPattern
}
