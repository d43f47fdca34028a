import Foundation

@testable import YajlMapper

// Models with dynamic mappings (reads that depend on values, presence, the raw object, or the
// instance `objectForMapping` chose), and generated pages for them, for
// MappingDynamicDifferentialTests.swift. Every model is generic over an epoch, so each test
// learns its own plans. `init?(map:)` is declared in an extension, so the oracle can make
// the expected models with the memberwise initialisers.

/// Where one epoch's items were mapped in the last run: before their page's mapping began
/// (never, as in ObjectMapper), or while the page read them.
final class DynPathProbe: @unchecked Sendable {
    private let lock = NSLock()
    /// 0 before the page's mapping, 1 while it reads its items, 2 after.
    private var phase = 0
    private var counts = (early: 0, late: 0)
    func reset() { lock.withLock { (phase, counts) = (0, (0, 0)) } }
    func page() { lock.withLock { phase = 1 } }
    func pinned() { lock.withLock { phase = 2 } }
    func item() {
        lock.withLock {
            if phase == 0 { counts.early += 1 } else if phase == 1 { counts.late += 1 }
        }
    }
    var early: Int { lock.withLock { counts.early } }
    var late: Int { lock.withLock { counts.late } }
}

/// Each test maps its own types (`…F` epochs learn their plans on the fast path first,
/// `…G` ones on the general path first).
protocol DynEpoch: Sendable { static var probe: DynPathProbe { get } }
enum DynAF: DynEpoch { static let probe = DynPathProbe() }
enum DynAG: DynEpoch { static let probe = DynPathProbe() }
enum DynBF: DynEpoch { static let probe = DynPathProbe() }
enum DynBG: DynEpoch { static let probe = DynPathProbe() }
enum DynCF: DynEpoch { static let probe = DynPathProbe() }
enum DynCG: DynEpoch { static let probe = DynPathProbe() }
enum DynDF: DynEpoch { static let probe = DynPathProbe() }
enum DynDG: DynEpoch { static let probe = DynPathProbe() }
enum DynEF: DynEpoch { static let probe = DynPathProbe() }
enum DynEG: DynEpoch { static let probe = DynPathProbe() }

/// A model mapped as the items of a page.
protocol DynItem: BaseMappable, Equatable {
    associatedtype Epoch: DynEpoch
}

/// A context the models ignore: it only sends the mapper down the general path.
struct IgnoredContext: MapContext {}

/// The page every test maps: its items, and one more item alone (a nested model of the
/// same type, never built on the fast path).
struct DynPage<Item: DynItem>: Mappable, Equatable {
    var total = 0
    var items: [Item]?
    var pinned: Item?
    mutating func mapping(map: Map) {
        Item.Epoch.probe.page()
        total <- map["total"]
        items <- map["items"]
        Item.Epoch.probe.pinned()
        pinned <- map["pinned"]
    }
}
extension DynPage { init?(map: Map) {} }

// MARK: 1. Reads that depend on a value

struct DynAccount<E: DynEpoch>: Mappable, DynItem {
    typealias Epoch = E
    var kind = ""
    var id: Int?
    var login: String?
    var name: String?
    var followers = -1
    var verified: Bool!
    /// For a bot: its `stats` object whole, which other kinds read one value of.
    var stats: String?
    mutating func mapping(map: Map) {
        E.probe.item()
        kind <- map["kind"]
        id <- map["id"]
        if kind == "user" {
            login <- map["login"]
            followers <- map["stats.followers"]
        } else if kind == "org" {
            name <- map["org.name"]
            verified <- map["org.verified"]
        } else {
            if kind == "bot" { stats = dynDescribe(map["stats"].currentValue) }
            name <- map["fallback_name"]
        }
    }
}
extension DynAccount { init?(map: Map) {} }

/// The same choice in an immutable model: a value it cannot read fails the element.
struct DynFrozen<E: DynEpoch>: ImmutableMappable, DynItem {
    typealias Epoch = E
    let kind: String
    let login: String?
    let orgName: String?
    let followers: Int
    /// Read with `try?`: a value of the wrong kind is `nil`, and no problem.
    let nickname: String?
}
extension DynFrozen {
    init(map: Map) throws {
        E.probe.item()
        kind = try map.value("kind")
        if kind == "user" {
            let login: String = try map.value("login")
            self.login = login
            orgName = nil
            followers = try map.value("stats.followers", default: 0)
        } else {
            login = nil
            orgName = try map.value("org.name") as String?
            followers = 0
        }
        nickname = (try? map.value("nick") as String?) ?? nil
    }
}

