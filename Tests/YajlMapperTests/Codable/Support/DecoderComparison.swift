import Foundation
import Testing

@testable import YajlMapper

/// What a decoding gave: a value, or an error's case and coding path.
enum DecodeOutcome<T: Equatable>: Equatable, CustomStringConvertible {
    case value(T)
    case failure(kind: String, path: [String])

    var description: String {
        switch self {
        case .value(let value): return "value \(value)"
        case .failure(let kind, let path): return "\(kind) at [\(path.joined(separator: ", "))]"
        }
    }

    /// A coding path's keys as text: `name`, or `#3` for an array position.
    static func path(_ keys: [any CodingKey]) -> [String] {
        keys.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }
    }

    /// The outcome of a `DecodingError`, or of any other error as its description.
    static func failure(_ error: any Error) -> DecodeOutcome {
        guard let error = error as? DecodingError else { return .failure(kind: "other: \(error)", path: []) }
        switch error {
        case .typeMismatch(_, let context): return .failure(kind: "typeMismatch", path: path(context.codingPath))
        case .valueNotFound(_, let context): return .failure(kind: "valueNotFound", path: path(context.codingPath))
        case .keyNotFound(let key, let context):
            return .failure(kind: "keyNotFound(\(key.stringValue))", path: path(context.codingPath))
        case .dataCorrupted(let context): return .failure(kind: "dataCorrupted", path: path(context.codingPath))
        @unknown default: return .failure(kind: "unknown", path: [])
        }
    }
}

/// Decodes one input with `JSONDecoder` and `YajlDecoder`, configured alike.
struct DecoderComparison {
    /// Sets a decoder's strategies (called on both).
    var configure:
        (
            _ keys: inout JSONDecoder.KeyDecodingStrategy, _ dates: inout JSONDecoder.DateDecodingStrategy,
            _ data: inout JSONDecoder.DataDecodingStrategy,
            _ floats: inout JSONDecoder.NonConformingFloatDecodingStrategy
        )
            -> Void = { _, _, _, _ in }
    /// What both decoders carry in `userInfo`.
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Foundation's outcome.
    func foundation<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> DecodeOutcome<T> {
        let decoder = JSONDecoder()
        // One strategy at a time: JSONDecoder's setters take a lock each, and two inout
        // accesses at once would hold it twice.
        var (keys, dates, data, floats) = (
            decoder.keyDecodingStrategy, decoder.dateDecodingStrategy, decoder.dataDecodingStrategy,
            decoder.nonConformingFloatDecodingStrategy
        )
        configure(&keys, &dates, &data, &floats)
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        decoder.userInfo = userInfo
        do { return .value(try decoder.decode(T.self, from: Data(json.utf8))) } catch { return .failure(error) }
    }

    /// One decoder for every input this comparison decodes: its plans are learned from the
    /// inputs before (of every type), so each decoding may miss and learn again.
    let reused = YajlDecoder()

    /// This package's outcome, and the error when there was one. The input is decoded three
    /// ways, which must agree to the error's text: by a new decoder (no plan: the whole
    /// tape, learning), by that decoder again (by the plan it learned from this input), and by
    /// ``reused``.
    func yajl<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (DecodeOutcome<T>, (any Error)?) {
        let fresh = YajlDecoder()
        let first = decode(T.self, json, with: fresh)
        for (second, way) in [
            (decode(T.self, json, with: fresh), "planned"), (decode(T.self, json, with: reused), "reused"),
        ] {
            // Or as text: a NaN is not equal to itself.
            #expect(
                second.0 == first.0 || "\(second.0)" == "\(first.0)", "\(T.self) from \(json), \(way)",
                sourceLocation: sourceLocation)
            #expect(
                second.1.map { "\($0)" } == first.1.map { "\($0)" }, "\(T.self) from \(json), \(way)",
                sourceLocation: sourceLocation)
        }
        return first
    }

    /// The outcome of `decoder`, configured.
    private func decode<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, with decoder: YajlDecoder
    ) -> (DecodeOutcome<T>, (any Error)?) {
        configure(
            &decoder.keyDecodingStrategy, &decoder.dateDecodingStrategy, &decoder.dataDecodingStrategy,
            &decoder.nonConformingFloatDecodingStrategy)
        decoder.userInfo = userInfo
        do { return (.value(try decoder.decode(T.self, from: Data(json.utf8))), nil) } catch {
            return (.failure(error), error)
        }
    }

    /// Expects the same value, or the same error case at the same path (the line and column
    /// of errors are checked apart). The one difference allowed: a number that
    /// does not fit, which `JSONDecoder` reports as `dataCorrupted` at the root and this
    /// package at the number's own path.
    func expectSame<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = foundation(T.self, json)
        let (actual, _) = yajl(T.self, json, sourceLocation: sourceLocation)
        if case .failure("dataCorrupted", []) = expected, case .failure("dataCorrupted", let path) = actual,
            !path.isEmpty
        {
            return
        }
        #expect(actual == expected, "\(T.self) from \(json)", sourceLocation: sourceLocation)
    }
}
