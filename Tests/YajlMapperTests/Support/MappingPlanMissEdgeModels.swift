import Foundation
import Testing

@testable import YajlMapper

// Adversarial cases of plan misses (see MappingPlanMissTests): each compares the models with a
// whole-object mapping and checks that each mapping ran once, or twice where its unit missed.
// Plans are per root shape and process: every test has its own tags.
enum EdgeT01 {}; enum EdgeT02 {}; enum EdgeT03 {}; enum EdgeT04 {}; enum EdgeT05 {}; enum EdgeT06 {}
enum EdgeT07 {}; enum EdgeT08 {}; enum EdgeT09 {}; enum EdgeT10 {}; enum EdgeT11 {}; enum EdgeT12 {}
enum EdgeT13 {}; enum EdgeT14 {}; enum EdgeT15 {}; enum EdgeT16 {}; enum EdgeT17 {}; enum EdgeT18 {}
enum EdgeT19 {}; enum EdgeT20 {}; enum EdgeT21 {}; enum EdgeT22 {}; enum EdgeT23 {}; enum EdgeT24 {}
enum EdgeT25 {}; enum EdgeT26 {}; enum EdgeT27 {}
/// A fresh tag per step (`EdgeS<EdgeS<T>>`: a stream test wants one per chunk size).
enum EdgeS<T> {}
/// The reference mapping's tag: whole objects, no plan.
enum EdgeOracle<T> {}
struct EdgeContext: MapContext {}

/// Each mapping run by type and id (an empty id is not noted); switches; a cache.
final class EdgeRuns: @unchecked Sendable {
    static let shared = EdgeRuns()
    private let lock = NSLock()
    private var runs: [String: [String]] = [:], switches: Set<String> = [], cache: [String: AnyObject] = [:]
    func note(_ type: Any.Type, _ id: String) {
        if !id.isEmpty { lock.withLock { runs["\(type)", default: []].append(id) } }
    }
    func take(_ type: Any.Type) -> [String] { lock.withLock { runs.removeValue(forKey: "\(type)") ?? [] }.sorted() }
    func turnOn(_ type: Any.Type) { _ = lock.withLock { switches.insert("\(type)") } }
    func isOn(_ type: Any.Type) -> Bool { lock.withLock { switches.contains("\(type)") } }
    func cached(_ key: String, _ make: () -> AnyObject) -> AnyObject {
        lock.withLock {
            if cache[key] == nil { cache[key] = make() }; return cache[key]!
        }
    }
}

/// Per token of `kind` (`a+dot`, ...) a read that a plan learned from other kinds does not list.
struct EdgeItem<Tag>: Mappable {
    var id = "", kind = "", common = 0
    var first: Int?, a: Int?, late: Int?, dotted: Int?, pathed: Int?, arrow: Int?, opt: Int? = 5
    var has: Bool?, value: String?, second: String?, keys: [String]?, date: Date?, detail: EdgeDetail<Tag>?,
        kids: [String]?
    init?(map: Map) {}
    init() {}
    mutating func mapping(map: Map) {
        if EdgeRuns.shared.isOn(Self.self) { first <- map["first"] }
        id <- map["id"]
        kind <- map["kind"]
        EdgeRuns.shared.note(Self.self, id)
        let tokens = kind.split(separator: "+")
        for token in tokens {
            switch token {
            case "a": a <- map["a"]
            case "dot": dotted <- map["x.y", nested: false]
            case "path": pathed <- map["x.y"]
            case "arrow": arrow <- map["p->q", delimiter: "->"]
            case "nil": opt <- map["opt", ignoreNil: true]
            case "has": has = map["maybe"].isKeyPresent
            case "value": value = map["v"].currentValue.map { "\($0)" }
            case "index": second <- map["list.1.name"]
            case "json": keys = map.JSON.keys.sorted()
            case "date": date <- (map["d"], DateTransform())
            case "detail": detail <- map["detail"]
            case "kids": var children: [EdgeItem<Tag>]?; children <- map["items"]; kids = children?.map(\.summary)
            default: break
            }
        }
        common <- map["common"]
        if tokens.contains("late") { late <- map["late"] }
    }
    /// The fields set, as text (the same for every tag).
    var summary: String {
        Mirror(reflecting: self).children.compactMap { child in
            let mirror = Mirror(reflecting: child.value)
            guard mirror.displayStyle == .optional else { return "\(child.label!)=\(child.value)" }
            return mirror.children.first.map { "\(child.label!)=\($0.value)" }
        }.joined(separator: " ")
    }
}

