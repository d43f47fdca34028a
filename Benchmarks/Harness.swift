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
    /// Whether the contender reads a payload of this name (a model made for one shape of
    /// document is not run on the others).
    let applies: (String) -> Bool
    let run: (Payload) throws -> Int

    /// A contender; by default it applies to every payload that is one document (not to
    /// event files, one event per line).
    init(
        name: String, applies: @escaping (String) -> Bool = { !PayloadFamily.events.contains($0) },
        run: @escaping (Payload) throws -> Int
    ) {
        self.name = name
        self.applies = applies
        self.run = run
    }
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

extension Measurement {
    /// How many times faster than `reference` this contender ran: the median, over the
    /// rounds, of the reference's time divided by this contender's time in the same round.
    /// A round runs every contender back to back, so a slow phase of a shared machine falls
    /// on both terms of each ratio and cancels; a ratio of two medians taken apart does not.
    func speed(relativeTo reference: Measurement) -> Double {
        let ratios = roundRatios(relativeTo: reference)
        let count = ratios.count
        guard count > 0 else { return .nan }
        let middle = count / 2
        return count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
    }

    /// An interval that holds the median of the round ratios' distribution with about 95%
    /// confidence, whatever that distribution: the ratios of ranks (n+1)/2 ∓ 0.98√n (from
    /// 1), the normal approximation of the binomial count of ratios below the median; for
    /// 31 rounds, the 10th and 22nd. `nil` with fewer than 6 rounds, where even the lowest
    /// and the highest ratio give less confidence.
    func speedInterval(relativeTo reference: Measurement) -> (low: Double, high: Double)? {
        let ratios = roundRatios(relativeTo: reference)
        let count = ratios.count
        guard count >= 6 else { return nil }
        let middle = Double(count + 1) / 2, spread = 0.98 * Double(count).squareRoot()
        let low = max(Int((middle - spread).rounded(.down)), 1)
        let high = min(Int((middle + spread).rounded(.up)), count)
        return (ratios[low - 1], ratios[high - 1])
    }

    /// The reference's time over this contender's, round by round, sorted.
    private func roundRatios(relativeTo reference: Measurement) -> [Double] {
        let count = min(samples.count, reference.samples.count)
        guard count > 0, error == nil, reference.error == nil else { return [] }
        return (0..<count).map { reference.samples[$0] / samples[$0] }.sorted()
    }
}

/// Runs every contender once per round, round-robin, rotating the starting contender
/// each round, so machine noise falls on all of them alike.
/// - Parameters:
///   - warmUp: untimed rounds first.
///   - runs: timed rounds.
///   - iterations: parses per timed run (a run is timed as a whole, then divided).
func measureInterleaved(
    _ contenders: [Contender], on payload: Payload,
    warmUp: Int, runs: Int, iterations: Int
) -> [Measurement] {
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
