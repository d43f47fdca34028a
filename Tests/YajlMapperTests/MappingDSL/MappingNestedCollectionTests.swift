import Foundation
import Testing

@testable import YajlMapper

@Suite("Nested collections of basic values")
struct MappingNestedCollectionTests {
    static let text = """
        {"type": "Polygon", "polygon": [[[-65.613616999999977, 43.420273000000009], [1, 2e3]]],
         "multi": [[[[0.1, 0.2]]], [[[3, 4], [5, 6]]]], "tags": {"a": [1, 2], "b": []},
         "grid": [{"x": ["p", "q"]}, {}]}
        """

    @Test func readAtEveryDepthAndWrittenBack() throws {
        let geometry = try Mapper<Geometry>(strict: true).map(data: Array(Self.text.utf8))
        #expect(geometry.polygon == [[[Double("-65.613616999999977")!, Double("43.420273000000009")!], [1, 2000]]])
        #expect(geometry.multiPolygon == [[[[0.1, 0.2]]], [[[3, 4], [5, 6]]]])
        #expect(geometry.tags == ["a": [1, 2], "b": []])
        #expect(geometry.grid == [["x": ["p", "q"]], [:]])
        let again = try Mapper<Geometry>(strict: true).map(data: Array(geometry.toJSONString()!.utf8))
        #expect(again.polygon == geometry.polygon && again.multiPolygon == geometry.multiPolygon)
        #expect(again.tags == geometry.tags && again.grid == geometry.grid)
    }

    @Test func aBadElementIsAProblemAtItsPath() throws {
        let text = #"{"polygon": [[[1, 2], [3, "x"]]], "tags": {"a": [1, 2.5]}, "multi": [[[[1e400]]]]}"#
        do {
            _ = try Mapper<Geometry>(strict: true).map(data: Array(text.utf8))
            Issue.record("mapped despite the bad elements")
        } catch let error as MappingError {
            let paths = error.problems.map(\.keyPath)
            #expect(Set(paths) == ["polygon[0][1][1]", "multi[0][0][0][0]", "tags.a[1]"])
            #expect(error.problems.allSatisfy { $0.location != nil })
        }
        // Lenient: the optional collections are nil, the non-optional one keeps its value.
        let lenient = Mapper<Geometry>()
        let geometry = try #require(lenient.map(JSONString: text))
        #expect(geometry.polygon == nil && geometry.multiPolygon == nil && geometry.tags == [:])
        #expect(lenient.lastProblems.count == 3)
    }

    /// A model with a `JSON` property, which keeps whatever value is there.
    struct Envelope: Mappable {
        var payload: JSON = .null
        var extra: JSON?
        init?(map: Map) {}
        mutating func mapping(map: Map) {
            payload <- map["payload"]
            extra <- map["extra"]
        }
    }

    @Test func aJSONPropertyKeepsAnyValueAsItIs() throws {
        for payload in [
            #"{"url": "https://x", "insecure_ssl": "0", "n": [1, 2.5]}"#, "[true, null]", "12345678901234567890",
        ] {
            let text = #"{"payload": \#(payload), "extra": {"a": {}}}"#
            let envelope = try Mapper<Envelope>(strict: true).map(data: Array(text.utf8))
            #expect(envelope.payload == (try JSON(parsing: payload)))
            #expect(envelope.extra == ["a": [:]])
            let again = try Mapper<Envelope>(strict: true).map(data: Array(envelope.toJSONString()!.utf8))
            #expect(again.payload == envelope.payload && again.extra == envelope.extra)
        }
    }
}
