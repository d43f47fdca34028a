// The table Eisel-Lemire multiplies by (see DecimalToDouble.swift), computed once with exact
// integer arithmetic on little-endian 64-bit limbs.

/// floor(5^q * 2^s) as (high, low) UInt64 pairs for q = -342...308, with s chosen so the value
/// lies in [2^127, 2^128): the top 128 bits of 5^q for q >= 0, and
/// floor(2^(bitLength(5^-q) + 127) / 5^-q) for q < 0.
let eiselLemirePowersOfFive: [UInt64] = {
    var table = [UInt64](repeating: 0, count: 2 * (308 + 342 + 1))
    func store(_ q: Int, _ value: [UInt64], from shift: Int) {
        table[2 * (q + 342)] = PowersOfFive.word(value, at: shift + 64)
        table[2 * (q + 342) + 1] = PowersOfFive.word(value, at: shift)
    }
    var power: [UInt64] = [1]
    for q in 0...308 {
        store(q, power, from: PowersOfFive.bitLength(power) - 128)
        PowersOfFive.multiply(&power, by: 5)
    }
    // floor(2^m / 5^q) by dividing 2^m by 5 again and again (floor(floor(a / b) / c) is
    // floor(a / (b c))), then its bits from the one that makes it 128 bits long.
    let m = 1024 // more than 127 + bitLength(5^342) (795)
    var quotient = [UInt64](repeating: 0, count: m / 64 + 1)
    quotient[m / 64] = 1
    power = [1]
    for q in 1...342 {
        PowersOfFive.divide(&quotient, by: 5)
        PowersOfFive.multiply(&power, by: 5)
        store(-q, quotient, from: m - PowersOfFive.bitLength(power) - 127)
    }
    return table
}()

/// Unsigned big integers as little-endian 64-bit limbs, for the table.
enum PowersOfFive {
    /// Multiplies `x` by `factor` in place.
    static func multiply(_ x: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for i in x.indices {
            let (high, low) = x[i].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            x[i] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry > 0 { x.append(carry) }
    }

    /// Divides `x` by `divisor` in place, rounding down.
    static func divide(_ x: inout [UInt64], by divisor: UInt64) {
        var remainder: UInt64 = 0
        for i in x.indices.reversed() {
            (x[i], remainder) = divisor.dividingFullWidth((remainder, x[i]))
        }
    }

    /// The number of bits of `x` up to its highest one.
    static func bitLength(_ x: [UInt64]) -> Int {
        guard let top = x.lastIndex(where: { $0 != 0 }) else { return 0 }
        return 64 * top + 64 - x[top].leadingZeroBitCount
    }

    /// The 64 bits of `x` from bit `offset` on (bits below 0 or past its end are 0).
    static func word(_ x: [UInt64], at offset: Int) -> UInt64 {
        if offset <= -64 { return 0 }
        if offset < 0 { return (x.first ?? 0) << UInt64(-offset) }
        let (limb, bit) = (offset / 64, offset % 64)
        let low = limb < x.count ? x[limb] : 0
        let high = limb + 1 < x.count ? x[limb + 1] : 0
        return bit == 0 ? low : low >> UInt64(bit) | high << UInt64(64 - bit)
    }
}
