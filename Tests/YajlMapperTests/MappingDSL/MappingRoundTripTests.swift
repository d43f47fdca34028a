import Foundation
import Testing

@testable import YajlMapper

@Suite("Writing and round trips")
struct MappingRoundTripTests {
    @Test func everyTypeIsWritten() throws {
        let json = RTAll.sample.toJSONValue()
        #expect(json["i"] == .number(JSONNumber(Int.min)))
        #expect(json["i8"] == -128)
        #expect(json["u64"].number?.text == "18446744073709551615")
        #expect(json["u"].uint64 == UInt64(UInt.max))
        #expect(json["f"].number?.text == "0.1")
        #expect(json["b"] == true)
        #expect(json["s"].string == "quote \" slash \\ é 😀\n")
        #expect(json["dec"].number?.text == "1234567890.0123456789")
        #expect(json["oi"] == 0)
        #expect(json["iuo"] == "iuo")
        #expect(json["ints"] == [3, -1, 2])
        #expect(Set(json["strings"].arrayValue.compactMap(\.string)) == ["x", "y"])
        #expect(json["dict"] == ["a": 1, "b": -2])
        #expect(json["matrix"] == [[1], [], [2, 3]])
        #expect(json["owner"] == ["login": "o", "id": 1])
        #expect(json["optionalOwner"] == ["login": "p"])
        #expect(json["owners"] == [["login": "q", "id": 2], ["login": "r", "id": 3]])
        #expect(json["ownerSet"] == [["login": "s", "id": 4]])
        #expect(json["byName"] == ["t": ["login": "t", "id": 5]])
        #expect(json["grid"] == [[["login": "u", "id": 6]], []])
        #expect(json["groups"] == ["g": [["login": "v", "id": 7]], "h": []])
        #expect(json["color"] == "blue")
        #expect(json["level"] == 10)
        #expect(json["colors"] == ["green", "red"])
        #expect(json["levels"] == ["x": 1])
        #expect(json["date"].double == 1_600_000_000.5)
        #expect(json["dates"] == [1.0, 2.0])
        // Nested paths create objects, numeric parts arrays.
        #expect(json["meta"] == ["nested": ["value": "deep"]])
        #expect(json["list"] == [["name": "first"], ["n": 2]])
        #expect(json["a.b"] == "literal")
        #expect(json["a"] == .null)
        #expect(json["x"] == ["y": 9])
        // `>>>` writes.
        #expect(json["echo"] == "not read")
    }

    @Test func roundTripsThroughEveryForm() throws {
        let sample = RTAll.sample
        // Foundation dictionary.
        let dictionary = sample.toJSON()
        #expect(Mapper<RTAll>().map(JSON: dictionary) == sample)
        #expect(Mapper<RTAll>().map(JSONObject: dictionary) == sample)
        // Compact and pretty text.
        for pretty in [false, true] {
            let text = try #require(sample.toJSONString(prettyPrint: pretty))
            #expect(text.contains("\n") == pretty)
            let mapper = Mapper<RTAll>()
            #expect(mapper.map(JSONString: text) == sample)
            #expect(mapper.lastProblems.isEmpty)
            #expect(try Mapper<RTAll>(strict: true).map(string: text) == sample)
            #expect(RTAll(JSONString: text) == sample)
            // And the text the writer gives is what JSONSerialization reads too.
            let reread = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(reread?["s"] as? String == sample.s)
        }
        // JSON value.
        #expect(try Mapper<RTAll>().map(json: sample.toJSONValue()) == sample)
        // `>>>` does not read.
        let echo = try #require(Mapper<RTAll>().map(JSONString: #"{"echo": "from json"}"#))
        #expect(echo.readOnlyEcho == "not read")
    }

    @Test func arraysOfModelsRoundTrip() throws {
        let owners = [RTOwner(login: "a", id: 1), RTOwner(login: "b", id: nil)]
        let text = try #require(owners.toJSONString())
        #expect(text == #"[{"login":"a","id":1},{"login":"b"}]"#)
        #expect(Mapper<RTOwner>().mapArray(JSONString: text) == owners)
        let pretty = try #require(owners.toJSONString(prettyPrint: true))
        #expect(Mapper<RTOwner>().mapArray(JSONString: pretty) == owners)
        #expect(Mapper<RTOwner>().mapArray(JSONArray: owners.toJSON()) == owners)
        #expect(Mapper<RTOwner>().toJSONArray(owners).map { $0["login"] as? String } == ["a", "b"])
        let set: Set<RTOwner> = Set(owners)
        let setText = try #require(Mapper<RTOwner>().toJSONString(set))
        #expect(Mapper<RTOwner>().mapSet(JSONString: setText) == set)
        let dictionary = Mapper<RTOwner>().toJSONDictionary(["k": owners[0]])
        #expect(Mapper<RTOwner>().mapDictionary(JSON: dictionary) == ["k": owners[0]])
    }