// MARK: 2. Presence, current values and a loop over counted keys

struct DynProbe<E: DynEpoch>: Mappable, DynItem {
    typealias Epoch = E
    var label: String?
    var labelFrom = ""
    var hasNote = false
    var note: String?
    var count = 0
    var fields: [String?] = []
    var extra: String?
    var extraPresent = false
    var metric: Double?
    var nick: String? = "anon"
    mutating func mapping(map: Map) {
        E.probe.item()
        label <- map["label"]
        if map.isKeyPresent {
            labelFrom = "label"
        } else {
            label <- map["title"]
            labelFrom = "title"
        }
        hasNote = map["note"].isKeyPresent
        if hasNote { note <- map["note"] }
        count <- map["field_count"]
        for i in 0..<min(max(count, 0), 6) {
            var field: String?
            field <- map["field\(i)"]
            fields.append(field)
        }
        extra = dynDescribe(map["extra"].currentValue)
        extraPresent = map.isKeyPresent
        if map["score"].isKeyPresent { metric <- map["score"] } else { metric <- map["rank"] }
        nick <- map["nick", ignoreNil: true]
    }
}
extension DynProbe { init?(map: Map) {} }

// MARK: 3. Instances chosen by a `type` field

/// ObjectMapper's polymorphism: `objectForMapping` picks the subclass; each subclass maps
/// its own keys after its superclass's.
class DynShape<E: DynEpoch>: StaticMappable, DynItem, CustomStringConvertible {
    typealias Epoch = E
    var type: String?
    var id = 0
    init() {}
    class func objectForMapping(map: Map) -> BaseMappable? {
        guard let type: String = map["type"].value() else { return nil }
        switch type {
        case "circle": return DynCircle<E>()
        case "rect": return DynRect<E>()
        case "skip": return nil
        default: return DynShape<E>()
        }
    }
    func mapping(map: Map) {
        E.probe.item()
        type <- map["type"]
        id <- map["id"]
    }
    /// What `==` compares (with the class).
    var fields: String { "\(type ?? "nil") \(id)" }
    var description: String { "\(Swift.type(of: self))(\(fields))" }
    static func == (a: DynShape, b: DynShape) -> Bool {
        ObjectIdentifier(Swift.type(of: a)) == ObjectIdentifier(Swift.type(of: b)) && a.fields == b.fields
    }
}

final class DynCircle<E: DynEpoch>: DynShape<E> {
    var radius: Double?
    override func mapping(map: Map) {
        super.mapping(map: map)
        radius <- map["radius"]
    }
    // (`-0` is `-0.0` here and `0` from `JSONSerialization`: equal numbers.)
    override var fields: String { super.fields + " r \(radius.map { "\($0 == 0 ? 0 : $0)" } ?? "nil")" }
}

final class DynRect<E: DynEpoch>: DynShape<E> {
    var width = 0
    var height = 0
    var corner: DynPoint<E>?
    override func mapping(map: Map) {
        super.mapping(map: map)
        width <- map["size.w"]
        height <- map["size.h"]
        corner <- map["corner"]
    }
    override var fields: String { super.fields + " \(width)x\(height) \(corner.map { "\($0)" } ?? "nil")" }
}

struct DynPoint<E>: Mappable, Equatable {
    var x: Int?
    var y: Int?
    mutating func mapping(map: Map) {
        x <- map["x"]
        y <- map["y"]
    }
}
extension DynPoint { init?(map: Map) {} }

