// The project's speed targets, checked against the ratios of the run that just happened.
//
// Every target is a ratio of two contenders measured on one payload in the same run (never
// an absolute time: this machine's speed changes from one second to the next). A target
// whose payload or contenders were filtered out is not checked.

import Foundation

struct SpeedTarget {
    /// What the line says, e.g. "seed model vs JSONDecoder, 100 items".
    let title: String
    let payload: String
    let contender: String
    let reference: String
    /// The ratio needed (contender speed over reference speed).
    let minimum: Double
    /// How the ratio prints: "x" after speed-ups, nothing after fractions.
    let suffix: String
}

extension SpeedTarget {
    /// A model mapped by YajlMapper against its `JSONDecoder` twin ("YajlMapper M model" and
    /// "JSONDecoder M model", the contender pairs' names).
    static func twin(_ model: String, on payload: String, _ title: String, atLeast minimum: Double) -> SpeedTarget {
        SpeedTarget(
            title: title, payload: payload, contender: "YajlMapper \(model) model",
            reference: "JSONDecoder \(model) model", minimum: minimum, suffix: "x")
    }

    /// A `Decodable` model under `YajlDecoder` against the same model under `JSONDecoder`.
    static func decoder(_ model: String, on payload: String, _ title: String, atLeast minimum: Double) -> SpeedTarget {
        SpeedTarget(
            title: title, payload: payload, contender: "YajlDecoder \(model) model",
            reference: "JSONDecoder \(model) model", minimum: minimum, suffix: "x")
    }
}

/// The targets of the mapping engine (seed model), of the GitHub models, of the model pairs,
/// of `YajlDecoder` and of every core on one page.
let speedTargets: [SpeedTarget] = [
    SpeedTarget(
        title: "seed model vs JSONDecoder, 30 items", payload: "generated-30",
        contender: "YajlMapper seed model", reference: decoderName, minimum: 3.0, suffix: "x"),
    SpeedTarget(
        title: "seed model vs JSONDecoder, 100 items", payload: "generated-100",
        contender: "YajlMapper seed model", reference: decoderName, minimum: 2.5, suffix: "x"),
    SpeedTarget(
        title: "seed model vs yajl's empty callbacks, 100 items", payload: "generated-100",
        contender: "YajlMapper seed model", reference: ceilingName, minimum: 0.85, suffix: ""),
    SpeedTarget(
        title: "GitHub model vs JSONDecoder (.iso8601), 30 items", payload: "generated-30",
        contender: "YajlMapper GitHub model", reference: "JSONDecoder GitHub model", minimum: 2.0, suffix: "x"),
    SpeedTarget(
        title: "GitHub model vs JSONDecoder (.iso8601), 100 items", payload: "generated-100",
        contender: "YajlMapper GitHub model", reference: "JSONDecoder GitHub model", minimum: 2.0, suffix: "x"),
    .twin("listing", on: "generated-100", "listing model vs JSONDecoder (.iso8601), 100 items", atLeast: 4.5),
    .twin("listing", on: "shuffled-100", "listing model vs JSONDecoder, 100 shuffled items", atLeast: 4.0),
    .twin("seed+2", on: "generated-100", "seed+2 model vs JSONDecoder, 100 items", atLeast: 5.0),
    .twin("seed+2", on: "generated-30", "seed+2 model vs JSONDecoder, 30 items", atLeast: 5.5),
    .twin("twitter", on: "standard/twitter", "twitter model vs JSONDecoder, twitter.json", atLeast: 3.5),
    .twin("citm", on: "standard/citm_catalog", "citm model vs JSONDecoder, citm_catalog.json", atLeast: 3.2),
    .twin("canada", on: "standard/canada", "canada model vs JSONDecoder, canada.json", atLeast: 2.5),
    .decoder("GitHub", on: "generated-100", "YajlDecoder GitHub model (.iso8601), 100 items", atLeast: 3.0),
    .decoder(
        "snake-case GitHub", on: "generated-100", "YajlDecoder GitHub model, snake-case keys, 100 items",
        atLeast: 3.0),
    .decoder("seed", on: "generated-100", "YajlDecoder seed model, 100 items", atLeast: 5.0),
    .decoder("twitter", on: "standard/twitter", "YajlDecoder twitter model, twitter.json", atLeast: 2.0),
    .decoder("citm", on: "standard/citm_catalog", "YajlDecoder citm model, citm_catalog.json", atLeast: 2.0),
    .decoder("canada", on: "standard/canada", "YajlDecoder canada model, canada.json", atLeast: 1.5),
    SpeedTarget(
        title: "YajlEncoder GitHub model vs JSONEncoder, 100 items", payload: "generated-100",
        contender: "YajlEncoder GitHub model", reference: "JSONEncoder GitHub model", minimum: 1.5, suffix: "x"),
    SpeedTarget(
        title: "GitHub model, whole page on all cores vs one thread, 20,000 items", payload: "generated-20000",
        contender: "YajlMapper GitHub model, on all cores", reference: "YajlMapper GitHub model", minimum: 1.7,
        suffix: "x"),
]

