// YajlMapper benchmarks, in the style of swift-nio's NIOPerformanceTester.
//
//   swift run -c release Benchmarks [filter...] [--runs N] [--warmup N] [--sample-mb N] [--json]
//
// Each payload is parsed by every contender in the same process, runs interleaved
// round-robin. A filter naming contenders keeps those contenders; one naming payloads keeps
// those payloads (`Benchmarks generated-100 "seed model"`: one payload, two contenders).
// A contender made for one shape of document runs only on payloads of that shape (see
// PayloadFamily); before the timings, each model read both ways is compared with `==`.
// Environment: BENCH_RUNS, BENCH_WARMUP, BENCH_SAMPLE_MB, YAJLMAPPER_CORPUS (a folder of .json files).

import Foundation
import GitHubModels

/// Printed at the start and the end of a debug-built run.
let debugWarning = """
    ************************************************************************
    *  WARNING: Benchmarks was built in DEBUG: the numbers mean nothing.   *
    *  Run: swift run -c release Benchmarks                                *
    ************************************************************************
    """

// MARK: Arguments

struct Options {
    var filters: [String] = []
    var runs: Int? = ProcessInfo.processInfo.environment["BENCH_RUNS"].flatMap(Int.init)
    var warmUp = ProcessInfo.processInfo.environment["BENCH_WARMUP"].flatMap(Int.init) ?? 1
    /// Bytes each timed run parses at least (small payloads repeat within a run).
    var sampleBytes = (ProcessInfo.processInfo.environment["BENCH_SAMPLE_MB"].flatMap(Int.init) ?? 16) * 1_000_000
    var json = false
    /// Exit with status 1 when a checked target is not met.
    var check = false
    /// `--stream FILE`: the streaming memory check instead of the timed runs.
    var streamPath: String?
    /// `--decoder` with `--stream`: the check with `YajlDecoder` and the full GitHub model.
    var streamsDecoder = false
}

func usage() -> String {
    """
    usage: Benchmarks [filter...] [--runs N] [--warmup N] [--sample-mb N] [--json] [--check]
           Benchmarks --generate N [--pretty] [--shuffled]
           Benchmarks --stream FILE [--decoder]
      filter        run only the contenders, or only the payloads, whose names contain one of
                    these texts (contender and payload filters combine); payloads:
                    generated-30, -100, -1000, -20000, shuffled-30, -100 (keys reordered),
                events-20000 (one event per line), events-hour (200,000 events: run
                only when named), webhook/pull_request (../shared/corpus/github-webhooks),
                    corpus/<file> (../shared/corpus/github), standard/twitter,
                    standard/citm_catalog, standard/canada (../shared/corpus/standard).
                    A model made for one shape of document runs only on payloads of that
                    shape; each model read both ways is compared with == before timing
      --runs N      timed runs per payload (default 7; 3 for payloads over 50 MB)
      --warmup N    untimed rounds first (default 1)
      --sample-mb N each timed run parses at least N MB, repeating small payloads (default 16)
      --json        print results (and the equality checks) as JSON on stdout (tables go to stderr)
      --check       exit with status 1 when one of the speed targets checked is not met
                    (the targets table is printed after every run that covers one)
      --generate N [--pretty] [--shuffled]  write the generated N-item payload (seed 1) to
                    stdout and exit; --shuffled writes it with its keys shuffled (shuffled-N)
      --stream FILE  map FILE's items one at a time (seed model) and print the peak memory
                    against its target (under 32 MiB for the 20,000-item page); with
                    --decoder, decode them with YajlDecoder (the full GitHub model)
    """
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Benchmarks: \(message)\n\(usage())\n".utf8))
    exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func number(after flag: String) -> Int {
        guard let text = rest.popFirst(), let value = Int(text), value >= 0 else {
            fail("\(flag) needs a non-negative number")
        }
        return value
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--runs": options.runs = max(1, number(after: argument))
        case "--warmup": options.warmUp = number(after: argument)
        case "--sample-mb": options.sampleBytes = max(1, number(after: argument)) * 1_000_000
        case "--json": options.json = true
        case "--check": options.check = true
        case "--generate":
            // Writes a generated payload to stdout and exits (to check it with json_verify etc.).
            let count = number(after: argument)
            let flags = Set(rest.prefix { $0 == "--pretty" || $0 == "--shuffled" })
            let out = FileHandle.standardOutput
            if flags.contains("--shuffled") {
                // The shuffled-N payload (compact, as timed; --pretty lays it out).
                let bytes = SearchPayloadGenerator(seed: 1).generate(items: count)
                guard let shuffled = try? shuffledKeys(bytes, pretty: flags.contains("--pretty"))
                else { fail("the generated payload did not parse") }
                out.write(Data(shuffled))
            } else {
                try? SearchPayloadGenerator(seed: 1).write(items: count, pretty: flags.contains("--pretty"), to: out)
            }
            exit(0)
        case "--stream":
            // Streams the items of a search page file with the seed model and reports peak memory.
            guard let path = rest.popFirst() else { fail("--stream needs a FILE") }
            options.streamPath = path
        case "--decoder": options.streamsDecoder = true
        case "-h", "--help": print(usage()); exit(0)
        default:
            if argument.hasPrefix("-") { fail("unknown option \(argument)") }
            options.filters.append(argument)
        }
    }
    return options
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if let path = options.streamPath {
    exit(streamMemoryCheck(path, decoder: options.streamsDecoder) || !options.check ? 0 : 1)
}