/// A struct whose `objectForMapping` sets what its mapping then reads.
struct DynEvent<E: DynEpoch>: StaticMappable, DynItem {
    typealias Epoch = E
    enum Variant: String { case push, issue, other }
    var variant = Variant.other
    var actor: String?
    var commits = 0
    var refs: [String]?
    var firstRef: String?
    var title: String?
    var number: Int?
    static func objectForMapping(map: Map) -> BaseMappable? {
        guard let name = map["event"].currentValue as? String else { return DynEvent() }
        if name == "skip" { return nil }
        return DynEvent(variant: Variant(rawValue: name) ?? .other)
    }
    mutating func mapping(map: Map) {
        E.probe.item()
        actor <- map["actor.login"]
        switch variant {
        case .push:
            commits <- map["payload.size"]
            refs <- map["payload.refs"]
            firstRef <- map["payload.refs.0"]
        case .issue:
            title <- map["payload.issue.title"]
            number <- map["payload.issue.number"]
        case .other:
            break
        }
    }
}

// MARK: 4. The raw object, and a nested model read conditionally

struct DynRaw<E: DynEpoch>: Mappable, DynItem {
    typealias Epoch = E
    var id: Int?
    var mode = ""
    var keys: [String] = []
    var whole: String?
    var org: String?
    mutating func mapping(map: Map) {
        E.probe.item()
        id <- map["id"]
        mode <- map["mode"]
        if mode == "raw" {
            let raw = map.JSON
            keys = raw.keys.sorted()
            whole = dynDescribe(raw)
        } else if mode == "value" {
            let value = map.jsonValue
            keys = (value.object?.keys ?? []).sorted()
            org = dynDescribe(value.object?["org"]?.foundationValue)
        }
    }
}
extension DynRaw { init?(map: Map) {} }

struct DynHolder<E: DynEpoch>: Mappable, DynItem {
    typealias Epoch = E
    var id: Int?
    var hasOwner = false
    var owner: DynOwner<E>?
    var ownerID: Int?
    mutating func mapping(map: Map) {
        E.probe.item()
        id <- map["id"]
        hasOwner <- map["has_owner"]
        if hasOwner { owner <- map["owner"] } else { ownerID <- map["owner.id"] }
    }
}
extension DynHolder { init?(map: Map) {} }

/// Refuses an object without a `login` (ObjectMapper's failable initialiser).
struct DynOwner<E>: Mappable, Equatable {
    var login = ""
    var id: Int?
    var type: String?
    var members: [DynMember<E>]?
    var memberCount: Int?
    mutating func mapping(map: Map) {
        login <- map["login"]
        id <- map["id"]
        type <- map["type"]
        // The same key as models, or as a value.
        if type == "Organization" {
            members <- map["members"]
        } else {
            memberCount = (map["members"].currentValue as? [Any])?.count
        }
    }
}
extension DynOwner {
    init?(map: Map) {
        if map["login"].currentValue == nil { return nil }
    }
}

struct DynMember<E>: Mappable, Equatable {
    var name: String?
    var role = "member"
    mutating func mapping(map: Map) {
        name <- map["name"]
        if name?.hasPrefix("a") == true { role <- map["role"] }
    }
}
extension DynMember { init?(map: Map) {} }

// MARK: 5. Reads that change after the first elements

struct DynPhased<E: DynEpoch>: Mappable, DynItem {
    typealias Epoch = E
    var seq = -1
    var alpha: String?
    var beta: Int?
    var tags: [String]?
    var delta: Double?
    var deep: String?
    mutating func mapping(map: Map) {
        E.probe.item()
        seq <- map["seq"]
        if seq < 2 {
            alpha <- map["alpha"]
        } else if seq < 5 {
            beta <- map["beta"]
            tags <- map["tags"]
        } else {
            delta <- map["gamma.delta"]
            deep <- map["gamma.inner.deep"]
            alpha <- map["alpha"]
        }
    }
}
extension DynPhased { init?(map: Map) {} }

// MARK: Foundation values as comparable text

/// A Foundation value (from `map.currentValue`, `map.JSON` or `JSONSerialization`) as text
/// that is the same for the same JSON: numbers by their `Double` value, booleans apart from
/// numbers, object keys sorted; `nil` for `nil` and `NSNull`.
func dynDescribe(_ value: Any?) -> String? {
    guard let value, !(value is NSNull) else { return nil }
    return dynText(value)
}

