import Foundation
import Testing

@testable import YajlMapper

// MARK: - Key paths

@Suite("Map: key paths and subscripts")
struct MappingMapKeyPathTests {
    static let text = """
        {"a": {"b": {"c": "deep"}}, "items": [{"name": "first"}, {"id": 2}],
         "version.major": "dotted", "version": {"major": "nested"},
         "x": {"y": 5}, "list": [{"v": "zero"}, {"v": "one"}], "p->q": "literal", "nullable": null}
        """

    @Test func nestedIndexesDelimitersAndIgnoreNil() throws {
        for _ in 0..<2 { // first learning the plan, then by it
            let (model, problems) = lenientMap(MapPaths.self, Self.text)
            let m = try #require(model)
            #expect(problems.isEmpty)
            #expect(m.deep == "deep")
            #expect(m.firstName == "first")
            #expect(m.secondId == 2)
            #expect(m.dotted == "dotted")
            #expect(m.arrowed == 5)
            #expect(m.arrowedIndex == "one")
            #expect(m.nestedFalseArrow == "literal")
            #expect(m.keptOptional == "keptOptional")
            #expect(m.replacedByNull == nil)
            #expect(m.missingDeep == "unchanged")
        }
    }

    @Test func sameKeysFromAFoundationDictionary() throws {
        let object = try JSONSerialization.jsonObject(with: Data(Self.text.utf8)) as! [String: Any]
        let m = try #require(Mapper<MapPaths>().map(JSON: object))
        #expect(m.deep == "deep")
        #expect(m.firstName == "first")
        #expect(m.secondId == 2)
        #expect(m.dotted == "dotted")
        #expect(m.arrowed == 5)
        #expect(m.arrowedIndex == "one")
        #expect(m.nestedFalseArrow == "literal")
        #expect(m.keptOptional == "keptOptional")
    }

    @Test func pathThroughAScalarOrNullIsAbsent() {
        struct Through: Mappable {
            var value: Int = -1
            init?(map: Map) {}
            mutating func mapping(map: Map) { value <- map["a.b"] }
        }
        for text in [#"{"a": 5}"#, #"{"a": null}"#, #"{"a": []}"#, #"{"a": {}}"#] {
            let (model, problems) = lenientMap(Through.self, text)
            #expect(model?.value == -1, "\(text)")
            #expect(summaries(problems) == [ProblemSummary(.missing, "a.b", "Int", nil)], "\(text)")
        }
    }
}

// MARK: - Map state

@Suite("Map: state, context, toObject")
struct MappingMapStateTests {
    static let text = #"{"id": 3, "n": null, "tags": ["a", "b"], "count": 4, "child": {"name": "kid"}, "name": "top"}"#

    @Test func presenceAndCurrentValue() throws {
        for _ in 0..<2 {
            let (model, problems) = lenientMap(MapInspector.self, Self.text)
            let m = try #require(model)
            #expect(problems.isEmpty)
            #expect(m.direction == .fromJSON)
            #expect(m.wasToObject == false)
            #expect(m.idPresent)
            #expect(m.id == 3)
            #expect(m.nullPresent)
            #expect(!m.absentPresent)
            #expect(!m.ignoredNullPresent)
            #expect(m.rawTags == ["a", "b"])
            #expect(m.rawCount == 4)
            #expect(m.topContext == nil)
            #expect(m.child?.label == "kid")
        }
    }

