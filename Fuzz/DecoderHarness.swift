import Foundation
@_spi(Fuzzing) import YajlMapper

/// A record whose `init(from:)` reads different keys for different objects: by its `kind`,
/// through `try?` and `contains`, and every key of `meta` (so plans learned from one input
/// are tried on others).
struct FuzzRecord: Codable, Equatable {
    var kind: String?
    var number: Int?
    var ratio: Double?
    var tags: [String]?
    var children: [FuzzRecord]?
    var meta: [String: Int]?
    var flag: Bool?

    enum CodingKeys: String, CodingKey { case kind, n, x, tags, items, meta, flag, extra }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        switch kind {
        case "number": number = try container.decode(Int.self, forKey: .n)
        case "ratio": ratio = try? container.decode(Double.self, forKey: .x)
        case "tagged": tags = try container.decodeIfPresent([String].self, forKey: .tags)
        default: break
        }
        children = try container.decodeIfPresent([FuzzRecord].self, forKey: .items)
        if container.contains(.meta), kind != nil { meta = try container.decode([String: Int].self, forKey: .meta) }
        flag = number.map { $0 > 0 ? try? container.decode(Bool.self, forKey: .flag) : nil } ?? nil
    }
}

/// A record read with keys converted from snake case: its keys have several words, so that
/// many spellings convert to each (`full_name`, `FULL_NAME`, `full__name`).
struct SnakeCaseFuzzRecord: Decodable, Equatable {
    var fullName: String?
    var itemCount: Int?
    var subRecords: [SnakeCaseFuzzRecord]?
    var isOn: Bool?
}

/// What a decoding gave: the value, or the error's text (with its line and column).
enum DecodeResult: Equatable {
    case value(FuzzRecord)
    case values([FuzzRecord], Int)
    case error(String)

    /// Runs `body`.
    init(_ body: () throws -> FuzzRecord) {
        do { self = .value(try body()) } catch { self = .error("\(error)") }
    }
}

/// The decoder and the encoder: a document decodes the same from a whole tape and by plans
/// learned from it or from other documents, element by element as whole; what the encoder
/// writes decodes back to the same value, and its sorted output is JSONEncoder's.
enum DecoderHarness {
    /// Documents that teach a decoder plans before it meets the fuzzer's.
    static let teachers = [
        #"{"kind": "number", "n": 1, "flag": true, "items": [{"kind": "ratio", "x": 0.5}]}"#,
        #"{"kind": "tagged", "tags": ["a"], "meta": {"b": 2}, "items": []}"#, #"{"items": [{}, {"kind": "other"}]}"#,
    ]