private func dynText(_ value: Any) -> String {
    if value is NSNull { return "null" }
    if type(of: value) == Bool.self { return "\(value as! Bool)" }
    if let string = value as? String { return string.debugDescription }
    if let number = value as? NSNumber {
        if dynIsBool(number) { return "\(number.boolValue)" }
        return "#\(dynDouble(number))"
    }
    if let array = value as? [Any] { return "[" + array.map(dynText).joined(separator: ",") + "]" }
    if let object = value as? [String: Any] {
        return "{"
            + object.keys.sorted().map { "\($0.debugDescription):\(dynText(object[$0]!))" }.joined(separator: ",") + "}"
    }
    return "?\(type(of: value))"
}

/// `JSONSerialization`'s `true` and `false` (the library gives Swift's `Bool`).
func dynIsBool(_ number: NSNumber) -> Bool {
    !(number is NSDecimalNumber) && String(cString: number.objCType) == "c"
}

/// The nearest `Double` (a decimal through its exact text: Linux's conversion of an
/// `NSDecimalNumber` to `Double` is not always the nearest).
func dynDouble(_ number: NSNumber) -> Double {
    number is NSDecimalNumber ? Double(number.description) ?? .nan : number.doubleValue
}

// MARK: Generated pages

/// Pages of items with every key the models above read (and keys none reads), each key
/// present or not at random.
enum DynPages {
    static let logins = ["octocat", "ÉquipeÉté", "日本ユーザー", "quote \" and \\ slash /", "tab\there", "", "🎮"]
    static let names = ["alice", "ann", "bob", "carl", "a"]
    /// Numbers every conversion decides the same way from their text and from
    /// `JSONSerialization`'s values (not `1e400`, which `JSONSerialization` refuses).
    static let numbers = [
        "0", "7", "-3", "1.5", "1e3", "1.0", "-0", "12.50", "1E+2", "2e-2", "0.1", "4.9e-324",
        "1.7976931348623157e308", "99999999999999999999", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1e19",
        "123456789012345678901234567890", "5", "2", "6",
    ]
    /// Values that choose a branch of some model's mapping, or none.
    static var discriminators: [DiffJSON] {
        [
            .string("user"), .string("org"), .string("USER"), .string(""), .string("circle"), .string("rect"),
            .string("triangle"), .string("skip"), .string("push"), .string("issue"), .string("raw"), .string("value"),
            .string("Organization"), .number("1"), .number("6"), .number("-1"), .number("2.5"),
            .number("99999999999999999999"), .null, .bool(true), .bool(false), .array([]), .object([]),
        ]
    }

    static func number(_ r: inout TestRandom, below n: Int) -> DiffJSON { .number(String(r.below(n))) }

    static func string(_ r: inout TestRandom) -> DiffJSON {
        r.percent(80) ? .string(r.pick(logins)) : .string(r.pick(DiffPages.strings))
    }

