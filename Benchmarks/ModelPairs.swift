// Models read three ways: one type per document shape, mapped by YajlMapper and decoded by
// JSONDecoder and YajlDecoder, so the results compare with `==` before any timing.

import Foundation
import YajlMapper

/// The shapes of document the payloads have; a model reads one of them.
enum PayloadFamily: Equatable {
    /// Search pages: generated-*, shuffled-*, corpus/*.
    case github
    case twitter
    case citm
    case canada
    /// Event files: events-*, one event per line.
    case events
    /// Webhook payloads: webhook/*.
    case webhook
    /// A standard document no model reads.
    case other

    /// The family of the payload of this name.
    init(payload name: String) {
        if name.hasPrefix("generated-") || name.hasPrefix("shuffled-") || name.hasPrefix("corpus/") {
            self = .github
            return
        }
        if name.hasPrefix("events-") {
            self = .events
            return
        }
        if name.hasPrefix("webhook/") {
            self = .webhook
            return
        }
        switch name {
        case "standard/twitter": self = .twitter
        case "standard/citm_catalog": self = .citm
        case "standard/canada": self = .canada
        default: self = .other
        }
    }

    /// Whether the payload of this name has this shape.
    func contains(_ payload: String) -> Bool { PayloadFamily(payload: payload) == self }

    /// The contender the table's "vs JSONDecoder" column divides by on this family's payloads.
    var referenceDecoder: String? {
        switch self {
        case .github: return decoderName
        case .twitter: return "JSONDecoder twitter model"
        case .citm: return "JSONDecoder citm model"
        case .canada: return "JSONDecoder canada model"
        case .events: return "JSONDecoder events"
        case .webhook: return "JSONDecoder pull_request webhook"
        case .other: return nil
        }
    }
}

/// The outcome of mapping one payload both ways.
struct EqualityCheck {
    let model: String
    /// What read the value compared with JSONDecoder's: "YajlMapper" or "YajlDecoder".
    let reader: String
    let payload: String
    /// `nil` when the two values are equal; else what differs (or what failed).
    let difference: String?
    /// What the value is compared with.
    var reference = "JSONDecoder"

    /// The line printed before the timings.
    var line: String {
        "values: \(reader) \(model) on \(payload): " + (difference.map { "DIFFER: " + $0 } ?? "equal to \(reference)")
    }

    /// The check as a JSON record.
    var record: [String: Any] {
        var record: [String: Any] = [
            "model": model, "reader": reader, "payload": payload, "equal": difference == nil,
        ]
        if let difference { record["difference"] = difference }
        return record
    }
}

/// A Codable decoder the benchmark times: `JSONDecoder`, or `YajlDecoder` configured the same way.
protocol BenchmarkDecoder: AnyObject {
    /// How `Date` values are read.
    var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy { get set }
    /// How keys are turned into coding keys.
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy { get set }
    /// Decodes a whole document.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: BenchmarkDecoder {}
extension YajlDecoder: BenchmarkDecoder {}

/// A decoder of `kind` with the given date and key strategies, made once and kept, as an app
/// would; on one thread, as `JSONDecoder` decodes (the all-cores rows are apart).
func benchmarkDecoder(
    _ kind: BenchmarkDecoder.Type, dates: JSONDecoder.DateDecodingStrategy,
    keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
) -> BenchmarkDecoder {
    let yajl = YajlDecoder()
    yajl.jobs = 1
    let decoder: BenchmarkDecoder = kind == YajlDecoder.self ? yajl : JSONDecoder()
    decoder.dateDecodingStrategy = dates
    decoder.keyDecodingStrategy = keys
    return decoder
}

/// A model read three ways: mapped by YajlMapper's DSL, and decoded as `Decodable` by
/// `JSONDecoder` and by `YajlDecoder`.
struct ModelPair {
    /// As in the contenders' names: "listing model".
    let model: String
    let family: PayloadFamily
    /// "YajlMapper <model>", when the model is `Mappable` too.
    let mapper: Contender?
    /// "JSONDecoder <model>".
    let decoder: Contender
    /// "YajlDecoder <model>".
    let yajlDecoder: Contender
    /// Reads the payload each way and compares the mapper's and `YajlDecoder`'s values with `JSONDecoder`'s.
    let compare: (Payload) -> [EqualityCheck]

