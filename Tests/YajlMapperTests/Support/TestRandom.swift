/// SplitMix64: a seeded generator, so generated test cases repeat exactly on every run.
struct TestRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func percent(_ p: Int) -> Bool { below(100) < p }
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) { array.swapAt(i, below(i + 1)) }
    }
}