    /// Runs the checks on one input.
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let fresh = YajlDecoder()
        let whole = DecodeResult { try fresh.decode(FuzzRecord.self, from: data) }
        let planned = DecodeResult { try fresh.decode(FuzzRecord.self, from: data) }
        check(planned == whole, "planned: \(planned), whole: \(whole) for \(shown(bytes))")
        let taught = YajlDecoder()
        for teacher in teachers { _ = try? taught.decode(FuzzRecord.self, from: Data(teacher.utf8)) }
        let byOthers = DecodeResult { try taught.decode(FuzzRecord.self, from: data) }
        check(byOthers == whole, "by others' plans: \(byOthers), whole: \(whole) for \(shown(bytes))")
        streamed(data, whole: whole, decoder: taught)
        utf16(bytes, whole: whole)
        // One input in eight, spliced into a page recorded and decoded on two threads.
        if bytes.count % 8 == 3 { splicedPage(bytes) }
        if case .value(let value) = whole { encoded(value) }
        snakeCase(data)
    }

    /// `bytes` as an element of a page of 60 records, decoded whole twice (the second time
    /// by the plan the first learned) on one thread and on two, its tape recorded and its
    /// items decoded in stretches: the same values, or the same first error.
    static func splicedPage(_ bytes: [UInt8]) {
        var page = Array(#"{"kind":"page","items":["#.utf8)
        for i in 0..<60 {
            if i > 0 { page.append(0x2C) }
            if i == 30 { page += bytes + [0x2C] }
            page += Array(#"{"kind":"number","n":\#(i),"flag":true,"tags":["},{\"kind\":1"]}"#.utf8)
        }
        page += Array("]}".utf8)
        let data = Data(page)
        func decodings(jobs: Int) -> [DecodeResult] {
            let decoder = YajlDecoder()
            decoder.jobs = jobs
            decoder.splitsFrom = (0, 64)
            return (0..<2).map { _ in DecodeResult { try decoder.decode(FuzzRecord.self, from: data) } }
        }
        let (serial, parallel) = (decodings(jobs: 1), decodings(jobs: 2))
        check(parallel == serial, "spliced page: two threads \(parallel), one \(serial) for \(shown(bytes))")
    }

    /// Documents that teach a snake-case decoder plans before it meets the fuzzer's.
    static let snakeCaseTeachers = [
        #"{"full_name": "a", "item_count": 1, "sub_records": [{"full_name": "b", "is_on": true}]}"#,
        #"{"fullName": "c", "FULL_NAME": "d", "sub_records": []}"#,
    ]

    /// With keys converted from snake case, a document decodes the same from a whole tape and
    /// by plans (whose keys are folded) learned from it or from other documents.
    static func snakeCase(_ data: Data) {
        func decoder() -> YajlDecoder {
            let decoder = YajlDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return decoder
        }
        func outcome(_ decoder: YajlDecoder) -> String {
            do { return "\(try decoder.decode(SnakeCaseFuzzRecord.self, from: data))" } catch { return "\(error)" }
        }
        let fresh = decoder()
        let whole = outcome(fresh)
        let planned = outcome(fresh)
        check(planned == whole, "snake case, planned: \(planned), whole: \(whole) for \(shown([UInt8](data)))")
        let taught = decoder()
        for teacher in snakeCaseTeachers { _ = try? taught.decode(SnakeCaseFuzzRecord.self, from: Data(teacher.utf8)) }
        let byOthers = outcome(taught)
        check(
            byOthers == whole, "snake case, by others' plans: \(byOthers), whole: \(whole) for \(shown([UInt8](data)))")
    }

    /// Valid UTF-8 text written in UTF-16 (little-endian, with its mark) decodes as it does in
    /// UTF-8, to the error's text: it is read from the same UTF-8 bytes.
    static func utf16(_ bytes: [UInt8], whole: DecodeResult) {
        // Text whose first bytes hold a zero is itself read as UTF-16 or UTF-32.
        guard !bytes.prefix(4).contains(0), let text = String(validating: bytes, as: UTF8.self) else { return }
        var encoded = Data([0xFF, 0xFE])
        for unit in text.utf16 { encoded += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
        let transcoded = DecodeResult { try YajlDecoder().decode(FuzzRecord.self, from: encoded) }
        check(transcoded == whole, "UTF-16: \(transcoded), UTF-8: \(whole) for \(shown(bytes))")
    }

    /// The elements of `items`, streamed, are the whole document's; the first failure is
    /// the whole document's unless it is the envelope's.
    static func streamed(_ data: Data, whole: DecodeResult, decoder: YajlDecoder) {
        var elements: [FuzzRecord] = []
        do {
            _ = try decoder.stream(FuzzRecord.self, from: data, elementsAt: "items") { elements.append($0) }
        } catch {
            return
        }
        // The stream read the envelope without the model's reads; where the whole decoding
        // succeeded, its items must be the stream's.
        if case .value(let value) = whole, let children = value.children {
            check(children == elements, "streamed: \(elements), whole: \(children) for \(shown([UInt8](data)))")
        }
    }

    /// The value written by YajlEncoder (sorted, compact and pretty) decodes back to itself,
    /// and the sorted compact text is JSONEncoder's where there is no floating point.
    static func encoded(_ value: FuzzRecord) {
        let encoder = YajlEncoder()
        for formatting: JSONEncoder.OutputFormatting in [.sortedKeys, [.sortedKeys, .prettyPrinted]] {
            encoder.outputFormatting = formatting
            guard let text = try? encoder.encode(value) else { fail("YajlEncoder threw for \(value)") }
            let back = DecodeResult { try YajlDecoder().decode(FuzzRecord.self, from: text) }
            check(back == .value(value.reread), "written \(String(decoding: text, as: UTF8.self)), read \(back)")
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting
            if value.ratio == nil, !value.hasRatioBelow, let expected = try? foundation.encode(value) {
                check(
                    text == expected,
                    "YajlEncoder: \(String(decoding: text, as: UTF8.self)), JSONEncoder: "
                        + String(decoding: expected, as: UTF8.self))
            }
        }
    }
}

extension FuzzRecord {
    /// The keys the synthesized `encode(to:)` writes, as `init(from:)` reads them back.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(number, forKey: .n)
        try container.encodeIfPresent(ratio, forKey: .x)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(children, forKey: .items)
        try container.encodeIfPresent(meta, forKey: .meta)
        try container.encodeIfPresent(flag, forKey: .flag)
    }

    /// The value as it reads back from what it writes: fields its kind does not read are gone.
    var reread: FuzzRecord {
        var copy = self
        if kind != "number" { copy.number = nil }
        if kind != "ratio" { copy.ratio = nil }
        if kind != "tagged" { copy.tags = nil }
        if kind == nil { copy.meta = nil }
        if (copy.number ?? 0) <= 0 { copy.flag = nil }
        copy.children = children?.map(\.reread)
        return copy
    }

    /// Whether a child has a ratio (floating point, which the byte comparison leaves out).
    var hasRatioBelow: Bool { children?.contains { $0.ratio != nil || $0.hasRatioBelow } ?? false }
}
