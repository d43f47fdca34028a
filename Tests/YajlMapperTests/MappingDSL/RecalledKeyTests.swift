import Testing

@testable import YajlMapper

/// An item whose second selection is a key made at run time from its first: the same
/// selection reads a different key in each object.
private struct KeyedItem: Mappable, Equatable {
    var kind = ""
    var value = 0
    var after = 0

    init?(map: Map) {}
    init(kind: String, value: Int, after: Int) { (self.kind, self.value, self.after) = (kind, value, after) }

    mutating func mapping(map: Map) {
        kind <- map["kind"]
        // Longer than a small string: a heap string, made anew for each object.
        value <- map[String("value_for_the_\(kind)_kind_of_item")]
        after <- map["after"]
    }
}

/// An item that selects its keys in an order that depends on its data.
private struct ReorderedItem: Mappable, Equatable {
    var first = ""
    var a = 0
    var b = 0

    init?(map: Map) {}
    init(first: String, a: Int, b: Int) { (self.first, self.a, self.b) = (first, a, b) }

    mutating func mapping(map: Map) {
        first <- map["first"]
        if first == "a" {
            a <- map["a"]
            b <- map["b"]
        } else {
            b <- map["b"]
            a <- map["a"]
        }
    }
}

/// A nested model with a name.
private struct Named: Mappable, Equatable {
    var name = ""
    var size = 0
    init?(map: Map) {}
    init(name: String, size: Int) { (self.name, self.size) = (name, size) }
    mutating func mapping(map: Map) {
        name <- map["name"]
        size <- map["size"]
    }
}

/// Another nested model, whose keys sit in another order.
private struct Counted: Mappable, Equatable {
    var count = 0
    var label = ""
    init?(map: Map) {}
    init(count: Int, label: String) { (self.count, self.label) = (count, label) }
    mutating func mapping(map: Map) {
        count <- map["count"]
        label <- map["label"]
    }
}

/// An item whose second selection reads a nested model of a type its data picks, then a
/// nested model of the other type: one selection's nested map serves both types in turn.
private struct NestingItem: Mappable, Equatable {
    var kind = ""
    var named: Named?
    var counted: Counted?
    init?(map: Map) {}
    init(kind: String, named: Named?, counted: Counted?) {
        (self.kind, self.named, self.counted) = (kind, named, counted)
    }
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        if kind == "named" {
            named <- map["inner"]
            counted <- map["other"]
        } else {
            counted <- map["inner"]
            named <- map["other"]
        }
    }
}

/// An item read through key paths of two and three keys, whose first value is an object,
/// an array (where `0` is an index), `null` or absent, from object to object.
private struct PathItem: Mappable, Equatable {
    var first: Int?
    var deep: Int?
    init?(map: Map) {}
    init(_ first: Int?, _ deep: Int?) { (self.first, self.deep) = (first, deep) }
    mutating func mapping(map: Map) {
        first <- map["a.0"]
        deep <- map["b.c.d"]
    }
}

@Suite("A map recalls where its place lists the keys it selected in an earlier object")
struct RecalledKeyTests {
    @Test func aKeyMadeAtRunTimeReadsItsOwnValueInEachObject() throws {
        let kinds = ["alpha", "bravo", "charlie", "alpha", "delta", "bravo"]
        let items = kinds.enumerated().map { i, kind in
            let values = ["alpha", "bravo", "charlie", "delta"].map {
                #""value_for_the_\#($0)_kind_of_item": \#(i * 10 + $0.count)"#
            }
            return #"{"kind": "\#(kind)", \#(values.joined(separator: ", ")), "after": \#(i)}"#
        }
        let text = "[" + items.joined(separator: ", ") + "]"
        let expected = kinds.enumerated().map { i, kind in KeyedItem(kind: kind, value: i * 10 + kind.count, after: i) }
        let mapper = Mapper<KeyedItem>()
        mapper.plans = PlanRegistry()
        // The first mapping learns the plan; the second reads by it, recalling keys.
        for _ in 0..<2 { #expect(try mapper.mapArray(JSONString: text) == expected) }
    }

    @Test func keysSelectedInAnotherOrderReadTheirOwnValues() throws {
        let text = #"""
            [{"first": "a", "a": 1, "b": 2}, {"first": "b", "a": 3, "b": 4}, {"first": "a", "a": 5, "b": 6},
             {"first": "b", "b": 8, "a": 7}]
            """#
        let expected = [
            ReorderedItem(first: "a", a: 1, b: 2), ReorderedItem(first: "b", a: 3, b: 4),
            ReorderedItem(first: "a", a: 5, b: 6), ReorderedItem(first: "b", a: 7, b: 8),
        ]
        let mapper = Mapper<ReorderedItem>()
        mapper.plans = PlanRegistry()
        for _ in 0..<2 { #expect(try mapper.mapArray(JSONString: text) == expected) }
    }

    @Test func nestedModelsOfTypesTheDataPicksReadTheirOwnValues() throws {
        let text = #"""
            [{"kind": "named", "inner": {"name": "a", "size": 1}, "other": {"count": 2, "label": "b"}},
             {"kind": "counted", "inner": {"label": "c", "count": 3}, "other": {"size": 4, "name": "d"}},
             {"kind": "counted", "inner": {"count": 5, "label": "e"}, "other": {"name": "f", "size": 6}},
             {"kind": "named", "inner": {"size": 7, "name": "g"}, "other": {"label": "h", "count": 8}}]
            """#
        let expected = [
            NestingItem(kind: "named", named: Named(name: "a", size: 1), counted: Counted(count: 2, label: "b")),
            NestingItem(kind: "counted", named: Named(name: "d", size: 4), counted: Counted(count: 3, label: "c")),
            NestingItem(kind: "counted", named: Named(name: "f", size: 6), counted: Counted(count: 5, label: "e")),
            NestingItem(kind: "named", named: Named(name: "g", size: 7), counted: Counted(count: 8, label: "h")),
        ]
        let mapper = Mapper<NestingItem>()
        mapper.plans = PlanRegistry()
        for _ in 0..<2 { #expect(try mapper.mapArray(JSONString: text) == expected) }
    }

    @Test func keyPathsReadTheirOwnValuesWhateverTheFirstValueIs() throws {
        let text = #"""
            [{"a": {"0": 1}, "b": {"c": {"d": 10}}}, {"a": {"x": 0, "0": 2}, "b": {"c": {"d": 20}}},
             {"a": [3, 9]}, {"a": null, "b": {"c": null}}, {"b": {"c": [1]}}, {"a": {"0": 4}, "b": {"c": {"d": 40}}},
             {"a": [], "b": {"x": 1}}, {"a": {"1": 5}, "b": {"c": {"d": 50}}}]
            """#
        let expected = [
            PathItem(1, 10), PathItem(2, 20), PathItem(3, nil), PathItem(nil, nil), PathItem(nil, nil), PathItem(4, 40),
            PathItem(nil, nil), PathItem(nil, 50),
        ]
        let mapper = Mapper<PathItem>()
        mapper.plans = PlanRegistry()
        for _ in 0..<2 { #expect(try mapper.mapArray(JSONString: text) == expected) }
    }
}
