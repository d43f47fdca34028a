// The streaming memory check: element-by-element mapping (or decoding) of a large search page.

import Foundation
import SearchSeedModel
import YajlMapper

#if canImport(Glibc)
    import Glibc
#endif

/// Peak resident memory of this process so far, in MiB (`getrusage`).
func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024 // ru_maxrss is in KiB on Linux
}

/// Maps every item of `path` with the seed model, streamed (or, with `decoder`, decodes it
/// with `YajlDecoder` as the full GitHub `Decodable` model, `.iso8601` dates), and prints the
/// count, the envelope's total_count, the time and the peak memory, then the memory target
/// (set for the 20,000-item page). Returns whether the peak stayed under it.
func streamMemoryCheck(_ path: String, decoder: Bool) -> Bool {
    let start = Date()
    var count = 0
    var stars = 0
    do {
        let summary: StreamSummary
        if decoder {
            let yajl = YajlDecoder()
            yajl.dateDecodingStrategy = .iso8601
            summary = try yajl.stream(DecodableRepository.self, from: .file(path), elementsAt: "items") { repo in
                count += 1
                stars &+= repo.stargazersCount
            }
        } else {
            summary = try Mapper<SeedRepository>().stream(.file(path), elementsAt: "items") { repo in
                count += 1
                stars &+= repo.id ?? 0
            }
        }
        let seconds = Date().timeIntervalSince(start)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let peak = peakResidentMiB()
        print(
            (decoder ? "decoded" : "streamed")
                + " \(count) items (total_count \(summary.envelope["total_count"].int ?? -1)) from "
                + "\(size / 1_000_000) MB in \(String(format: "%.2f", seconds)) s; peak memory "
                + "\(String(format: "%.1f", peak)) MiB; checksum \(stars)")
        let met = peak < streamingPeakLimitMiB
        print(
            "target: peak memory under \(Int(streamingPeakLimitMiB)) MiB while streaming "
                + "(set for the 20,000-item page): " + (met ? "met" : "NOT MET"))
        return met
    } catch {
        fail("\(path): \(error)")
    }
}