/// Reads `size` only when its name starts with "big".
struct EdgeDetail<Tag>: Mappable, CustomStringConvertible {
    var name = "", size: Int?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        EdgeRuns.shared.note(Self.self, name)
        if name.hasPrefix("big") { size <- map["size"] }
    }
    var description: String { "\(name)/\(size.map(String.init) ?? "-")" }
}

/// Reads `extra` before its items for kind "x", its items as details for kind "alt", and at
/// `pages.1.items` when switched on.
struct EdgeBox<Tag>: Mappable {
    var id = "", kind = "", extra: Int?, items: [EdgeItem<Tag>] = [], alts: [EdgeDetail<Tag>]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        id <- map["id"]
        kind <- map["kind"]
        EdgeRuns.shared.note(Self.self, id)
        if kind.contains("x") { extra <- map["extra"] }
        if kind.contains("alt") {
            alts <- map["items"]
        } else {
            items <- map[EdgeRuns.shared.isOn(Self.self) ? "pages.1.items" : "items"]
        }
    }
}

struct EdgeHolder<Tag>: Mappable {
    var box: EdgeBox<Tag>?
    init?(map: Map) {}
    mutating func mapping(map: Map) { box <- map["c"] }
}

/// Shapes, holders several levels deep, boxes in a dictionary, collections of items.
struct EdgeDeep<Tag>: Mappable {
    var shapes: [EdgeShape<Tag>]?, holders: [EdgeHolder<Tag>]?, groups: [String: EdgeBox<Tag>]?
    var grid: [[EdgeItem<Tag>]]?, lists: [String: [EdgeItem<Tag>]]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        holders <- map["a.b"]; groups <- map["groups"]; grid <- map["grid"]; lists <- map["lists"];
        shapes <- map["shapes"]
    }
}

/// Takes its instance from a cache, an ``EdgeCircle`` for type "circle": `type` and `radius`
/// are read only for some objects, outside a plan learned from the others.
class EdgeShape<Tag>: StaticMappable {
    var id = "", log: [String] = []
    static func objectForMapping(map: Map) -> (any BaseMappable)? {
        guard let id: String = map["id"].value() else { return EdgeShape<Tag>() }
        let type: String? = map["type"].value()
        return EdgeRuns.shared.cached("\(Tag.self)/\(id)") { type == "circle" ? EdgeCircle<Tag>() : EdgeShape<Tag>() }
            as? EdgeShape<Tag>
    }
    func mapping(map: Map) {
        id <- map["id"]
        EdgeRuns.shared.note(EdgeShape<Tag>.self, id)
        log.append("shape")
    }
}

final class EdgeCircle<Tag>: EdgeShape<Tag> {
    var radius: Int?
    override func mapping(map: Map) {
        super.mapping(map: map)
        radius <- map["radius"]
        log.append("circle \(radius ?? -1)")
    }
}

let edgeKinds = [
    "b", "a", "dot+path", "arrow+nil", "has+value", "index+json", "date+detail", "a+late",
    "detail", "json+a+dot", "nil", "value+has+late",
]

