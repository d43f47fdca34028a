import Foundation
import Testing
@testable import YajlMapper

/// A page whose items are read only when its total is not negative.
struct CollectedPage: Mappable {
    var items: [SparseItem] = []
    var total = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total"]
        if total >= 0 { items <- map["items"] }
    }
}

/// Every element shape an array of models can hold, mapped while the document is parsed
/// (an array in the root object, the document in memory) and mapped from the parsed
/// value: the same models, the same problems, each located in the text.
@Suite("Arrays of models mapped while parsed")
struct MappingCollectedArrayTests {
    static let page = """
    {"total": 7, "items": [
      {"id": 1, "name": "a", "full_name": "o/a", "owner": {"login": "o", "id": 7, "avatar_url": "u1"}},
      {"full_name": "o/b", "id": 2, "name": "b"},
      7,
      null,
      {"id": 5, "name": "e", "full_name": "o/e", "name": "again", "id": 50},
      {"id": "six", "full_name": "o/f"},
      {"id": 7, "full_name": "o/g", "owner": {"login": "p", "id": 8}, "created_at": "2020-01-02T03:04:05Z"}
    ], "after": [1, 2]}
    """

    @Test func sameModelsAndProblemsAsFromTheParsedValue() throws {
        for _ in 0..<2 {  // learning the plans, then using them
            let collected = try Self.page.withCString { text in
                try Mapper<CollectedPage>().mapResult(bytes: UnsafeRawBufferPointer(start: text, count: strlen(text)))
            }
            let replayed = try Mapper<CollectedPage>().map(json: try JSON(parsing: Array(Self.page.utf8),
                                                                         duplicateKeys: .useFirst))
            let models = try #require(collected.value?.items)
            #expect(models == replayed.items)
            // The lenient default keeps an object whose field failed (the field keeps its
            // default), as ObjectMapper does; non-objects give no model.
            #expect(models.map(\.id) == [1, 2, 5, 0, 7])
            #expect(models[2].name == "e")
            #expect(models[3].fullName == "o/f")
            #expect(models[4].owner == OpOwner(login: "p", id: 8))
            #expect(collected.value?.total == 7)
            let summary = collected.problems.map { "\($0.kind) \($0.keyPath) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
            #expect(summary == [
                "typeMismatch items[2] 4:3",
                "typeMismatch items[3] 5:3",
                "typeMismatch items[5].id 7:10",
            ])
        }
    }

    @Test func strictModeThrowsTheFirstElementProblemWithItsPosition() throws {
        do {
            _ = try Mapper<CollectedPage>(strict: true).map(string: Self.page)
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(error.first.keyPath == "items[2]")
            #expect(error.first.location == JSONLocation(offset: 172, line: 4, column: 3))
            #expect(error.problems.contains { $0.keyPath == "items[5].id" && $0.location?.line == 7 })
        }
    }

    @Test func anArrayTheMappingDoesNotReadGivesNoProblems() throws {
        let text = Self.page.replacingOccurrences(of: #""total": 7"#, with: #""total": -1"#)
        let result = try text.withCString { text in
            try Mapper<CollectedPage>().mapResult(bytes: UnsafeRawBufferPointer(start: text, count: strlen(text)))
        }
        #expect(result.value?.items == [])
        #expect(result.problems.isEmpty)
    }

    @Test func elementsOfAnEmptyOrLargeArray() throws {
        let empty = try Mapper<SparsePage>().map(string: #"{"items": []}"#)
        #expect(empty.items.isEmpty)
        // More elements than the collector's first buffer holds.
        let items = (0..<100).map { #"{"id": \#($0), "full_name": "o/\#($0)"}"# }.joined(separator: ",")
        let large = try Mapper<SparsePage>().map(string: #"{"items": [\#(items)]}"#)
        #expect(large.items.map(\.id) == Array(0..<100))
        #expect(large.items.last?.fullName == "o/99")
    }
}