/// Tables go to stdout, or to stderr when stdout carries JSON.
func report(_ line: String = "") {
    if options.json {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    } else {
        print(line)
        fflush(nil)
    }
}

// MARK: Machine

func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
    return "unknown CPU"
}

func compilerVersion() -> String {
    #if compiler(>=6.4)
        return "Swift >= 6.4"
    #elseif compiler(>=6.3)
        return "Swift 6.3"
    #elseif compiler(>=6.2)
        return "Swift 6.2"
    #elseif compiler(>=6.1)
        return "Swift 6.1"
    #elseif compiler(>=6.0)
        return "Swift 6.0"
    #else
        return "Swift < 6"
    #endif
}

#if DEBUG
    let configuration = "DEBUG (numbers meaningless)"
#else
    let configuration = "release"
#endif

let machineLine =
    "machine: \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
    + "\(compilerVersion()), \(configuration) build"

// MARK: Table

func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

func fixed(_ value: Double, _ digits: Int) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "-"
}

/// One payload's table; "vs JSONDecoder" divides by the `reference` contender's speed.
func printTable(_ payload: Payload, runs: Int, iterations: Int, results: [Measurement], reference: String) {
    let megabytes = Double(payload.bytes.count) / 1e6
    report(
        "== \(payload.name) (\(payload.detail), \(payload.bytes.count) bytes = \(fixed(megabytes, 2)) MB; "
            + "\(runs) runs x \(iterations) parses) ==")
    report(
        pad("contender", 26, right: false) + pad("MB/s", 9) + pad("median ms", 12) + pad("min ms", 11)
            + pad("max ms", 11) + pad("vs JSONDecoder", 16) + pad("vs ceiling", 12))
    let decoder = results.first { $0.contender == reference && $0.error == nil }
    let ceiling = results.first { $0.contender == ceilingName && $0.error == nil }
    for result in results {
        if let error = result.error {
            report(pad(result.contender, 26, right: false) + "  error: \(error)")
            continue
        }
        let median = result.median
        report(
            pad(result.contender, 26, right: false)
                + pad(fixed(megabytes / median, 1), 9)
                + pad(fixed(median * 1e3, 3), 12)
                + pad(fixed(result.minimum * 1e3, 3), 11)
                + pad(fixed(result.maximum * 1e3, 3), 11)
                + pad(fixed(decoder.map { result.speed(relativeTo: $0) } ?? .nan, 2) + "x", 16)
                + pad(fixed(ceiling.map { result.speed(relativeTo: $0) } ?? .nan, 2), 12))
    }
    report()
}

// MARK: Run

let started = monotonicNanoseconds()
#if DEBUG
    report(debugWarning)
#endif
report(machineLine)
report(
    "timing: warm-up \(options.warmUp) round(s), contenders interleaved round-robin, median of timed runs; "
        + "MB = 10^6 bytes; 'vs JSONDecoder' = speed-up over the payload's JSONDecoder model (the seed "
        + "model on search pages, the twitter/citm/canada model on those documents); "
        + "'vs ceiling' = fraction of yajl's empty-callback speed; both ratios are medians of "
        + "per-round ratios (each round runs every contender back to back)")
