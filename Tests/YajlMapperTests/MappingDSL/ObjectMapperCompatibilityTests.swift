import Foundation
import Testing
import YajlMapper

// ObjectMapper API that existing code calls, found missing by compiling usage patterns of
// public projects against this package: array and set initialisers, StaticMappable and
// ImmutableMappable entry points, MapError's fields, Mapper's static and Foundation helpers.

private struct Pet: Mappable, Hashable {
    var name: String?
    var age: Int?
    init(name: String? = nil, age: Int? = nil) { (self.name, self.age) = (name, age) }
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        age <- map["age"]
    }
}

/// A class cluster: `kind` picks the subclass.
private class Shape: StaticMappable {
    var sides = 0
    class func objectForMapping(map: Map) -> (any BaseMappable)? {
        map["kind"].currentValue as? String == "square" ? Square() : Shape()
    }
    func mapping(map: Map) { sides <- map["sides"] }
}
private final class Square: Shape {}

private struct Tag: ImmutableMappable, Equatable {
    let label: String
    let weight: Int
    init(label: String, weight: Int) { (self.label, self.weight) = (label, weight) }
    init(map: Map) throws {
        label = try map.value("label")
        weight = try map.value("weight")
        guard weight >= 0 else { throw MapError(key: "weight", currentValue: weight, reason: "must not be negative") }
    }
}

/// Catches the error `map.value` throws and throws it again with its own reason.
private struct Renamed: ImmutableMappable {
    let name: String
    init(map: Map) throws {
        do {
            name = try map.value("name")
        } catch var error as MapError {
            error.reason = "a name is required"
            throw error
        }
    }
}

/// `map["a"].or["b"]`, and a `CGFloat`.
private struct Alias: Mappable, Equatable {
    var name: String?
    var width: CGFloat = 0
    init(name: String? = nil, width: CGFloat = 0) { (self.name, self.width) = (name, width) }
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["username"].or["nickname"]
        width <- map["width"]
    }
}

/// `map.value(_:default:)` for every kind ObjectMapper offers it for.
private struct Defaults: ImmutableMappable {
    let tags: [String], meta: [String: Any], color: Color, pet: Pet, pets: [Pet], seen: Date, maybeTags: [String]?
    let level: Int
    let colors: [Color], widths: [CGFloat], flags: [Bool]?, byName: [String: Pet]
    let labels: Set<String>?
    init(map: Map) throws {
        tags = try map.value("tags", default: [])
        meta = try map.value("meta", default: [:])
        color = try map.value("color", default: Color.red)
        pet = try map.value("pet", default: Pet(name: "none"))
        pets = map.value("pets", default: [Pet]())
        seen = try map.value("seen", default: Date(timeIntervalSince1970: 0), using: DateTransform())
        maybeTags = try map.value("maybeTags")
        // A transform that makes a value of nothing gives it for an absent key too.
        level = try map.value("level", using: TransformOf<Int, Int>(fromJSON: { $0 ?? 42 }, toJSON: { $0 }))
        colors = try map.value("colors", default: [Color.red])
        widths = try map.value("widths", default: [CGFloat]())
        flags = try map.value("flags")
        byName = try map.value("byName", default: [String: Pet]())
        labels = try map.value("labels")
    }
}

/// A model refused by its `init?(map:)`, next to one whose nested model throws.
private struct Leafy: Mappable {
    var tag: Tag?
    init?(map: Map) { if map.JSON["refuse"] != nil { return nil } }
    mutating func mapping(map: Map) { tag <- map["tag"] }
}

/// An immutable model holding one whose `init(map:)` can throw.
private struct TagHolder: ImmutableMappable {
    let tag: Tag
    init(map: Map) throws { tag = try map.value("tag") }
}

/// A tree whose nodes refuse a negative id with their own error.
private struct TreeNode: ImmutableMappable {
    let id: Int
    let children: [TreeNode]
    init(map: Map) throws {
        id = try map.value("id")
        if id < 0 { throw MapError(key: "id", currentValue: id, reason: "negative id") }
        children = try map.value("children")
    }
}

/// Throws for a key that holds a dot.
private struct Dotted: ImmutableMappable {
    let value: Int
    init(map: Map) throws {
        value = try map.value("a.b", nested: false)
        guard value >= 0 else { throw MapError(key: "a.b", currentValue: value, reason: "negative") }
    }
}

private struct TagList: Mappable {
    var tags: [Tag]?
    init?(map: Map) {}
    mutating func mapping(map: Map) { tags <- map["tags"] }
}

private enum Color: String { case red, green }

private struct Leaf: Mappable, Equatable {
    var id = 0
    init(id: Int) { self.id = id }
    init?(map: Map) { if map.JSON["refuse"] != nil { return nil } }
    mutating func mapping(map: Map) { id <- map["id"] }
}

/// Optional properties that start with a value, to see what a present value that cannot be
/// read does to them; and non-optional ones, which keep theirs.
private struct Lenient: Mappable {
    var count: Int? = 1
    var name: String? = "n"
    var ratio: Double? = 0.5
    var color: Color? = .green
    var number: Int? = 2
    var leaf: Leaf? = Leaf(id: 1)
    var leaves: [Leaf]? = [Leaf(id: 1)]
    var counts: [Int]? = [1]
    var plain = 7
    var text = "t"
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        count <- map["count"]
        name <- map["name"]
        ratio <- map["ratio"]
        color <- map["color"]
        number <- (
            map["number"], TransformOf<Int, String>(fromJSON: { $0.flatMap(Int.init) }, toJSON: { $0.map(String.init) })
        )
        leaf <- map["leaf"]
        leaves <- map["leaves"]
        counts <- map["counts"]
        plain <- map["plain"]
        text <- map["text"]
    }
}