/// The peak memory allowed while streaming the 20,000-item page element by element.
let streamingPeakLimitMiB = 32.0

/// A target with the ratio measured for it.
struct TargetCheck {
    let target: SpeedTarget
    let measured: Double
    /// About 95% confidence for the ratio the machine would give over many rounds (see
    /// ``Measurement/speedInterval(relativeTo:)``); `nil` with too few rounds.
    let interval: (low: Double, high: Double)?
    var met: Bool { measured >= target.minimum }

    /// How sure this run is of its verdict: whether the whole interval is on one side.
    var verdict: String {
        guard let interval else { return met ? "met" : "NOT MET" }
        if interval.low >= target.minimum { return "met" }
        if interval.high < target.minimum { return "NOT MET" }
        return met ? "met (within noise)" : "NOT MET (within noise)"
    }
}

/// The checks a payload's results allow (targets whose two contenders both ran without error).
func checks(for payload: String, results: [Measurement]) -> [TargetCheck] {
    speedTargets.filter { $0.payload == payload }.compactMap { target in
        guard let measured = results.first(where: { $0.contender == target.contender && $0.error == nil }),
            let reference = results.first(where: { $0.contender == target.reference && $0.error == nil })
        else { return nil }
        return TargetCheck(
            target: target, measured: measured.speed(relativeTo: reference),
            interval: measured.speedInterval(relativeTo: reference))
    }
}

/// Prints the checked targets; returns whether all were met.
@discardableResult
func reportTargets(_ checks: [TargetCheck]) -> Bool {
    guard !checks.isEmpty else {
        report("targets: none checked (a target needs its payload and both of its contenders)")
        return true
    }
    report("== targets (ratios of this run) ==")
    report(
        pad("target", 52, right: false) + pad("measured", 10) + pad("95% CI", 13) + pad("needed", 10)
            + "  result")
    for check in checks {
        let suffix = check.target.suffix
        let interval = check.interval.map { fixed($0.low, 2) + "-" + fixed($0.high, 2) + suffix } ?? "-"
        report(
            pad(check.target.title, 52, right: false)
                + pad(fixed(check.measured, 2) + suffix, 10)
                + pad(interval, 13)
                + pad(">= " + fixed(check.target.minimum, 2) + suffix, 10)
                + "  " + check.verdict)
    }
    let missed = checks.filter { !$0.met }.count
    report(
        missed == 0
            ? "all \(checks.count) checked targets met"
            : "\(missed) of \(checks.count) checked targets not met in this run")
    report()
    return missed == 0
}

extension TargetCheck {
    /// The check as a JSON record.
    var record: [String: Any] {
        var record: [String: Any] = [
            "target": target.title, "payload": target.payload, "contender": target.contender,
            "reference": target.reference, "measured": measured, "minimum": target.minimum,
            "met": met, "verdict": verdict,
        ]
        if let interval { record["interval_95"] = [interval.low, interval.high] }
        return record
    }
}
