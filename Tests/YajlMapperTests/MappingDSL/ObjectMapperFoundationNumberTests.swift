import Foundation
import Testing
import YajlMapper

/// Enums backed by `NSNumber`, and `Float` properties in `toJSON()`: what ObjectMapper's
/// models do with Foundation's numbers, on Linux too.
@Suite("Mapping: NSNumber raw values and Float properties")
struct ObjectMapperFoundationNumberTests {
    /// An enum whose raw values are `NSNumber`s.
    enum Level: NSNumber {
        case low = 0
        case high = 1000
        case half = 0.5
    }

    /// Every form of the enum, mutable.
    struct Levels: Mappable {
        var one: Level = .low
        var optional: Level?
        var list: [Level] = []
        var byName: [String: Level] = [:]
        var floats: [String: Float] = [:]
        var float: Float = 0
        var floatList: [Float] = []

        init?(map: Map) {}

        mutating func mapping(map: Map) {
            one <- map["one"]
            optional <- map["optional"]
            list <- map["list"]
            byName <- map["byName"]
            floats <- map["floats"]
            float <- map["float"]
            floatList <- map["floatList"]
        }
    }

    /// The enum in an immutable model.
    struct FixedLevels: ImmutableMappable {
        let one: Level
        let list: [Level]

        init(map: Map) throws {
            one = try map.value("one")
            list = try map.value("list")
        }

        func mapping(map: Map) {
            one >>> map["one"]
            list >>> map["list"]
        }
    }

    static let json = #"""
        {"one": 1000, "optional": 0.5, "list": [0, 1000], "byName": {"a": 1000}, "floats": {"x": 1.3},
         "float": 0.1, "floatList": [1.1, 2.5]}
        """#

    @Test func nsNumberRawValuesMapBothWays() throws {
        let levels = try #require(Mapper<Levels>().map(JSONString: Self.json))
        #expect(levels.one == .high && levels.optional == .half && levels.list == [.low, .high])
        #expect(levels.byName == ["a": .high])
        let json = levels.toJSON()
        #expect(json["one"] as? NSNumber == 1000)
        #expect(json["list"] as? [NSNumber] == [0, 1000])
        #expect((json["byName"] as? [String: NSNumber]) == ["a": 1000])
        let fixed = try FixedLevels(JSONString: Self.json)
        #expect(fixed.one == .high && fixed.list == [.low, .high])
        #expect(fixed.toJSONString() == #"{"one":1000,"list":[0,1000]}"#)
        // A number that names no case is a problem, as any other enum's.
        #expect(throws: MappingError.self) { try FixedLevels(JSONString: #"{"one": 7, "list": []}"#) }
        #expect(throws: MappingError.self) { try FixedLevels(JSONString: #"{"one": "1000", "list": []}"#) }
    }

    @Test func floatPropertiesComeOutAsFloats() throws {
        let levels = try #require(Mapper<Levels>().map(JSONString: Self.json))
        let json = levels.toJSON()
        #expect(json["floats"] as? [String: Float] == ["x": 1.3])
        #expect(json["float"] as? Float == 0.1)
        #expect(json["floatList"] as? [Float] == [1.1, 2.5])
        // The text is the Float's shortest, and reads back to the same Float.
        let text = try #require(levels.toJSONString())
        #expect(text.contains(#""float":0.1"#) && text.contains(#""x":1.3"#), "\(text)")
        let again = try #require(Mapper<Levels>().map(JSON: json))
        #expect(again.float == levels.float && again.floats == levels.floats && again.floatList == levels.floatList)
        // A Double stays a Double.
        #expect(JSON.number(JSONNumber(0.1)!).foundationValue as? Double == 0.1)
    }
}
