/// A small deterministic pseudo-random generator (SplitMix64, Steele, Lea & Flood 2014).
///
/// Fixtures must be byte-identical on every platform and Swift version, so the
/// generator never uses the standard library's random APIs.
struct SplitMix64 {
    private var state: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    @inline(__always)
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (multiply-high reduction; the tiny bias does not matter here).
    @inline(__always)
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    @inline(__always)
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `perMille / 1000`.
    @inline(__always)
    mutating func chance(perMille: Int) -> Bool {
        below(1000) < perMille
    }

    /// One element of a non-empty array.
    @inline(__always)
    mutating func pick<T>(_ elements: [T]) -> T {
        elements[below(elements.count)]
    }

    /// A count spread over orders of magnitude: most values small, a few up to `10^maxDigits - 1`.
    mutating func magnitude(maxDigits: Int) -> Int {
        let digits = below(maxDigits + 1)
        if digits == 0 { return 0 }
        var low = 1
        for _ in 1..<digits { low *= 10 }
        return int(in: low...(low * 10 - 1))
    }
}