    @Test func contextReachesNestedMaps() throws {
        let context = MapContextValue(prefix: "ctx:")
        let m = try #require(Mapper<MapInspector>(context: context).map(JSONString: Self.text))
        #expect(m.topContext == "ctx:")
        #expect(m.child?.label == "ctx:kid")
        let strict = try Mapper<MapInspector>(context: context, strict: true).map(string: Self.text)
        #expect(strict.child?.label == "ctx:kid")
        let viaInit = try #require(MapInspector(JSONString: Self.text, context: context))
        #expect(viaInit.child?.label == "ctx:kid")
        let arrays = try #require(
            Mapper<MapContextChild>(context: context).mapArray(JSONString: #"[{"name": "a"}, {"name": "b"}]"#))
        #expect(arrays.map(\.label) == ["ctx:a", "ctx:b"])
    }

    @Test func mappingTypeWhenWriting() {
        var seen: MappingType?
        struct Spy: Mappable {
            var onMap: ((MappingType) -> Void)?
            init?(map: Map) {}
            init(onMap: @escaping (MappingType) -> Void) { self.onMap = onMap }
            mutating func mapping(map: Map) { onMap?(map.mappingType) }
        }
        _ = Spy(onMap: { seen = $0 }).toJSON()
        #expect(seen == .toJSON)
    }

    @Test func toObjectFillsAnExistingModel() throws {
        var existing = try #require(MapInspector(JSONString: Self.text))
        existing.name = "kept when absent"
        existing.id = 99
        let filled = Mapper<MapInspector>().map(JSONString: #"{"id": 5}"#, toObject: existing)
        #expect(filled.id == 5)
        #expect(filled.name == "kept when absent")
        #expect(filled.child?.label == "kid")
        #expect(filled.wasToObject == true)
        let fromDictionary = Mapper<MapInspector>().map(JSON: ["name": "dict"], toObject: existing)
        #expect(fromDictionary.name == "dict")
        #expect(fromDictionary.id == 99)
        // Not JSON: the object comes back as it was.
        let unchanged = Mapper<MapInspector>().map(JSONString: "{nope", toObject: existing)
        #expect(unchanged.id == 99)
        // A repeated key: the first value counts, as for every other entry point.
        let repeated = #"{"id": 1, "name": "first", "id": 2, "name": "second"}"#
        #expect(Mapper<MapInspector>().map(JSONString: repeated, toObject: existing).id == 1)
        #expect(
            Mapper<MapInspector>().map(JSONString: repeated, toObject: existing).name
                == Mapper<MapInspector>().map(JSONString: repeated)?.name)
        // After a refused text, the problems are no longer the last mapping's.
        let mapper = Mapper<MapInspector>()
        _ = mapper.map(JSONString: #"{"id": "five"}"#, toObject: existing)
        #expect(mapper.lastProblems.count == 1)
        _ = mapper.map(JSONString: "{nope", toObject: existing)
        #expect(mapper.lastProblems.isEmpty)
        _ = mapper.map(JSONString: #"{"id": "five"}"#)
        #expect(mapper.map(JSONObject: NSObject()) == nil && mapper.lastProblems.isEmpty, "not a JSON value")
    }

    /// A key looked at only through `isKeyPresent` / `currentValue` must still be seen on the
    /// objects mapped after the plan is learned.
    @Test func keysReadOnlyThroughPresenceAndCurrentValue() throws {
        let texts = [#"{"flag": 1, "note": "a"}"#, #"{"flag": 2, "note": "b", "other": 0}"#, #"{"note": "c"}"#]
        var results: [(Bool, String?)] = []
        for text in texts {
            let m = try #require(Mapper<MapPeeker>().map(JSONString: text))
            results.append((m.hasFlag, m.note))
        }
        #expect(results.map(\.0) == [true, true, false])
        #expect(results.map(\.1) == ["a", "b", "c"])
    }

    /// `map.JSON` (the whole object) must hold every key, also after the plan is learned.
    @Test func wholeObjectThroughMapJSON() throws {
        struct Raw: Mappable {
            var keys: [String] = []
            var id = 0
            init?(map: Map) {
                guard map.JSON["id"] != nil else { return nil }
            }
            mutating func mapping(map: Map) {
                id <- map["id"]
                keys = map.JSON.keys.sorted()
            }
        }
        for _ in 0..<2 {
            let list = try #require(
                Mapper<Raw>().mapArray(JSONString: #"[{"id": 1, "x": {"y": 2}}, {"z": 3}, {"id": 4, "w": null}]"#))
            #expect(list.map(\.id) == [1, 4])
            #expect(list.map(\.keys) == [["id", "x"], ["id", "w"]])
        }
    }
}

/// `map["k"].value()` into `Float`, `[Float]` and `[String: Float]`, which Foundation's
/// numbers do not cast to (ObjectMapper reads them through their numbers too).
private struct FloatValues: Mappable {
    var one: Float?
    var list: [Float]?
    var table: [String: Float]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        one = map["one"].value()
        list = map["list"].value()
        table = map["table"].value()
    }
}

@Suite("Map: value() into floats")
struct MappingMapFloatValueTests {
    @Test func floatsReadThroughTheirNumbers() throws {
        let read = try #require(
            Mapper<FloatValues>().map(
                JSONString: #"{"one": 0.5, "list": [0.1, 2, -350], "table": {"a": 0.25, "b": 7}}"#))
        #expect(read.one == 0.5 && read.list == [0.1, 2, -350] && read.table == ["a": 0.25, "b": 7])
    }

    @Test(arguments: [
        #"{"list": [0.1, "x"], "table": {"a": null}}"#, #"{"list": [1e39], "table": {"a": true}}"#,
        #"{"list": {}, "table": []}"#,
    ])
    func aValueThatIsNotAFloatGivesNil(text: String) throws {
        let read = try #require(Mapper<FloatValues>().map(JSONString: text))
        #expect(read.list == nil && read.table == nil)
    }
}