    static func element(_ r: inout TestRandom, _ index: Int) -> DiffJSON {
        var m: [(key: String, value: DiffJSON)] = [
            ("id", number(&r, below: 1_000_000)), ("seq", .number(String(index))),
        ]
        m.append(("node_id", .string("MDQ6VXNlcj\(index)")))
        m.append(("kind", .string(r.pick(["user", "user", "org", "org", "bot", ""]))))
        m.append(("login", string(&r)))
        if r.percent(80) {
            m.append(
                (
                    "org",
                    .object([("id", number(&r, below: 99)), ("name", string(&r)), ("verified", .bool(r.percent(50)))])
                ))
        }
        if r.percent(85) {
            m.append(
                ("stats", .object([("following", number(&r, below: 50)), ("followers", number(&r, below: 5000))])))
        }
        if r.percent(60) { m.append(("fallback_name", string(&r))) }
        if r.percent(60) { m.append(("label", string(&r))) }
        if r.percent(60) { m.append(("title", string(&r))) }
        if r.percent(50) { m.append(("note", r.percent(25) ? .null : string(&r))) }
        let count = r.below(5)
        if r.percent(85) { m.append(("field_count", .number(String(count)))) }
        for i in 0...count where r.percent(80) {
            m.append(("field\(i)", r.percent(10) ? number(&r, below: 9) : string(&r)))
        }
        if r.percent(60) { m.append(("extra", DiffPages.value(&r))) }
        if r.percent(50) { m.append(("score", .number(r.pick(["0.5", "12", "3.25", "1e1"])))) }
        if r.percent(60) { m.append(("rank", .number(r.pick(["3", "7.5"])))) }
        if r.percent(60) { m.append(("nick", r.percent(30) ? .null : string(&r))) }
        if r.percent(90) {
            m.append(("type", .string(r.pick(["circle", "rect", "square", "skip", "circle", "rect"]))))
        }
        m.append(("radius", .number(r.pick(["1.5", "2", "0.25", "1e1"]))))
        m.append(("size", .object([("w", number(&r, below: 100)), ("h", number(&r, below: 100))])))
        if r.percent(70) { m.append(("corner", .object([("x", number(&r, below: 9)), ("y", number(&r, below: 9))]))) }
        m.append(("url", .string("https://api.example.com/items/\(index)")))
        if r.percent(85) { m.append(("event", .string(r.pick(["push", "issue", "watch", "skip", "push", "issue"])))) }
        m.append(("actor", .object([("id", number(&r, below: 99)), ("login", string(&r))])))
        m.append(
            (
                "payload",
                .object([
                    ("size", number(&r, below: 20)),
                    ("refs", .array((0..<r.below(3)).map { _ in .string(r.pick(["main", "dev", "v1.0"])) })),
                    ("issue", .object([("number", number(&r, below: 500)), ("title", string(&r))])),
                ])
            ))
        m.append(("mode", .string(r.pick(["raw", "value", "plain", "plain"]))))
        m.append(("has_owner", .bool(r.percent(60))))
        if r.percent(85) {
            var owner: [(key: String, value: DiffJSON)] = [("id", number(&r, below: 9999))]
            if r.percent(90) { owner.append(("login", string(&r))) }
            owner.append(("type", .string(r.pick(["User", "Organization"]))))
            owner.append(
                (
                    "members",
                    .array(
                        (0..<r.below(4)).map { _ in
                            .object([("name", .string(r.pick(names))), ("role", .string(r.pick(["admin", "owner"])))])
                        })
                ))
            m.append(("owner", .object(owner)))
        }
        m.append(("alpha", string(&r)))
        m.append(("beta", number(&r, below: 1000)))
        m.append(("tags", .array((0..<r.below(3)).map { _ in .string(r.pick(["x", "y", "ü"])) })))
        m.append(
            (
                "gamma",
                .object([
                    ("delta", .number(r.pick(["0.5", "2", "1e-3"]))),
                    ("inner", .object([("deep", string(&r))])),
                ])
            ))
        if r.percent(25) { m.append(("meta", DiffPages.value(&r))) }
        if r.percent(20) { r.shuffle(&m) }
        return .object(m)
    }

    static func page(_ r: inout TestRandom, count: Int) -> DiffJSON {
        var m: [(key: String, value: DiffJSON)] = [
            ("total", .number(String(count * 3))), ("incomplete_results", .bool(false)),
        ]
        m.append(("items", .array((0..<count).map { element(&r, $0) })))
        if r.percent(35) { m.append(("pinned", element(&r, r.below(8)))) }
        if r.percent(20) { r.shuffle(&m) }
        return .object(m)
    }
}

// MARK: Mutations

enum DynMutation: String, CaseIterable {
    case removeKey, nullValue, retype, repeatKey, reorderKeys, addJunk, nearMissKey, discriminator, numberEdge
    case stringEscapes, emptyObject, stripElement, elementNotObject, removeElement, repeatElement, reorderAllItems
    case itemsShape, rootShape

    /// The keys the models read (mutations mostly change these).
    static let read: Set<String> = [
        "total", "items", "pinned", "kind", "id", "login", "stats", "followers", "org", "name",
        "verified", "fallback_name", "label", "title", "note", "field_count", "field0",
        "field1", "field2", "field3", "field4", "extra", "score", "rank", "nick", "type",
        "radius", "size", "w", "h", "corner", "x", "y", "event", "actor", "payload", "refs",
        "issue", "number", "mode", "has_owner", "owner", "members", "role", "seq", "alpha",
        "beta", "tags", "gamma", "delta", "inner", "deep",
    ]