private struct Fussy: ImmutableMappable {
    let count: Int?
    init(map: Map) throws { count = try map.value("count") }
}

/// Digits in a string (a new transform per use: `TransformOf` holds closures, not `Sendable`).
private var digits: TransformOf<Int, String> {
    TransformOf(fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map { String($0) } })
}

private struct Grid: Mappable {
    var rows: [[Int]] = []
    var maybe: [[Int]]?
    var tags: Set<Int> = []
    var columns: [String: [Int]] = [:]
    var maybeColumns: [String: [Int]]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        rows <- (map["rows"], digits)
        maybe <- (map["maybe"], digits)
        tags <- (map["tags"], digits)
        columns <- (map["columns"], digits)
        maybeColumns <- (map["maybeColumns"], digits)
    }
}

/// Writes through a transform that has no JSON for 0.
private struct Sparse: Mappable {
    var list: [Int] = [], byKey: [String: Int] = [:], rows: [[Int]] = [], columns: [String: [Int]] = [:]
    var set: Set<Int> = []
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        let nonZero = TransformOf<Int, String>(
            fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0 == 0 ? nil : $0.map { String($0) } })
        list <- (map["list"], nonZero)
        byKey <- (map["byKey"], nonZero)
        rows <- (map["rows"], nonZero)
        columns <- (map["columns"], nonZero)
        set <- (map["set"], nonZero)
    }
}

private struct Scores: ImmutableMappable {
    let list: [Int]
    let byName: [String: Int]
    init(map: Map) throws {
        list = try map.value("list", using: digits)
        byName = try map.value("byName", using: digits)
    }
}

/// Arrays of enums read by an immutable model (ObjectMapper's `map.value` for `[T]` and `[T]?`).
private struct Swatches: ImmutableMappable {
    let colors: [Color]
    let extra: [Color]?
    init(map: Map) throws {
        colors = try map.value("colors")
        extra = try map.value("extra")
    }
}

private final class Inner: Mappable {
    var x: Int?
    var y: Int?
    init() {}
    init?(map: Map) {}
    func mapping(map: Map) {
        x <- map["x"]
        y <- map["y"]
    }
}

private struct Outer: Mappable {
    var inner = Inner()
    var spare: Inner?
    var pet = Pet(name: "keep")
    var byKey: [String: Inner] = [:]
    var pets: [String: Pet]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        inner <- map["inner"]
        spare <- map["spare"]
        pet <- map["pet"]
        byKey <- map["byKey"]
        pets <- map["pets"]
    }
}

private struct Shelf: ImmutableMappable {
    let grid: [[Leaf]]
    let maybeGrid: [[Leaf]]?
    let byKey: [String: Leaf]?
    let codes: [[Int]]
    init(map: Map) throws {
        grid = try map.value("grid")
        maybeGrid = try map.value("maybeGrid")
        byKey = try map.value("byKey")
        codes = try map.value("codes", using: digits)
    }
}

private struct Palette: Mappable {
    var list: [Color] = []
    var byName: [String: Color] = [:]
    var maybe: [Color]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        list <- map["list"]
        byName <- map["byName"]
        maybe <- map["maybe"]
    }
}

/// A `Date` mapped without a transform (Foundation holds it, JSON does not).
private struct Stamp: Mappable {
    var date: Date?
    var note: String?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        date <- map["date"]
        note <- map["note"]
    }
}

/// Values read by the generic cast: `map.value` and `<-` for types Foundation holds.
private struct Casts: ImmutableMappable {
    let ids: [Int]?
    let labels: [String: [Int]]
    init(map: Map) throws {
        ids = try map.value("ids")
        labels = try map.value("labels")
    }
}

private struct CastsMapped: Mappable {
    var extra: [String: Any]?
    var names: [String?] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        extra <- map["extra"]
        names <- map["names"]
    }
}

@Suite("ObjectMapper compatibility: entry points existing code calls")
struct ObjectMapperCompatibilityTests {
    @Test func castProblemsNameTypesAsSwiftWritesThem() throws {
        let optionalArray = #expect(throws: MappingError.self) {
            try Casts(JSONString: #"{"ids": "7", "labels": {}}"#)
        }
        #expect(optionalArray?.first.description == "1:9: ids: expected [Int], found string")
        let nested = #expect(throws: MappingError.self) {
            try Casts(JSONString: #"{"ids": null, "labels": {"a": ["x"]}}"#)
        }
        #expect(nested?.first.description == "1:25: labels: expected [String: [Int]], found object")

        let mapper = Mapper<CastsMapped>()
        let mapped = mapper.map(JSONString: #"{"extra": 5, "names": ["a", null, 3]}"#)
        #expect(mapped?.extra == nil && mapped?.names == [])
        #expect(
            mapper.lastProblems.map(\.description) == [
                "1:11: extra: expected [String: Any], found number 5",
                "1:23: names: expected [String?], found array",
            ])
    }