    /// The three contenders, in table order.
    var contenders: [Contender] { [mapper, yajlDecoder, decoder].compactMap { $0 } }
}

/// The contenders for `model`, applying to `family`'s payloads only; both decoders read
/// dates with `dates`.
func modelPair<Root: Mappable & Decodable & Equatable>(
    _ model: String, _ family: PayloadFamily, dates: JSONDecoder.DateDecodingStrategy = .deferredToDate,
    count: @escaping (Root) -> Int
) -> ModelPair {
    let map = { (payload: Payload) throws -> Root in try Mapper<Root>(jobs: 1).map(data: payload.bytes) }
    return modelContenders(model, family, dates: dates, map: map, count: count)
}

/// The two decoders' contenders for a `Decodable`-only model (its YajlMapper twin is another
/// type), both reading keys with `keys`.
func decoderPair<Root: Decodable & Equatable>(
    _ model: String, _ family: PayloadFamily, dates: JSONDecoder.DateDecodingStrategy = .deferredToDate,
    keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys, count: @escaping (Root) -> Int
) -> ModelPair {
    modelContenders(model, family, dates: dates, keys: keys, map: nil, count: count)
}

/// The contenders for `model`: `map` (when given), and both decoders reading dates with
/// `dates` and keys with `keys`.
func modelContenders<Root: Decodable & Equatable>(
    _ model: String, _ family: PayloadFamily, dates: JSONDecoder.DateDecodingStrategy,
    keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys, map: ((Payload) throws -> Root)?,
    count: @escaping (Root) -> Int
) -> ModelPair {
    let foundation = benchmarkDecoder(JSONDecoder.self, dates: dates, keys: keys)
    let yajl = benchmarkDecoder(YajlDecoder.self, dates: dates, keys: keys)
    let decode = { (payload: Payload) throws -> Root in try foundation.decode(Root.self, from: payload.data) }
    let yajlDecode = { (payload: Payload) throws -> Root in try yajl.decode(Root.self, from: payload.data) }
    func contender(_ name: String, _ read: @escaping (Payload) throws -> Root) -> Contender {
        Contender(name: "\(name) \(model)", applies: family.contains) { payload in
            let value = try read(payload)
            blackHole(value)
            return count(value)
        }
    }
    return ModelPair(
        model: model, family: family,
        mapper: map.map { contender("YajlMapper", $0) }, decoder: contender("JSONDecoder", decode),
        yajlDecoder: contender("YajlDecoder", yajlDecode),
        compare: { payload in
            var readers = [("YajlDecoder", yajlDecode)]
            if let map { readers.insert(("YajlMapper", map), at: 0) }
            return readers.map { reader, read in
                EqualityCheck(
                    model: model, reader: reader, payload: payload.name,
                    difference: compareBothWays(payload, read, decode, reader: reader))
            }
        })
}

/// `nil` when both readings of the payload are equal, else a short description of the first
/// difference (and how many leaf values differ). `reader` names the first reading.
func compareBothWays<Root: Equatable>(
    _ payload: Payload, _ read: (Payload) throws -> Root,
    _ decode: (Payload) throws -> Root, reader: String
) -> String? {
    let mapped: Root, decoded: Root
    do { mapped = try read(payload) } catch { return "\(reader) threw: \(error)" }
    do { decoded = try decode(payload) } catch { return "JSONDecoder threw: \(error)" }
    if mapped == decoded { return nil }
    var differ = ValueDiffer(reader: reader)
    differ.compare(mapped, decoded, at: "")
    guard let first = differ.first else { return "== is false but no differing value was found" }
    return "\(differ.differing) of \(differ.leaves) values differ; first at \(first)"
}

/// Walks two values of one type side by side (stored properties, elements, dictionary
/// members), counting the leaf values that differ (doubles and dates by bit pattern) and
/// naming the first. The left value is the reader's, the right one JSONDecoder's.
struct ValueDiffer {
    /// What read the left value.
    let reader: String

    /// A differ whose left values come from `reader`.
    init(reader: String) { self.reader = reader }

    /// Leaf values compared.
    private(set) var leaves = 0
    /// Leaf values (or shapes: a missing value, a count) that differ.
    private(set) var differing = 0
    /// Where the first difference is, and the two values there.
    private(set) var first: String?

    /// Counts a difference at `path`.
    private mutating func record(_ path: String, _ left: Any, _ right: Any) {
        differing += 1
        if first == nil {
            first = (path.isEmpty ? "the root" : path) + ": \(left) (\(reader)) vs \(right) (JSONDecoder)"
        }
    }

    /// Compares `left` and `right`, found at `path`.
    mutating func compare(_ left: Any, _ right: Any, at path: String) {
        if let l = left as? Double, let r = right as? Double {
            leaves += 1
            if l.bitPattern != r.bitPattern { record(path, l, r) }
            return
        }
        if let l = left as? Date, let r = right as? Date {
            leaves += 1
            let lt = l.timeIntervalSinceReferenceDate, rt = r.timeIntervalSinceReferenceDate
            if lt.bitPattern != rt.bitPattern { record(path, lt, rt) }
            return
        }
        let lm = Mirror(reflecting: left), rm = Mirror(reflecting: right)
        switch lm.displayStyle {
        case .optional?:
            switch (lm.children.first, rm.children.first) {
            case (nil, nil): leaves += 1
            case (let l?, let r?): compare(l.value, r.value, at: path)
            case (nil, let r?): leaves += 1; record(path, "nil", r.value)
            case (let l?, nil): leaves += 1; record(path, l.value, "nil")
            }
        case .collection?, .set?:
            let l = Array(lm.children), r = Array(rm.children)
            if l.count != r.count { record(path, "\(l.count) elements", "\(r.count)") }
            for index in 0..<min(l.count, r.count) {
                compare(l[index].value, r[index].value, at: path + "[\(index)]")
            }
        case .dictionary?:
            let l = members(lm), r = members(rm)
            for key in Set(l.keys).union(r.keys).sorted() {
                switch (l[key], r[key]) {
                case (let lv?, let rv?): compare(lv, rv, at: path + "[\(key)]")
                case (nil, _): record(path + "[\(key)]", "absent", "present")
                case (_, nil): record(path + "[\(key)]", "present", "absent")
                }
            }
        default:
            if lm.children.isEmpty {
                leaves += 1
                if String(describing: left) != String(describing: right) { record(path, left, right) }
                return
            }
            for (l, r) in zip(lm.children, rm.children) {
                let label = l.label ?? "?"
                compare(l.value, r.value, at: path.isEmpty ? label : path + "." + label)
            }
        }
    }

    /// A dictionary's members by the text of their keys.
    private func members(_ mirror: Mirror) -> [String: Any] {
        var members: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            members[String(describing: pair[0].value)] = pair[1].value
        }
        return members
    }
}

/// Every model pair, in table order.
func allModelPairs() -> [ModelPair] {
    githubDecoderPairs() + listingModelPairs()
        + [twitterModelPair(), citmModelPair(), canadaModelPair(), eventModelPair(), webhookModelPair()]
}