    /// Applies the mutation somewhere in `page`; `false` when it found nowhere to apply.
    func apply(to page: inout DiffJSON, _ r: inout TestRandom) -> Bool {
        // Every object's path; the items that are objects, and the objects inside them.
        let objects = DynMutation.objectPaths(in: page)
        let itemsPath: [DiffStep]? = page.member("items").map { [.member($0)] }
        var elements: [[DiffStep]] = [], inside: [[DiffStep]] = []
        if let itemsPath, case .array(let list)? = diffValue(page, at: itemsPath[...]) {
            for (j, element) in list.enumerated() {
                guard case .object = element else { continue }
                let paths = DynMutation.objectPaths(in: element).map { itemsPath + [DiffStep.element(j)] + $0 }
                elements.append(paths[0])
                inside += paths.dropFirst()
            }
        }
        // An object: mostly an item, else an object inside one, else any.
        let roll = r.below(20)
        let anObject: [DiffStep]? =
            roll < 11 && !elements.isEmpty
            ? r.pick(elements)
            : roll < 17 && !inside.isEmpty ? r.pick(inside) : objects.isEmpty ? nil : r.pick(objects)
        switch self {
        case .removeKey, .nullValue, .retype, .repeatKey, .nearMissKey, .discriminator:
            guard let path = anObject, case .object(let members)? = diffValue(page, at: path[...]),
                let changed = changingMember(of: members, &r)
            else { return false }
            diffModify(&page, at: path[...]) { $0 = changed }
        case .numberEdge, .stringEscapes:
            var slots: [([DiffStep], Int)] = []
            for path in objects {
                guard case .object(let members)? = diffValue(page, at: path[...]) else { continue }
                for (i, member) in members.enumerated() {
                    switch (self, member.value) {
                    case (.numberEdge, .number), (.stringEscapes, .string): slots.append((path, i))
                    default: break
                    }
                }
            }
            guard !slots.isEmpty else { return false }
            let (path, i) = r.pick(slots)
            let value: DiffJSON =
                self == .numberEdge ? .number(r.pick(DynPages.numbers)) : .string(r.pick(DiffPages.strings))
            diffModify(&page, at: (path + [.member(i)])[...]) { $0 = value }
        case .reorderKeys, .addJunk, .emptyObject, .stripElement:
            let target: [DiffStep]?
            if self != .stripElement {
                target = anObject
            } else if elements.isEmpty {
                target = nil
            } else {
                target = r.percent(50) ? elements[0] : r.pick(elements)
            }
            guard let path = target, case .object(let members)? = diffValue(page, at: path[...]) else { return false }
            let changed = reshaping(members, &r)
            diffModify(&page, at: path[...]) { $0 = changed }
        case .elementNotObject, .removeElement, .repeatElement, .reorderAllItems, .itemsShape:
            guard let itemsPath, case .array(var list)? = diffValue(page, at: itemsPath[...]) else { return false }
            switch self {
            case .elementNotObject:
                guard !list.isEmpty else { return false }
                let value = r.pick([
                    DiffJSON.null, .number("7"), .string("item"), .bool(false), .array([]), .object([]),
                ])
                list[r.below(list.count)] = value
            case .removeElement:
                guard !list.isEmpty else { return false }
                list.remove(at: r.below(list.count))
            case .repeatElement:
                guard !list.isEmpty else { return false }
                list.insert(r.pick(list), at: r.below(list.count + 1))
            case .reorderAllItems:
                // One new key order for every element (a plan learns the order it sees).
                var ranks: [String: Int] = [:]
                for key in DynMutation.read.sorted() { ranks[key] = r.below(1000) }
                list = list.map { element in
                    guard case .object(let members) = element else { return element }
                    return .object(members.sorted { (ranks[$0.key] ?? 500) < (ranks[$1.key] ?? 500) })
                }
            default:
                diffModify(&page, at: itemsPath[...]) {
                    $0 = r.pick([
                        DiffJSON.null, .object([]), .string("items"), .number("3"), .array([]),
                        .array([.number("1"), .null]),
                    ])
                }
                return true
            }
            diffModify(&page, at: itemsPath[...]) { $0 = .array(list) }
        case .rootShape:
            page = r.pick([DiffJSON.null, .array([page]), .string("page"), .object([]), .number("1")])
        }
        return true
    }

