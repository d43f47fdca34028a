import Foundation

@testable import YajlMapper

// Models for MappingPlanMissTests.swift. Each test uses its own `Tag`: plans are learned
// once per type and process.
enum MissTagEager {}
enum MissTagContext {}
enum MissTagReplay {}
enum MissTagStream {}
enum MissTagDictionary {}
enum MissTagNested {}
enum MissTagIndexed {}
enum MissTagLocated {}
enum MissTagWhole {}
enum MissTagImmutable {}
enum MissTagPageFirst {}

/// Counts the mappings of each type that read a non-empty `kind`.
final class MissCounter: @unchecked Sendable {
    static let shared = MissCounter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func bump(_ type: Any.Type) { lock.withLock { counts["\(type)", default: 0] += 1 } }
    func take(_ type: Any.Type) -> Int { lock.withLock { counts.removeValue(forKey: "\(type)") ?? 0 } }
}

struct MissPage<Tag>: Mappable {
    var total = 0
    var items: [PlanBranch<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total"]
        items <- map["items"]
    }
}

/// `items` several containers deep: `data` (a nested model) → `groups` (a dictionary of
/// models) → `pages.1` (an array index) → `items`.
struct MissDeepRoot<Tag>: Mappable {
    var data: MissDeepData<Tag>?
    init?(map: Map) {}
    mutating func mapping(map: Map) { data <- map["data"] }
}

struct MissDeepData<Tag>: Mappable {
    var groups: [String: MissDeepGroup<Tag>] = [:]
    init?(map: Map) {}
    mutating func mapping(map: Map) { groups <- map["groups"] }
}

struct MissDeepGroup<Tag>: Mappable {
    var items: [PlanBranch<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["pages.1.items"] }
}

/// Reads the whole object as `map.JSON` for kind "raw" only.
struct MissRaw<Tag>: Mappable {
    var kind = ""
    var keys: [String] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if !kind.isEmpty { MissCounter.shared.bump(Self.self) }
        if kind == "raw" { keys = map.JSON.keys.sorted() }
    }
}

/// ``PlanBranch`` as an `ImmutableMappable`, with a conditional `map.value`.
struct MissImmutable<Tag>: ImmutableMappable, Equatable {
    let kind: String
    let a: Int
    let common: Int
    init(map: Map) throws {
        kind = try map.value("kind")
        if !kind.isEmpty { MissCounter.shared.bump(Self.self) }
        a = kind == "a" ? try map.value("a") : -1
        common = try map.value("common")
    }
    init(kind: String, a: Int, common: Int) { (self.kind, self.a, self.common) = (kind, a, common) }
}

/// Items whose odd ones have kind "a" (read outside the first plan of ``PlanBranch``), as
/// JSON text.
func missItems(_ count: Int) -> (json: String, expected: [PlanBranch<Never>]) {
    var parts: [String] = [], expected: [PlanBranch<Never>] = []
    for i in 0..<count {
        if i % 2 == 1 {
            parts.append(#"{"kind": "a", "a": \#(i), "b": "unused", "common": \#(i * 10)}"#)
            expected.append(PlanBranch(kind: "a", a: i, common: i * 10))
        } else {
            parts.append(#"{"b": "text\#(i)", "kind": "b", "common": \#(i * 10), "extra": [1]}"#)
            expected.append(PlanBranch(kind: "b", b: "text\(i)", common: i * 10))
        }
    }
    return ("[\n    " + parts.joined(separator: ",\n    ") + "\n  ]", expected)
}

/// A page that reads `note` only when `flagged`, before its items: the first flagged page
/// misses a plan learned from an unflagged one.
struct MissFlaggedPage<Tag>: Mappable {
    var flagged = false
    var note: String?
    var items: [PlanBranch<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        flagged <- map["flagged"]
        if flagged { note <- map["note"] }
        items <- map["items"]
    }
}

struct MissImmutablePage<Tag>: Mappable {
    var items: [MissImmutable<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}