    @Test func arrayAndSetInitialisers() throws {
        let text = #"[{"name": "Rex", "age": 3}, {"name": "Tom"}]"#
        #expect([Pet](JSONString: text) == [Pet(name: "Rex", age: 3), Pet(name: "Tom")])
        #expect([Pet](JSONString: #"{"name": "Solo"}"#) == [Pet(name: "Solo")], "one object is an array of one")
        #expect([Pet](JSONString: "not json") == nil)
        #expect([Pet](JSONArray: [["name": "A"], ["age": 2]]) == [Pet(name: "A"), Pet(age: 2)])
        let set = try #require(Set<Pet>(JSONString: text))
        #expect(set == [Pet(name: "Rex", age: 3), Pet(name: "Tom")])
        #expect(Set<Pet>(JSONArray: [["name": "A"], ["name": "A"]]) == [Pet(name: "A")])
        #expect(Set(set.toJSON().map { $0["name"] as? String }) == ["Rex", "Tom"])
        let written = try #require(set.toJSONString())
        #expect(Set<Pet>(JSONString: written) == set)
    }

    @Test func staticMappableInitialisers() throws {
        let square = try #require(Shape(JSONString: #"{"kind": "square", "sides": 4}"#))
        #expect(square is Square && square.sides == 4)
        let shape = try #require(Shape(JSON: ["kind": "blob", "sides": 0]))
        #expect(!(shape is Square))
        #expect(Shape(JSONString: "[1]") == nil)
    }