    @Test func nilValuesAreLeftOutUnlessAsked() throws {
        var m = RTAll()
        m.iuo = nil
        m.owner = RTOwner(login: "o", id: nil)
        let plain = Mapper<RTAll>().toJSON(m)
        #expect(plain.keys.contains("oi") == false)
        #expect(plain.keys.contains("iuo") == false)
        #expect(plain.keys.contains("optionalOwner") == false)
        #expect(plain.keys.contains("level") == false)
        #expect((plain["owner"] as? [String: Any])?.keys.contains("id") == false)
        #expect(plain.keys.contains("meta") == false)

        let withNils = Mapper<RTAll>(shouldIncludeNilValues: true).toJSON(m)
        #expect(withNils["oi"] is NSNull)
        #expect(withNils["iuo"] is NSNull)
        #expect(withNils["optionalOwner"] is NSNull)
        #expect(withNils["level"] is NSNull)
        // The option reaches nested models.
        #expect((withNils["owner"] as? [String: Any])?["id"] is NSNull)
        #expect(((withNils["meta"] as? [String: Any])?["nested"] as? [String: Any])?["value"] is NSNull)
        let text = try #require(Mapper<RTAll>(shouldIncludeNilValues: true).toJSONString(m))
        #expect(text.contains(#""oi":null"#))
        // Reading it back: nulls read as nil.
        #expect(Mapper<RTAll>().map(JSONString: text) == m)
    }

    @Test func arrayIndexPathsAreWrittenAsArrays() throws {
        struct Indexed: Mappable, Equatable {
            var first: String?
            var third: String?
            var deep: Int?
            init?(map: Map) {}
            init(first: String?, third: String?, deep: Int?) {
                self.first = first
                self.third = third
                self.deep = deep
            }
            mutating func mapping(map: Map) {
                first <- map["list.0.name"]
                third <- map["list.2.name"]
                deep <- map["grid.1.0"]
            }
        }
        let value = Indexed(first: "a", third: "c", deep: 5)
        let json = value.toJSONValue()
        #expect(json == ["list": [["name": "a"], nil, ["name": "c"]], "grid": [nil, [5]]])
        let text = try #require(value.toJSONString())
        #expect(text == #"{"list":[{"name":"a"},null,{"name":"c"}],"grid":[null,[5]]}"#)
        #expect(Mapper<Indexed>().map(JSONString: text) == value)
    }

    @Test func writingWithAContext() {
        struct Contextual: Mappable {
            var name = "n"
            init?(map: Map) {}
            init() {}
            mutating func mapping(map: Map) {
                name <- map["name"]
                if map.mappingType == .toJSON, let context = map.context as? MapContextValue {
                    context.prefix >>> map["written_with"]
                }
            }
        }
        let json = Mapper<Contextual>(context: MapContextValue(prefix: "p")).toJSON(Contextual())
        #expect(json["written_with"] as? String == "p")
        #expect(Contextual().toJSON()["written_with"] == nil)
    }
}

@Suite("Mapper entry points")
struct MappingMapperAPITests {
    static let owners = #"[{"login": "a", "id": 1}, {"login": "b", "id": 2}]"#

