import Foundation
import Testing

@testable import YajlMapper

// The recorder keeps only the keys a plan lists. These tests pin what must not change when
// objects differ from the plan's order: keys in another order, keys missing, unlisted keys
// (some sharing a planned key's length and first and last bytes), a planned key given twice,
// and nested models inside array elements, whose problems name their whole path.

@Suite("Sparse capture: order, gaps, repeats, nested paths")
struct MappingSparseCaptureTests {
    static let page = """
        {"items": [
          {"id": 1, "name": "a", "full_name": "o/a", "owner": {"login": "o", "id": 7, "avatar_url": "u1"}, "created_at": "2020-01-02T03:04:05Z"},
          {"full_name": "o/b", "id": 2, "owner": {"avatar_url": "u2", "id": 8, "login": "p"}, "name": "b"},
          {"id": 3, "nmae": "x", "fulL_name": "y", "full_name": "o/c", "name": null, "owner": null},
          {"id": 4, "name": "first", "full_name": "o/d", "name": "last", "id": 40}
        ]}
        """

    @Test func objectsInAnyOrderWithGapsAndRepeatsMapLikeTheWholeDocument() throws {
        let page = try Mapper<SparsePage>().map(string: Self.page)
        let created = ISO8601DateTransform().transformFromJSON("2020-01-02T03:04:05Z")
        #expect(
            page.items == [
                SparseItem(
                    id: 1, name: "a", fullName: "o/a", owner: OpOwner(login: "o", id: 7), avatar: "u1", created: created
                ),
                SparseItem(
                    id: 2, name: "b", fullName: "o/b", owner: OpOwner(login: "p", id: 8), avatar: "u2", created: nil),
                SparseItem(id: 3, name: nil, fullName: "o/c", owner: nil, avatar: nil, created: nil),
                // A planned key given twice: the first value, as JSONDecoder.
                SparseItem(id: 4, name: "first", fullName: "o/d", owner: nil, avatar: nil, created: nil),
            ])
        // The same models from the fully parsed value (no plan, no sparse capture), read
        // with the same rule for repeated keys.
        let whole = try Mapper<SparsePage>().map(
            json: try JSON(parsing: Array(Self.page.utf8), duplicateKeys: .useFirst))
        #expect(whole.items == page.items)
    }

    @Test func nestedModelProblemsInArrayElementsNameTheirPathAndPosition() throws {
        var text = """
            {"items": [
              {"id": 1, "full_name": "a", "owner": {"login": "o", "id": 1}},
              {"id": 2, "full_name": "b", "owner": {"id": "nine", "login": "p"}},
              {"id": 3, "full_name": "c", "created_at": "yesterday"}
            ]}
            """
        let result = try text.withUTF8 { try Mapper<SparsePage>().mapResult(bytes: UnsafeRawBufferPointer($0)) }
        let summary = result.problems.map {
            "\($0.kind) \($0.keyPath) \($0.location?.line ?? 0):\($0.location?.column ?? 0)"
        }
        #expect(
            summary == [
                "typeMismatch items[1].owner.id 3:47",
                "transformFailed items[2].created_at 4:45",
            ])
        #expect(result.value?.items.map { $0.id } == [1, 2, 3])
    }

    @Test func transformsLeaveAbsentKeysAloneAndReadNullAsNil() throws {
        var item = try #require(
            SparseItem(JSONString: #"{"id": 1, "full_name": "a", "created_at": "2021-05-06T07:08:09+02:00"}"#))
        #expect(item.created == ISO8601DateTransform().transformFromJSON("2021-05-06T05:08:09Z"))
        item = Mapper<SparseItem>().map(JSONString: #"{"id": 2}"#, toObject: item)
        #expect(item.id == 2 && item.created != nil)
        item = Mapper<SparseItem>().map(JSONString: #"{"created_at": null}"#, toObject: item)
        #expect(item.created == nil)
    }

    @Test func aPlanLearnsTheObjectsOrderAndStillMapsEveryOrderAndLocatesProblems() throws {
        let text = """
            [{"a": 1, "b": true, "c": "x", "d": 0},
             {"a": 2, "b": false, "c": "y"},
             {"c": "z", "b": null, "a": 3},
             {"a": "four", "c": "w"}]
            """
        let expected = [
            SparseReordered(c: "x", a: 1, b: true), SparseReordered(c: "y", a: 2, b: false),
            SparseReordered(c: "z", a: 3, b: nil), SparseReordered(c: "w", a: 0, b: nil),
        ]
        // The first mapping learns the order; the later ones capture with it. All agree, and
        // the problem keeps its place.
        for _ in 0..<3 {
            #expect(try Mapper<SparseReordered>().mapArray(data: Array(text.utf8)) == expected)
            #expect(try strictProblems(text) == ["typeMismatch [3].a 4:8"])
        }
        #expect(mapperPlanKeys([SparseReordered].self, at: ["[]"]) == ["a", "b", "c"])
    }

    private func strictProblems(_ text: String) throws -> [String] {
        do {
            _ = try Mapper<SparseReordered>(strict: true).mapArray(data: Array(text.utf8))
            return []
        } catch let error as MappingError {
            return error.problems.map {
                "\($0.kind) \($0.keyPath) \($0.location?.line ?? 0):\($0.location?.column ?? 0)"
            }
        }
    }

    @Test func aTypeThatIsBothMappableAndStaticMappableIsMadeByObjectForMapping() throws {
        let made = try Mapper<SparseBoth>().map(string: #"{"value": 5}"#)
        #expect(made.origin == "objectForMapping")
        #expect(made.value == 5)
        let many = try Mapper<SparseBoth>().mapArray(data: Array(#"[{"value": 1}, {"value": 2}]"#.utf8))
        #expect(many.map(\.origin) == ["objectForMapping", "objectForMapping"])
        #expect(many.map(\.value) == [1, 2])
    }
}

@Suite("Sparse capture: maps of array elements")
struct MappingElementMapTests {
    @Test func aModelThatKeepsItsMapGetsItsOwn() throws {
        let models = try Mapper<SparseKeepsMap>().mapArray(data: Array(#"[{"id": 1}, {"id": 2}, {"id": 3}]"#.utf8))
        #expect(models.map(\.id) == [1, 2, 3])
        let maps = models.compactMap { $0.kept.map(ObjectIdentifier.init) }
        #expect(Set(maps).count == 3)
    }

    @Test func elementsMappedWithAReusedMapStartFresh() throws {
        // Each element's mapping sees its own object from its first key: a reused map keeps
        // nothing of the previous element (selection, position hints, plan cursor).
        let text = #"{"items": [{"id": 1, "name": "a"}, {"name": "b"}, {"id": 3}, {"id": 4, "name": null}]}"#
        struct Page: Mappable {
            var items: [SparseForgetsMap] = []
            init?(map: Map) {}
            mutating func mapping(map: Map) { items <- map["items"] }
        }
        let page = try Mapper<Page>().map(data: Array(text.utf8))
        #expect(page.items.map(\.id) == [1, 0, 3, 4])
        #expect(page.items.map(\.name) == ["a", "b", nil, nil])
    }
}