    /// The object with one member changed as this mutation does (`nil`: it has none).
    /// (Plain loops: written with closures over the members, this file alone failed to
    /// recompile in Swift 6.3's incremental builds, "circular reference" through `DiffJSON`.)
    private func changingMember(of object: [(key: String, value: DiffJSON)], _ r: inout TestRandom) -> DiffJSON? {
        var members = object
        if self == .discriminator {
            let key = r.pick(["kind", "type", "event", "mode", "has_owner", "seq", "field_count", "type", "kind"])
            let value = r.pick(DynPages.discriminators)
            var found = false
            for i in members.indices where members[i].key == key && !found {
                members[i].value = value
                found = true
            }
            if !found { members.insert((key, value), at: r.below(members.count + 1)) }
            return .object(members)
        }
        guard !members.isEmpty else { return nil }
        var listed: [Int] = []
        for i in members.indices where DynMutation.read.contains(members[i].key) { listed.append(i) }
        let i = !listed.isEmpty && r.percent(80) ? r.pick(listed) : r.below(members.count)
        switch self {
        case .removeKey: members.remove(at: i)
        case .nullValue: members[i].value = .null
        case .retype: members[i].value = DiffPages.value(&r, notOfKind: members[i].value.kind)
        case .nearMissKey: members[i].key = DiffPages.nearMiss(&r, of: members[i].key)
        default:
            // Mostly after the first (which counts), sometimes before it (then it counts).
            let repeated = r.percent(50) ? DiffPages.value(&r) : r.pick(DynPages.discriminators)
            members.insert(
                (members[i].key, repeated), at: r.percent(70) ? i + 1 + r.below(members.count - i) : r.below(i + 1))
        }
        return .object(members)
    }

    /// The object reordered, grown, emptied or stripped as this mutation does.
    private func reshaping(_ object: [(key: String, value: DiffJSON)], _ r: inout TestRandom) -> DiffJSON {
        var members = object
        switch self {
        case .reorderKeys: r.shuffle(&members)
        case .addJunk:
            let key = r.percent(50) ? r.pick(DynMutation.read.sorted()) : r.pick(DiffPages.unlisted)
            members.insert((key, DiffPages.value(&r)), at: r.below(members.count + 1))
        case .emptyObject: members = []
        default:
            // An item that lacks most keys (the plan may be learned from it).
            let keep = r.below(4), count = members.count
            var kept: [(key: String, value: DiffJSON)] = []
            for member in members where r.below(count) < keep { kept.append(member) }
            members = kept
        }
        return .object(members)
    }

    /// The paths of every object in `value`, in pre-order.
    static func objectPaths(in value: DiffJSON) -> [[DiffStep]] {
        var paths: [[DiffStep]] = []
        var pending: [([DiffStep], DiffJSON)] = [([], value)]
        while let (path, next) = pending.popLast() {
            switch next {
            case .array(let elements):
                pending += elements.indices.reversed().map { (path + [DiffStep.element($0)], elements[$0]) }
            case .object(let members):
                paths.append(path)
                pending += members.indices.reversed().map { (path + [DiffStep.member($0)], members[$0].value) }
            default:
                break
            }
        }
        return paths
    }
}

/// Rows `objectForMapping` takes from a cache by `id`; each reads the key its `field` names.
final class DynCachedRow: StaticMappable, DynItem {
    enum Epoch: DynEpoch { static let probe = DynPathProbe() }
    static let cache = DynRowCache()
    var id = 0
    var field = ""
    var value: String?
    var fallback: String?
    static func objectForMapping(map: Map) -> BaseMappable? {
        guard let id: Int = map["id"].value() else { return DynCachedRow() }
        return cache.row(id)
    }
    func mapping(map: Map) {
        id <- map["id"]
        field <- map["field"]
        if map[field].isKeyPresent { value <- map[field] } else { fallback <- map["fallback"] }
    }
    static func == (a: DynCachedRow, b: DynCachedRow) -> Bool {
        (a.id, a.field, a.value, a.fallback) == (b.id, b.field, b.value, b.fallback)
    }
}

final class DynRowCache: @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [Int: DynCachedRow] = [:]
    private var counter = 0
    func row(_ id: Int) -> DynCachedRow {
        lock.withLock {
            if let row = rows[id] { return row }
            let row = DynCachedRow()
            rows[id] = row
            return row
        }
    }
    func clear() { lock.withLock { rows = [:] } }
    func freshNumber() -> Int {
        lock.withLock {
            counter += 1; return counter
        }
    }
}