    @Test func objectMapperStyleEntryPoints() throws {
        let mapper = Mapper<RTOwner>()
        let a = RTOwner(login: "a", id: 1), b = RTOwner(login: "b", id: 2)
        #expect(mapper.map(JSONString: #"{"login": "a", "id": 1}"#) == a)
        #expect(mapper.map(JSON: ["login": "a", "id": 1]) == a)
        #expect(mapper.map(JSONObject: ["login": "a", "id": 1] as [String: Any]) == a)
        #expect(mapper.map(JSONObject: [1, 2]) == nil)
        #expect(mapper.map(JSONObject: nil) == nil)
        #expect(mapper.mapArray(JSONString: Self.owners) == [a, b])
        let foundationArray = try JSONSerialization.jsonObject(with: Data(Self.owners.utf8))
        #expect(mapper.mapArray(JSONArray: foundationArray as! [[String: Any]]) == [a, b])
        #expect(mapper.mapArray(JSONObject: foundationArray) == [a, b])
        #expect(mapper.mapArray(JSONObject: ["not": "array"]) == nil)
        #expect(mapper.mapSet(JSONString: #"[{"login": "a", "id": 1}, {"login": "a", "id": 1}]"#) == [a])
        #expect(mapper.mapSet(JSONArray: [["login": "b", "id": 2]]) == [b])
        #expect(mapper.mapSet(JSONObject: foundationArray) == [a, b])
        let dictionaryText = #"{"x": {"login": "a", "id": 1}, "y": {"login": "b", "id": 2}}"#
        #expect(mapper.mapDictionary(JSONString: dictionaryText) == ["x": a, "y": b])
        #expect(mapper.mapDictionary(JSON: ["x": ["login": "a", "id": 1]]) == ["x": a])
        #expect(
            mapper.mapDictionary(JSONObject: try JSONSerialization.jsonObject(with: Data(dictionaryText.utf8))) == [
                "x": a, "y": b,
            ])
        let groupsText =
            #"{"g": [{"login": "a", "id": 1}], "h": [], "i": [{"login": "b", "id": 2}, {"login": "a", "id": 1}]}"#
        #expect(mapper.mapDictionaryOfArrays(JSONString: groupsText) == ["g": [a], "h": [], "i": [b, a]])
        #expect(mapper.mapDictionaryOfArrays(JSON: ["g": [["login": "b", "id": 2]]]) == ["g": [b]])
        let gridText = #"[[{"login": "a", "id": 1}], [], [{"login": "b", "id": 2}]]"#
        #expect(mapper.mapArrayOfArrays(JSONString: gridText) == [[a], [], [b]])
        #expect(
            mapper.mapArrayOfArrays(JSONObject: try JSONSerialization.jsonObject(with: Data(gridText.utf8))) == [
                [a], [], [b],
            ])
        #expect(mapper.toJSON(a)["login"] as? String == "a")
        #expect(mapper.toJSONString(a) == #"{"login":"a","id":1}"#)
        #expect(mapper.toJSONString([a, b]) == #"[{"login":"a","id":1},{"login":"b","id":2}]"#)
        #expect(mapper.toJSONString(a, prettyPrint: true)?.contains("\n") == true)
    }

    @Test func throwingEntryPoints() throws {
        let mapper = Mapper<RTOwner>(strict: true)
        let a = RTOwner(login: "a", id: 1), b = RTOwner(login: "b", id: 2)
        let object = #"{"login": "a", "id": 1}"#
        #expect(try mapper.map(data: Data(object.utf8)) == a)
        #expect(try mapper.map(data: Array(object.utf8)) == a)
        #expect(try mapper.map(string: object) == a)
        #expect(try mapper.map(json: ["login": "a", "id": 1]) == a)
        #expect(try mapper.mapArray(data: Data(Self.owners.utf8)) == [a, b])
        #expect(try mapper.mapDictionary(data: Array(#"{"k": {"login": "b", "id": 2}}"#.utf8)) == ["k": b])
        let file = try TemporaryFile(Array(object.utf8), name: "mapping-api")
        defer { file.remove() }
        #expect(try mapper.map(contentsOf: .file(file.path)) == a)
        var text = #"{"login": "a", "id": "1"}"#
        let result = try text.withUTF8 { try Mapper<RTOwner>().mapResult(bytes: UnsafeRawBufferPointer($0)) }
        #expect(result.value == RTOwner(login: "a", id: nil))
        #expect(summaries(result.problems) == [ProblemSummary(.typeMismatch, "id", "Int", "string")])
        #expect(throws: MappingError.self) {
            try text.withUTF8 { try Mapper<RTOwner>(strict: true).mapResult(bytes: UnsafeRawBufferPointer($0)) }
        }
        // Options reach the parser: comments are refused unless allowed.
        let commented = "/* c */ {\"login\": \"a\", \"id\": 1}"
        #expect(throws: JSONParseError.self) { try mapper.map(string: commented) }
        #expect(try mapper.map(string: commented, options: JSONParseOptions(allowComments: true)) == a)
    }
}