/// Element `i`: keys in varying orders, unread keys, repeated keys (the first value counts).
func edgeElement(_ id: String, _ i: Int) -> String {
    var members = [
        #""id": "\#(id)""#, #""kind": "\#(edgeKinds[i % edgeKinds.count])""#, #""a": \#(i)"#, #""x.y": \#(100 + i)"#,
        #""x": {"y": \#(200 + i), "z": [1]}"#, #""p": {"q": \#(300 + i)}"#, #""opt": null"#,
        i % 2 == 0 ? #""v": "s\#(i)""# : #""v": [\#(i), null]"#, #""list": [{"name": "n0"}, {"name": "n\#(i)"}]"#,
        #""d": \#(1000 * i)"#, #""detail": {"size": \#(i), "name": "\#(i % 3 == 0 ? "big" : "d")\#(id)"}"#,
        #""late": \#(-i)"#, #""common": \#(i * 10)"#, #""name": "e\#(id)""#, #""noise": {"deep": [1, {"z": null}]}"#,
    ]
    if i % 2 == 1 { members.append(#""maybe": null"#) }
    if i % 4 == 3 { members.append(#""a": 999, "kind": "b", "common": -1"#) }
    if i % 3 == 1 { members.reverse() }
    return "{" + members.joined(separator: ", ") + "}"
}

/// Elements with the whole-object mapping of each, and the runs it made (each object once).
struct EdgePage {
    var elements: [String], summaries: [String], items: [String], details: [String]
    var text: String { "[\n    " + elements.joined(separator: ",\n    ") + "\n  ]" }
}

func edgePage<Tag>(_: Tag.Type, _ prefix: String, _ indexes: Range<Int>) throws -> EdgePage {
    try edgeOracle(Tag.self, indexes.map { edgeElement("\(prefix)\($0)", $0) })
}

func edgeOracle<Tag>(_: Tag.Type, _ elements: [String]) throws -> EdgePage {
    let summaries = try elements.map { text -> String in
        let object = try JSON(parsing: text, duplicateKeys: .useFirst).foundationValue as! [String: Any]
        var item = EdgeItem<EdgeOracle<Tag>>()
        item.mapping(map: Map(mappingType: .fromJSON, JSON: object))
        return item.summary
    }
    let runs = edgeRuns(EdgeOracle<Tag>.self)
    return EdgePage(elements: elements, summaries: summaries, items: runs.items, details: runs.details)
}

/// Every mapping in `expected` ran, and none more than twice (once more after a miss).
func expectRunOnceOrTwice(
    _ runs: [String], _ expected: [String], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    var counts: [String: Int] = [:]
    for run in runs { counts[run, default: 0] += 1 }
    #expect(Set(counts.keys) == Set(expected), comment, sourceLocation: sourceLocation)
    #expect(counts.values.allSatisfy { $0 <= 2 }, comment, sourceLocation: sourceLocation)
}

func edgeRuns<Tag>(_: Tag.Type) -> (items: [String], details: [String]) {
    (EdgeRuns.shared.take(EdgeItem<Tag>.self), EdgeRuns.shared.take(EdgeDetail<Tag>.self))
}

/// "keyPath line:column" per problem.
func edgeProblems(_ problems: [MappingProblem]) -> [String] {
    problems.map { "\($0.keyPath) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
}

/// Runs `body` with a fresh tag for each step: `EdgeS<T>`, `EdgeS<EdgeS<T>>`, ...
protocol EdgeFreshTagBody { func run<Tag>(_: Tag.Type, step: Int) throws }
func edgeEachFreshTag<T>(_: T.Type, from step: Int, to end: Int, _ body: some EdgeFreshTagBody) throws {
    guard step < end else { return }
    try body.run(EdgeS<T>.self, step: step)
    try edgeEachFreshTag(EdgeS<T>.self, from: step + 1, to: end, body)
}

/// Three streamed items: a nested model read outside the plan, `map.JSON`, a problem after a miss.
struct EdgeStreamCheck: EdgeFreshTagBody {
    static let text = """
        {"n": 1, "items": [
          {"id": "s0", "kind": "a+detail", "a": 1, "detail": {"name": "bigA", "size": 2}, "common": 3},
          {"kind": "json", "id": "s1", "z": [1, {"q": null}], "common": 4},
          {"id": "s2", "kind": "a+late", "late": 5, "a": "bad", "common": 6}
        ], "after": true}
        """
    let expected: [String]
    func run<Tag>(_: Tag.Type, step: Int) throws {
        let (models, summary) = try StrmFixture.push(Self.text, chunk: step + 1, mapper: Mapper<EdgeItem<Tag>>())
        #expect(models.map(\.summary) == expected, "chunk \(step + 1)")
        #expect(edgeProblems(summary.problems) == ["items[2].a 4:50"], "chunk \(step + 1)")
        let runs = edgeRuns(Tag.self)
        // An element that missed the plan was mapped again.
        expectRunOnceOrTwice(runs.items, ["s0", "s1", "s2"], "chunk \(step + 1)")
        expectRunOnceOrTwice(runs.details, ["bigA"], "chunk \(step + 1)")
    }
}