report()

let everyContender = allContenders()
let modelPairs = allModelPairs()
if jsonValueContender() == nil {
    report("note: 'YajlMapper JSON value' row disabled: JSON(parsing:) not wired in yet (see Contenders.swift)")
    report()
}

var jsonRecords: [[String: Any]] = []
var equalityRecords: [[String: Any]] = []
var targetChecks: [TargetCheck] = []
var ranAny = false

/// Filters that name contenders select contenders; the others select payloads.
let contenderFilters = options.filters.filter { filter in
    everyContender.contains { $0.name.localizedCaseInsensitiveContains(filter) }
}
let payloadFilters = options.filters.filter { !contenderFilters.contains($0) }
let selectedContenders =
    contenderFilters.isEmpty
    ? everyContender
    : everyContender.filter { contender in
        contenderFilters.contains { contender.name.localizedCaseInsensitiveContains($0) }
    }

let sources = payloadSources()
/// A payload filter that is a payload's whole name selects just that one (`generated-100`,
/// not `generated-1000` too).
let sourceNames = Set(sources.map(\.name))

for source in sources {
    let selected =
        payloadFilters.isEmpty
        || payloadFilters.contains { filter in
            sourceNames.contains(filter) ? source.name == filter : source.name.localizedCaseInsensitiveContains(filter)
        }
    if !selected || (source.onlyWhenNamed && !payloadFilters.contains(source.name)) { continue }
    let contenders = selectedContenders.filter { $0.applies(source.name) }
    if contenders.isEmpty { continue }
    ranAny = true
    let payload: Payload
    do {
        payload = try source.make()
    } catch {
        report("note: \(source.name) skipped: \(error)")
        continue
    }
    let contenderNames = Set(contenders.map(\.name))
    for pair in modelPairs
    where pair.family.contains(payload.name)
        && pair.contenders.contains(where: { contenderNames.contains($0.name) })
    {
        for check in pair.compare(payload) {
            report(check.line)
            equalityRecords.append(check.record)
        }
    }
    if PayloadFamily.github.contains(payload.name), contenderNames.contains("YajlEncoder GitHub model") {
        let check = compareEncoders(payload)
        report(check.line)
        equalityRecords.append(check.record)
    }
    let large = payload.bytes.count > 50_000_000
    let runs = options.runs ?? (large ? 3 : 7)
    let iterations = max(1, options.sampleBytes / max(1, payload.bytes.count))
    let results = measureInterleaved(
        contenders, on: payload, warmUp: options.warmUp, runs: runs,
        iterations: iterations)
    let reference = PayloadFamily(payload: payload.name).referenceDecoder ?? decoderName
    printTable(payload, runs: runs, iterations: iterations, results: results, reference: reference)
    targetChecks += checks(for: payload.name, results: results)
    for result in results {
        var record: [String: Any] = [
            "payload": payload.name, "bytes": payload.bytes.count,
            "contender": result.contender, "runs": runs, "iterations": iterations,
        ]
        if let error = result.error {
            record["error"] = error
        } else {
            record["median_seconds"] = result.median
            record["samples_seconds"] = result.samples
            record["mb_per_second"] = Double(payload.bytes.count) / 1e6 / result.median
            if let decoderResult = results.first(where: { $0.contender == reference }) {
                record["vs_json_decoder"] = result.speed(relativeTo: decoderResult)
            }
            if let ceilingResult = results.first(where: { $0.contender == ceilingName }) {
                record["vs_ceiling"] = result.speed(relativeTo: ceilingResult)
            }
        }
        jsonRecords.append(record)
    }
}

if !ranAny { fail("no payload or contender matches \(options.filters)") }
let targetsMet = reportTargets(targetChecks)
report(String(format: "total time: %.1f s", Double(monotonicNanoseconds() - started) / 1e9))
#if DEBUG
    report(debugWarning)
#endif

if options.json {
    let document: [String: Any] = [
        "machine": machineLine, "results": jsonRecords,
        "equality": equalityRecords, "targets": targetChecks.map(\.record),
    ]
    let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    FileHandle.standardOutput.write(data)
    print()
}
if options.check && !targetsMet { exit(1) }
