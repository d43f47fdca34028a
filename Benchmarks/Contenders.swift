// The parsers compared on each payload.

import CYajl
import Foundation
import SearchSeedModel
import YajlMapper

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
}

/// Every contender, in table order. The first is the ceiling. The models made for search
/// pages apply to those only; each model pair's contenders (the seed and GitHub models'
/// decoders among them) to their own family.
func allContenders() -> [Contender] {
    let github = PayloadFamily.github.contains
    var contenders = [
        Contender(name: "yajl callbacks (ceiling)", run: yajlCeiling),
        Contender(name: "YajlMapper validate", run: yajlMapperValidate),
        Contender(
            name: "YajlMapper validate, all cores", applies: { ["generated-1000", "generated-20000"].contains($0) },
            run: yajlMapperValidateAllCores),
        Contender(name: "YajlMapper events only", run: yajlMapperEvents),
        Contender(name: "YajlMapper skip all", applies: github, run: yajlMapperSkipAll),
    ]
    if let value = jsonValueContender() { contenders.append(value) }
    contenders.append(Contender(name: "YajlMapper seed model", applies: github, run: yajlMapperSeedModel))
    contenders += [
        Contender(name: "JSONSerialization", run: foundationJSONSerialization),
        Contender(name: "YajlMapper GitHub model", applies: github, run: yajlMapperGitHubModel),
    ]
    for pair in allModelPairs() {
        contenders += pair.contenders
    }
    contenders += githubEncoderContenders()
    contenders += parallelContenders()
    contenders += inputFileContenders()
    contenders += eventFileContenders()
    return contenders
}

let ceilingName = "yajl callbacks (ceiling)"
let decoderName = "JSONDecoder seed model"

// MARK: (a) yajl with empty callbacks

/// Every callback set (yajl_number too, so numbers are never converted), each returning 1.
/// The struct lives at a stable address for the process: yajl keeps the pointer.
nonisolated(unsafe) private let emptyCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let callbacks = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    callbacks.initialize(
        to: yajl_callbacks(
            yajl_null: { _ in 1 },
            yajl_boolean: { _, _ in 1 },
            yajl_integer: { _, _ in 1 },
            yajl_double: { _, _ in 1 },
            yajl_number: { _, _, _ in 1 },
            yajl_string: { _, _, _ in 1 },
            yajl_start_map: { _ in 1 },
            yajl_map_key: { _, _, _ in 1 },
            yajl_end_map: { _ in 1 },
            yajl_start_array: { _ in 1 },
            yajl_end_array: { _ in 1 }
        ))
    return callbacks
}()

/// The ceiling: what yajl itself costs when every event is delivered and ignored.
/// Calls `yajl_alloc`, `yajl_parse`, `yajl_complete_parse`, `yajl_free` directly.
func yajlCeiling(_ payload: Payload) throws -> Int {
    guard let handle = yajl_alloc(emptyCallbacks, nil, nil) else {
        throw BenchmarkError(description: "yajl_alloc failed")
    }
    defer { yajl_free(handle) }
    let status = payload.bytes.withUnsafeBufferPointer { buffer in
        let parsed = yajl_parse(handle, buffer.baseAddress, buffer.count)
        return parsed == yajl_status_ok ? yajl_complete_parse(handle) : parsed
    }
    guard status == yajl_status_ok else {
        throw BenchmarkError(description: "yajl_parse status \(status.rawValue)")
    }
    return yajl_get_bytes_consumed(handle)
}

// MARK: (b) YajlMapper validation

func yajlMapperValidate(_ payload: Payload) throws -> Int {
    let handler = try JSONStreamParser<DiscardEvents>.parse(payload.bytes, handler: DiscardEvents())
    blackHole(handler)
    return payload.bytes.count
}

/// `JSONValidation.validate(bytes, jobs: 0)`: the page split and checked on every core.
func yajlMapperValidateAllCores(_ payload: Payload) throws -> Int {
    try JSONValidation.validate(payload.bytes, jobs: 0)
    return payload.bytes.count
}

// MARK: (c) YajlMapper JSON value

/// `try JSON(parsing: bytes)`, the YajlMapper value tree (Sources/YajlMapper/Value).
///
/// Returns nil to leave the row out (it was behind this switch until `JSON(parsing:)` existed).
func jsonValueContender() -> Contender? {
    Contender(name: "YajlMapper JSON value") { payload in
        let value = try JSON(parsing: payload.bytes)
        blackHole(value)
        return 1
    }
}

// MARK: (c2) YajlMapper mapping the seed model from the stream

func yajlMapperSeedModel(_ payload: Payload) throws -> Int {
    let page = try Mapper<SeedRepositories>(jobs: 1).map(data: payload.bytes)
    blackHole(page)
    return page.items.count &+ page.totalCount
}

// MARK: (d) Foundation JSONSerialization

func foundationJSONSerialization(_ payload: Payload) throws -> Int {
    let object = try JSONSerialization.jsonObject(with: payload.data)
    guard let envelope = object as? [String: Any] else {
        throw BenchmarkError(description: "not an object")
    }
    blackHole(object)
    return envelope.count
}

// MARK: (b2) YajlMapper events delivered to an empty handler (the cost of event dispatch)

struct KeyCounter: JSONEventHandler {
    var keys = 0
    mutating func key(_ name: JSONBytes) { keys &+= 1 }
}

func yajlMapperEvents(_ payload: Payload) throws -> Int {
    let handler = try JSONStreamParser.parse(payload.bytes, handler: KeyCounter())
    return handler.keys
}

func yajlMapperSkipAll(_ payload: Payload) throws -> Int {
    let page = try Mapper<SkipAllRepositories>(jobs: 1).map(data: payload.bytes)
    return page.items.count
}