    @Test func immutableEntryPointsThrowUnlessEveryElementMaps() throws {
        #expect(try Tag(JSONObject: ["label": "a", "weight": 1]) == Tag(label: "a", weight: 1))
        #expect(throws: MappingError.self) { try Tag(JSONObject: [1, 2]) }
        let mapper = Mapper<Tag>()
        #expect(try mapper.map(JSONObject: ["label": "b", "weight": 2]) == Tag(label: "b", weight: 2))
        let good = #"[{"label": "a", "weight": 1}, {"label": "b", "weight": 2}]"#
        #expect(try mapper.mapArray(JSONString: good).map(\.label) == ["a", "b"])
        #expect(try mapper.mapArray(JSONArray: [["label": "c", "weight": 3]]) == [Tag(label: "c", weight: 3)])
        #expect(
            try mapper.mapDictionary(JSONString: #"{"x": {"label": "x", "weight": 0}}"#) == [
                "x": Tag(label: "x", weight: 0)
            ])
        #expect(
            try mapper.mapDictionary(JSON: ["y": ["label": "y", "weight": 5]]) == ["y": Tag(label: "y", weight: 5)])
        #expect(
            try mapper.mapDictionaryOfArrays(JSON: ["z": [["label": "z", "weight": 1]]]) == [
                "z": [Tag(label: "z", weight: 1)]
            ])
        #expect(
            try mapper.mapArrayOfArrays(JSONObject: [[["label": "w", "weight": 1]], []]) == [
                [Tag(label: "w", weight: 1)], [],
            ])

        // One element that does not map fails the whole call, naming where.
        let bad = #"[{"label": "a", "weight": 1}, {"label": "b"}]"#
        let error = #expect(throws: MappingError.self) { try mapper.mapArray(JSONString: bad) }
        #expect(error?.first.keyPath == "[1].weight" && error?.first.kind == .missing)
        #expect(error?.first.location.map { [$0.line, $0.column] } == [1, 31], "from text, located (at its object)")
        let badDictionary =
            "{\"x\": {\"label\": \"x\", \"weight\": 0},\n \"y\": {\"label\": \"y\", \"weight\": \"heavy\"}}"
        let dictionaryError = #expect(throws: MappingError.self) { try mapper.mapDictionary(JSONString: badDictionary) }
        #expect(dictionaryError?.first.description == "2:32: y.weight: expected Int, found string")
        #expect(throws: MappingError.self) {
            try mapper.mapArray(JSONArray: [["label": "a", "weight": 1], ["weight": 1]])
        }
        #expect(throws: MappingError.self) { try mapper.mapDictionary(JSON: ["k": ["label": "k"]]) }
        #expect(throws: MappingError.self) {
            try mapper.mapDictionaryOfArrays(JSON: ["k": [["label": "k", "weight": -1]]])
        }
        #expect(throws: MappingError.self) { try mapper.mapArrayOfArrays(JSONObject: [[["label": "w"]]]) }
        // The wrong shape is an error too, not an empty result.
        #expect(throws: MappingError.self) { try mapper.mapArray(JSONString: #"{"label": "a", "weight": 1}"#) }
        #expect(throws: MappingError.self) { try mapper.mapDictionary(JSONObject: [1]) }
        #expect(throws: JSONParseError.self) { try mapper.mapArray(JSONString: "[{") }
    }

    @Test func mapErrorFields() throws {
        // An error an init(map:) makes itself reaches the caller with its fields as made.
        let thrown = #expect(throws: MappingError.self) { try Tag(JSONString: #"{"label": "n", "weight": -2}"#) }
        let error = try #require(thrown)
        #expect(error.key == "weight" && error.currentValue as? Int == -2 && error.reason == "must not be negative")
        #expect(error.first.kind == .objectRejected && error.first.keyPath == "weight")
        #expect(error.first.location.map { [$0.line, $0.column] } == [1, 26], "located at the value of its key")
        #expect(error.first.message == "weight: Tag refused the object (must not be negative: -2)")
        // Inside a document: its problem has the whole key path and the position; the
        // error's fields are still the ones made.
        let page = "{\"tags\": [\n  {\"label\": \"a\", \"weight\": 1},\n  {\"label\": \"b\", \"weight\": -7}\n]}"
        let nested = #expect(throws: MappingError.self) { try Mapper<TagList>(strict: true).map(string: page) }
        #expect(
            nested?.first.keyPath == "tags[1].weight"
                && nested?.first.location.map { [$0.line, $0.column] } == [3, 28])
        #expect(
            nested?.key == "weight" && nested?.currentValue as? Int == -7 && nested?.reason == "must not be negative")
        // A sibling refused after such an error still has its own problem.
        let refusing = Mapper<Leafy>()
        let leaves = refusing.mapArray(
            JSONString: "[{\"tag\": {\"label\": \"a\", \"weight\": -1}},\n {\"refuse\": 1},\n {}]")
        #expect(leaves?.count == 2)
        #expect(
            refusing.lastProblems.map(\.description) == [
                "1:35: [0].tag.weight: Tag refused the object (must not be negative: -1)",
                "2:2: [1]: Leafy refused the object",
            ])
        // An immutable model whose nested model throws is refused too, after it.
        let holder = #expect(throws: MappingError.self) {
            try TagHolder(JSONString: #"{"tag": {"label": "h", "weight": -3}}"#)
        }
        #expect(
            holder?.problems.map(\.message) == [
                "tag.weight: Tag refused the object (must not be negative: -3)",
                "(root): TagHolder refused the object",
            ])
        #expect(holder?.reason == "must not be negative")
        // The same when the nested model is of the same type (a tree).
        let tree = #expect(throws: MappingError.self) {
            try Mapper<TreeNode>(strict: true).map(
                string: #"{"id": 1, "children": [{"id": 2, "children": [{"id": -3, "children": []}]}]}"#)
        }
        #expect(
            tree?.problems.map(\.message) == [
                "children[0].children[0].id: TreeNode refused the object (negative id: -3)",
                "children[0]: TreeNode refused the object", "(root): TreeNode refused the object",
            ])
        // A key that holds a dot, read with `nested: false`, is located at its own value.
        let dotted = #expect(throws: MappingError.self) { try Dotted(JSONString: #"{"a": 1, "a.b": -1}"#) }
        #expect(dotted?.first.location.map { [$0.line, $0.column] } == [1, 17] && dotted?.key == "a.b")
        // An error caught, changed and thrown again keeps its change; its problem is the
        // mapping's own, with its position.
        let renamed = #expect(throws: MappingError.self) { try Renamed(JSONString: #"{"name": 5}"#) }
        #expect(renamed?.reason == "a name is required" && renamed?.key == "name")
        #expect(renamed?.first.description == "1:10: name: expected String, found number 5")
        // Streamed element by element, in chunks of 5 bytes: the same problem at the same place.
        var streamed: [Tag] = []
        let stream = MappingStreamParser<Tag>(mapper: Mapper<Tag>(), elementsAt: "tags") { streamed.append($0) }
        for start in stride(from: 0, to: page.utf8.count, by: 5) {
            try stream.feed(Array(Array(page.utf8)[start..<min(start + 5, page.utf8.count)]))
        }
        let summary = try stream.finish()
        #expect(streamed == [Tag(label: "a", weight: 1)])
        #expect(
            summary.problems.map(\.description) == [
                "3:28: tags[1].weight: Tag refused the object (must not be negative: -7)"
            ])
        // The fields of an error the mapping made itself.
        let missing = #expect(throws: MappingError.self) { try Tag(JSONString: #"{"label": "n"}"#) }
        #expect(missing?.key == "weight" && missing?.currentValue == nil)
        #expect(missing?.reason == "weight: missing key, expected Int")
        // A value of the wrong kind is the error's currentValue, as in ObjectMapper.
        let mistyped = #expect(throws: MappingError.self) { try Tag(JSONString: #"{"label": 5, "weight": 1}"#) }
        #expect(mistyped?.key == "label" && mistyped?.currentValue as? Int == 5)
        let element = #expect(throws: MappingError.self) {
            try Scores(JSONString: #"{"list": ["1", "x"], "byName": {}}"#)
        }
        #expect(element?.key == "list[1]" && element?.currentValue as? String == "x")
        let tooBig = #expect(throws: MappingError.self) {
            try Mapper<Tag>(strict: true).map(string: #"{"label": "a", "weight": 1e30}"#)
        }
        #expect(tooBig?.first.kind == .numberOutOfRange && (tooBig?.currentValue as? Double) == 1e30)
        let root = MapError(key: nil, currentValue: nil, reason: nil)
        #expect(root.key == nil && root.first.kind == .objectRejected)
        // Made directly, the fields are the ones given, and can be changed, as ObjectMapper's.
        var made = MapError(key: "age", currentValue: 5, reason: "neg", line: 7)
        #expect(made.key == "age" && made.currentValue as? Int == 5 && made.reason == "neg" && made.line == 7)
        #expect(made.file == nil && made.first.keyPath == "age")
        made.key = "k2"
        made.reason = "r2"
        made.currentValue = ["a": 1]
        #expect(made.key == "k2" && made.reason == "r2" && (made.currentValue as? [String: Any])?["a"] as? Int == 1)
        #expect(
            MapError(key: nil, currentValue: Date(timeIntervalSince1970: 0), reason: nil).currentValue is String,
            "a value JSON cannot hold is kept as its description")
    }

    @Test func orReadsAnotherKeyWhenTheFirstIsAbsentOrNull() throws {
        let mapper = Mapper<Alias>()
        let page =
            #"[{"nickname": "n1"}, {"username": "u2", "nickname": "n2"}, {"username": null, "nickname": "n3"}, {"username": "u4"}, {}]"#
        for _ in 0..<2 { // the plan learned from the first mapping, then used
            #expect(mapper.mapArray(JSONString: page)?.map(\.name) == ["n1", "u2", "n3", "u4", nil])
        }
        #expect(Alias(name: "x", width: 1.5).toJSONString() == #"{"username":"x","width":1.5}"#)
        #expect(try #require(mapper.map(JSONString: #"{"width": 2.25}"#)).width == 2.25)
    }

    @Test func immutableDefaults() throws {
        let given = try Defaults(
            JSONString:
                #"{"tags": ["a"], "meta": {"k": 1}, "color": "green", "pet": {"age": 3}, "pets": [{"name": "p"}], "seen": 5, "maybeTags": ["m"]}"#
        )
        #expect(
            given.tags == ["a"] && given.meta["k"] as? Int == 1 && given.color == .green && given.pet == Pet(age: 3))
        #expect(
            given.pets == [Pet(name: "p")] && given.seen == Date(timeIntervalSince1970: 5) && given.maybeTags == ["m"])
        let absent = try Defaults(JSONString: #"{"color": null}"#)
        #expect(absent.tags == [] && absent.meta.isEmpty && absent.color == .red && absent.pet == Pet(name: "none"))
        #expect(absent.pets == [] && absent.seen == Date(timeIntervalSince1970: 0) && absent.maybeTags == nil)
        #expect(absent.level == 42 && given.level == 42)
        #expect(absent.colors == [.red] && absent.widths == [] && absent.flags == nil && absent.byName.isEmpty)
        let typed = try Defaults(
            JSONString: #"{"colors": ["green"], "widths": [1, 2.5], "flags": [true], "byName": {"a": {"name": "x"}}}"#)
        #expect(
            typed.colors == [.green] && typed.widths == [1, 2.5] && typed.flags == [true]
                && typed.byName == ["a": Pet(name: "x")])
        #expect(throws: MappingError.self) { try Defaults(JSONString: #"{"flags": [1]}"#) }
        #expect(try Defaults(JSONString: #"{"labels": ["a", "b", "a"]}"#).labels == ["a", "b"] && absent.labels == nil)
        #expect(try Defaults(JSONString: #"{"level": 7}"#).level == 7)
        // A value that is present but cannot be read is an error, default or not.
        let wrong = #expect(throws: MappingError.self) { try Defaults(JSONString: #"{"color": "blue"}"#) }
        #expect(wrong?.first.keyPath == "color")
        #expect(throws: MappingError.self) { try Defaults(JSONString: #"{"tags": "a"}"#) }
        #expect(throws: MappingError.self) { try Defaults(JSONString: #"{"maybeTags": 5}"#) }
        // The array of models' default does not throw; in strict mode its problem still does.
        let lenient = Mapper<Defaults>()
        #expect(
            try lenient.map(JSONString: #"{"pets": 7}"#).pets == [] && lenient.lastProblems.map(\.keyPath) == ["pets"])
        #expect(throws: MappingError.self) { try Mapper<Defaults>(strict: true).map(string: #"{"pets": 7}"#) }
    }

    @Test func staticHelpers() throws {
        let dictionary = try #require(
            Mapper<Pet>.parseJSONStringIntoDictionary(JSONString: #"{"a": [1, null], "b": "x"}"#))
        #expect((dictionary["a"] as? [Any])?.count == 2 && dictionary["b"] as? String == "x")
        #expect(Mapper<Pet>.parseJSONStringIntoDictionary(JSONString: "[1]") == nil)
        #expect((Mapper<Pet>.parseJSONString(JSONString: "[1, 2]") as? [Any])?.count == 2)
        #expect(Mapper<Pet>.parseJSONString(JSONString: "{") == nil)
        #expect(Mapper<Pet>.toJSONString(["k": [1, 2]], prettyPrint: false) == #"{"k":[1,2]}"#)
        #expect(Mapper<Pet>.toJSONString(Date(), prettyPrint: false) == nil)
        let data = try #require(Mapper<Pet>.toJSONData(["k": "v"], options: []))
        #expect(String(decoding: data, as: UTF8.self) == #"{"k":"v"}"#)
        #expect(Mapper<Pet>.toJSONData(Date(), options: []) == nil)
    }

    @Test func foundationHelpers() throws {
        let mapper = Mapper<Pet>()
        #expect(mapper.map(JSONObject: ["age": 5], toObject: Pet(name: "Old")) == Pet(name: "Old", age: 5))
        #expect(mapper.map(JSONObject: [1], toObject: Pet(name: "Old")) == Pet(name: "Old"))
        let merged = mapper.mapDictionary(
            JSONObject: ["a": ["age": 1], "b": ["name": "B"]],
            toDictionary: ["a": Pet(name: "A"), "c": Pet(name: "C")])
        #expect(merged == ["a": Pet(name: "A", age: 1), "b": Pet(name: "B"), "c": Pet(name: "C")])
        #expect(mapper.mapDictionary(JSONObject: "x", toDictionary: ["c": Pet()]) == ["c": Pet()])
        #expect(mapper.mapDictionaryOfArrays(JSONObject: ["k": [["name": "K"]]]) == ["k": [Pet(name: "K")]])
        #expect(mapper.mapDictionaryOfArrays(JSONObject: [1]) == nil)
        let json = mapper.toJSONDictionaryOfArrays(["k": [Pet(name: "K")]])
        #expect(json["k"]?.first?["name"] as? String == "K")
        #expect(mapper.toJSONSet([Pet(age: 9)]).first?["age"] as? Int == 9)
        // Nothing mapped is nil, not an empty collection (ObjectMapper's `isEmpty == false` checks).
        #expect(mapper.mapDictionary(JSONString: "{}") == nil)
        #expect(mapper.mapDictionary(JSONString: #"{"a": {}}"#) == ["a": Pet()])
        #expect(mapper.mapDictionaryOfArrays(JSONString: "{}") == nil)
        #expect(mapper.mapArrayOfArrays(JSONString: "[]") == nil)
    }

    /// ObjectMapper's collection functions cast first (`as? [[String: Any]]`): one element or
    /// member of another kind gives nil, not the models of the others. Here the problem
    /// says which one. An object that `init?(map:)` refuses is still only left out.
    @Test func collectionFunctionsNeedEveryElementToBeAnObject() throws {
        let pets = Mapper<Pet>()
        #expect(pets.mapArray(JSONString: #"[{"name": "A"}, 1]"#) == nil)
        #expect(pets.lastProblems.map(\.keyPath) == ["[1]"] && pets.lastProblems.first?.kind == .typeMismatch)
        #expect(pets.lastProblems.first?.location.map { [$0.line, $0.column] } == [1, 17])
        #expect(pets.mapArray(JSONString: #"[{"name": "A"}, {"age": 2}]"#) == [Pet(name: "A"), Pet(age: 2)])
        #expect(pets.mapArray(JSONString: #"{"name": "A"}"#) == [Pet(name: "A")] && pets.lastProblems.isEmpty)
        #expect(pets.mapArray(JSONString: "[]") == [] && pets.mapArray(JSONString: "7") == nil)
        #expect(pets.mapSet(JSONString: #"[{"name": "A"}, "x"]"#) == nil)
        #expect(pets.mapArray(JSONObject: [["name": "A"], 1]) == nil)
        #expect(
            pets.mapArray(JSONObject: ["name": "A"]) == nil, "a dictionary is not an array here, as in ObjectMapper")
        #expect(pets.mapArray(JSONObject: [["name": "B"]]) == [Pet(name: "B")])
        #expect(pets.mapDictionary(JSONString: #"{"a": {"name": "A"}, "b": 2}"#) == nil)
        #expect(pets.lastProblems.map(\.keyPath) == ["b"])
        #expect(pets.mapDictionary(JSONObject: ["a": ["name": "A"], "b": [1]]) == nil)
        #expect(pets.mapDictionaryOfArrays(JSONString: #"{"a": [{"name": "A"}], "b": {}}"#) == nil)
        #expect(pets.lastProblems.map(\.keyPath) == ["b"])
        #expect(pets.mapDictionaryOfArrays(JSONString: #"{"a": [{"name": "A"}, 3]}"#) == nil)
        #expect(pets.lastProblems.map(\.keyPath) == ["a[1]"])
        #expect(pets.mapArrayOfArrays(JSONString: #"[[{"name": "A"}], [1]]"#) == nil)
        #expect(pets.lastProblems.map(\.keyPath) == ["[1][0]"])
        #expect(
            pets.mapArrayOfArrays(JSONString: #"[[{"name": "A"}], [], [{"age": 1}]]"#)
                == [[Pet(name: "A")], [], [Pet(age: 1)]])

        let leaves = Mapper<Leaf>()
        #expect(
            leaves.mapArray(JSONString: #"[{"id": 1}, {"refuse": true}, {"id": 3}]"#) == [Leaf(id: 1), Leaf(id: 3)])
        #expect(leaves.lastProblems.map(\.keyPath) == ["[1]"] && leaves.lastProblems.first?.kind == .objectRejected)
        #expect(leaves.mapDictionaryOfArrays(JSONString: #"{"k": [{"refuse": 1}, {"id": 2}]}"#) == ["k": [Leaf(id: 2)]])
    }

    /// ObjectMapper assigns what it read to an optional property whenever the key is present:
    /// a value that cannot be read makes it nil (with a problem here); non-optional
    /// properties keep their value (ObjectMapper would set a non-optional integer to 0).
    @Test func presentValuesThatCannotBeReadMakeOptionalsNil() throws {
        let text =
            #"{"count": "12", "name": 5, "ratio": true, "color": "blue", "number": "x1", "#
            + #""leaf": "no", "leaves": 3, "counts": [1, "2"], "plain": "8", "text": 9}"#
        let mapper = Mapper<Lenient>()
        let mapped = try #require(mapper.map(JSONString: text))
        #expect(mapped.count == nil && mapped.name == nil && mapped.ratio == nil && mapped.color == nil)
        #expect(mapped.number == nil && mapped.leaf == nil && mapped.leaves == nil && mapped.counts == nil)
        #expect(mapped.plain == 7 && mapped.text == "t")
        #expect(
            mapper.lastProblems.map(\.keyPath) == [
                "count", "name", "ratio", "color", "number", "leaf", "leaves",
                "counts[1]", "plain", "text",
            ])
        // A nested model its type refuses is nil too; absent keys change nothing.
        #expect(mapper.map(JSONString: #"{"leaf": {"refuse": true}}"#)?.leaf == nil)
        let untouched = try #require(mapper.map(JSONString: "{}"))
        #expect(untouched.count == 1 && untouched.leaf == Leaf(id: 1) && untouched.counts == [1])
        // Mapped onto an existing instance: the same.
        var existing = Lenient()
        existing.count = 40
        #expect(mapper.map(JSONString: #"{"count": "x"}"#, toObject: existing).count == nil)
        // As elements of an array built as each closes.
        let page = try #require(Mapper<Lenient>().mapArray(JSONString: #"[{"count": 3}, {"count": "3"}, {}]"#))
        #expect(page.map(\.count) == [3, nil, 1])
        // An optional `map.value` still throws for such a value, and gives nil for null.
        #expect(throws: MappingError.self) { try Fussy(JSONString: #"{"count": "12"}"#) }
        #expect(try Fussy(JSONString: #"{"count": null}"#).count == nil)
        #expect(try Fussy(JSONString: "{}").count == nil)
    }

    @Test func transformsOverNestedArraysSetsAndImmutableCollections() throws {
        let grid = try #require(
            Mapper<Grid>().map(
                JSONString:
                    #"{"rows": [["1", "2"], ["3"]], "maybe": [[]], "tags": ["4", "4", "5"], "columns": {"a": ["6"], "b": []}, "maybeColumns": {"c": ["7", "8"]}}"#
            ))
        #expect(grid.rows == [[1, 2], [3]] && grid.maybe == [[]] && grid.tags == [4, 5])
        #expect(grid.columns == ["a": [6], "b": []] && grid.maybeColumns == ["c": [7, 8]])
        let text = try #require(grid.toJSONString())
        #expect(text.contains(#""columns":{"a":["6"],"b":[]}"#) && text.contains(#""maybeColumns":{"c":["7","8"]}"#))
        let written = try #require(Mapper<Grid>().map(JSONString: text))
        #expect(written.rows == grid.rows && written.maybe == grid.maybe && written.tags == grid.tags)
        #expect(written.columns == grid.columns && written.maybeColumns == grid.maybeColumns)
        let bad = Mapper<Grid>()
        // As ObjectMapper: what a transform refuses in a collection is left out (a problem each).
        let kept = try #require(
            bad.map(
                JSONString:
                    #"{"rows": [["1"], ["x", "2"]], "maybe": [["y"]], "tags": ["z", "3"], "columns": {"a": ["9", "w"], "b": 5}}"#
            ))
        #expect(kept.rows == [[1], [2]] && kept.maybe == [[]] && kept.tags == [3])
        #expect(kept.columns == ["a": [9]] && kept.maybeColumns == nil)
        #expect(
            bad.lastProblems.map(\.keyPath) == ["rows[1][0]", "maybe[0][0]", "tags[0]", "columns.a[1]", "columns.b"])
        let keptJSON = Mapper<Grid>().toJSON(kept)
        #expect((keptJSON["tags"] as? [String]) == ["3"])

        // Writing, an element the transform has no JSON for is left out, as in ObjectMapper.
        var sparse = Sparse()
        (sparse.list, sparse.byKey, sparse.rows, sparse.columns, sparse.set) = (
            [0, 1], ["a": 0, "b": 2], [[0, 3]], ["c": [4, 0]], [0]
        )
        #expect(
            sparse.toJSONString() == #"{"list":["1"],"byKey":{"b":"2"},"rows":[["3"]],"columns":{"c":["4"]},"set":[]}"#)

        let scores = try Scores(JSONString: #"{"list": ["1", "2"], "byName": {"a": "3"}}"#)
        #expect(scores.list == [1, 2] && scores.byName == ["a": 3])
        let error = #expect(throws: MappingError.self) {
            try Scores(JSONString: #"{"list": ["1", "x"], "byName": {}}"#)
        }
        #expect(error?.first.keyPath == "list[1]")
        #expect(throws: MappingError.self) { try Scores(JSONString: #"{"list": [], "byName": {"a": "b"}}"#) }
        // map.value for arrays of arrays, of models or through a transform, all or nothing.
        let shelf = try Shelf(
            JSONString: #"{"grid": [[{"id": 1}], []], "byKey": {"a": {"id": 3}}, "codes": [["1", "2"]]}"#)
        #expect(shelf.grid == [[Leaf(id: 1)], []] && shelf.maybeGrid == nil && shelf.byKey == ["a": Leaf(id: 3)])
        #expect(shelf.codes == [[1, 2]])
        let refused = #expect(throws: MappingError.self) {
            try Shelf(JSONString: #"{"grid": [[{"id": 1}, {"refuse": 1}]], "byKey": null, "codes": []}"#)
        }
        #expect(refused?.problems.contains { $0.keyPath == "grid[0][1]" } == true)
        #expect(throws: MappingError.self) { try Shelf(JSONString: #"{"grid": [], "codes": [["x"]]}"#) }
        #expect(throws: MappingError.self) { try Shelf(JSONString: #"{"grid": [], "byKey": {"a": 1}, "codes": []}"#) }
    }

    @Test func enumCollectionsLeaveOutUnknownRawValues() throws {
        let mapper = Mapper<Palette>()
        let palette = try #require(
            mapper.map(
                JSONString: #"{"list": ["red", "blue", "green"], "byName": {"a": "red", "b": "x"}, "maybe": ["teal"]}"#)
        )
        #expect(palette.list == [.red, .green] && palette.byName == ["a": .red] && palette.maybe == [])
        #expect(mapper.lastProblems.map(\.keyPath) == ["list[1]", "byName.b", "maybe[0]"])
        #expect(throws: MappingError.self) {
            try Mapper<Palette>(strict: true).map(string: #"{"list": ["blue"], "byName": {}}"#)
        }

        // An immutable model's arrays of enums: every element must name a case.
        let swatches = try Swatches(JSONString: #"{"colors": ["red", "green"], "extra": ["green"]}"#)
        #expect(swatches.colors == [.red, .green] && swatches.extra == [.green])
        #expect(try Swatches(JSONString: #"{"colors": [], "extra": null}"#).extra == nil)
        #expect(try Swatches(JSONString: #"{"colors": ["red"]}"#).extra == nil)
        let unknown = #expect(throws: MappingError.self) { try Swatches(JSONString: #"{"colors": ["red", "blue"]}"#) }
        #expect(unknown?.first.description == "1:20: colors[1]: expected Color, found string")
        #expect(throws: MappingError.self) { try Swatches(JSONString: #"{"colors": [], "extra": ["x"]}"#) }
        #expect(throws: MappingError.self) { try Swatches(JSONString: #"{"extra": []}"#) }
    }

    @Test func valuesJSONCannotHoldAreLeftOutNotNull() throws {
        var stamp = Stamp()
        stamp.date = Date(timeIntervalSince1970: 0)
        let json = Mapper<Stamp>(shouldIncludeNilValues: true).toJSON(stamp)
        #expect(json.keys.sorted() == ["note"] && json["note"] is NSNull)
        #expect(Mapper<Stamp>().toJSON(stamp).isEmpty)
    }

    /// Mapping onto an existing object maps nested objects onto the nested models there
    /// (the same class instance, fields the JSON does not give kept), as ObjectMapper does.
    @Test func mappingOntoAnObjectMapsOntoItsNestedModels() throws {
        var outer = Outer()
        outer.inner.x = 1
        outer.spare = Inner()
        outer.spare?.x = 5
        let (inner, spare) = (outer.inner, try #require(outer.spare))
        let updated = Mapper<Outer>().map(
            JSONString: #"{"inner": {"y": 9}, "spare": {"y": 6}, "pet": {"age": 2}}"#,
            toObject: outer)
        #expect(updated.inner === inner && inner.x == 1 && inner.y == 9)
        #expect(updated.spare === spare && spare.x == 5 && spare.y == 6)
        #expect(updated.pet == Pet(name: "keep", age: 2))
        // A plain mapping still makes new models; null still clears an optional one.
        let fresh = try #require(Mapper<Outer>().map(JSONString: #"{"inner": {"y": 1}, "spare": {"y": 2}}"#))
        #expect(fresh.inner.x == nil && fresh.spare?.x == nil && fresh.spare?.y == 2)
        #expect(Mapper<Outer>().map(JSON: ["spare": NSNull()], toObject: outer).spare == nil)

        // Dictionaries of models: each member is mapped onto the model under its key (the
        // same instance, as ObjectMapper does), a new key gets a new model (ObjectMapper
        // makes it and then drops it with the merged dictionary), other keys are kept.
        let a = Inner(), kept = Inner()
        a.x = 1
        outer.byKey = ["a": a, "keep": kept]
        outer.pets = ["p": Pet(name: "P", age: 1)]
        let merged = Mapper<Outer>().map(
            JSONString: #"{"byKey": {"a": {"y": 5}, "new": {"x": 7}}, "pets": {"p": {"age": 3}, "q": {}}}"#,
            toObject: outer)
        #expect(merged.byKey["a"] === a && a.x == 1 && a.y == 5 && merged.byKey["keep"] === kept)
        #expect(merged.byKey["new"]?.x == 7 && merged.byKey.count == 3)
        #expect(merged.pets == ["p": Pet(name: "P", age: 3), "q": Pet()])
        // Without an existing object, the dictionary is made from the JSON alone.
        let made = try #require(Mapper<Outer>().map(JSONString: #"{"byKey": {"b": {"x": 2}}}"#))
        #expect(made.byKey.keys.sorted() == ["b"] && made.byKey["b"]?.x == 2 && made.pets == nil)
    }

    @Test func iso8601TransformIsADateFormatterTransform() throws {
        let asBase: DateFormatterTransform = ISO8601DateTransform()
        // Still the hand-written parser: fractions and offsets read, which the formatter would not.
        let date = try #require(asBase.transformFromJSON("2020-01-02T03:04:05.5+01:00"))
        #expect(date.timeIntervalSince1970 == 1_577_930_645.5)
        #expect(asBase.transformToJSON(date) == "2020-01-02T02:04:05.5Z")
        #expect(asBase.dateFormatter.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test func dateFormatterHelper() throws {
        let formatter = DateFormatter(withFormat: "yyyy-MM-dd", locale: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        let date = try #require(formatter.date(from: "2024-02-29"))
        #expect(date.timeIntervalSince1970 == 1_709_164_800)
        #expect(formatter.locale.identifier == "en_US_POSIX")
    }
}
