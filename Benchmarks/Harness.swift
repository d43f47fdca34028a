// The measuring machinery: a monotonic clock, a black hole, interleaved rounds, medians.

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on a monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Where results go so the optimiser must compute them (swift-nio's `blackHole`).
nonisolated(unsafe) var blackHoleSink = 0

/// Consumes a value opaquely: the call cannot be inlined, so the work producing
/// the value cannot be dropped.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
    blackHoleSink &+= 1
}

/// One input to parse, prepared once so no contender pays for copies.
struct Payload {
    let name: String
    let detail: String
    let bytes: [UInt8]
    let data: Data

    init(name: String, detail: String, bytes: [UInt8]) {
        self.name = name
        self.detail = detail
        self.bytes = bytes
        self.data = Data(bytes)
    }
}

/// One way of parsing a payload. `run` returns a small number derived from the
/// result, which goes to the black hole.
struct Contender {
    let name: String
    let run: (Payload) throws -> Int
}

/// The timings of one contender on one payload.
struct Measurement {
    let contender: String
    /// Seconds per parse, one entry per timed run.
    var samples: [Double] = []
    var error: String?

    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Double { samples.min() ?? .nan }
    var maximum: Double { samples.max() ?? .nan }
}

/// Runs every contender once per round, round-robin, rotating the starting contender
/// each round, so machine noise falls on all of them alike.
/// - Parameters:
///   - warmUp: untimed rounds first.
///   - runs: timed rounds.
///   - iterations: parses per timed run (a run is timed as a whole, then divided).
func measureInterleaved(_ contenders: [Contender], on payload: Payload,
                        warmUp: Int, runs: Int, iterations: Int) -> [Measurement] {
    var results = contenders.map { Measurement(contender: $0.name) }
    for round in 0..<(warmUp + runs) {
        for offset in 0..<contenders.count {
            let index = (round + offset) % contenders.count
            guard results[index].error == nil else { continue }
            let contender = contenders[index]
            do {
                let start = monotonicNanoseconds()
                for _ in 0..<iterations {
                    blackHole(try contender.run(payload))
                }
                let elapsed = monotonicNanoseconds() - start
                if round >= warmUp {
                    results[index].samples.append(Double(elapsed) / 1e9 / Double(iterations))
                }
            } catch {
                results[index].error = "\(error)"
            }
        }
    }
    return results
}
