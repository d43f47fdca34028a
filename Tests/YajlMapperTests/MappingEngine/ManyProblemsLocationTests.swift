import Foundation
import Testing

@testable import YajlMapper

/// An element with a number and a name, both required.
private struct NumberedItem: Mappable, Equatable {
    var id = 0
    var name = ""

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
    }
}

/// A page of such elements.
private struct NumberedPage: Mappable {
    var items: [NumberedItem] = []

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        items <- map["items"]
    }
}

@Suite("Mapping problems: a damaged page with a problem in every element")
struct ManyProblemsLocationTests {
    /// `count` elements, one per line from line 2, each with its `id` a string and no `name`:
    /// `  {"id": "x7", "other": 7},`.
    private static func damagedPage(count: Int) -> String {
        var text = "{\"items\": [\n"
        for i in 0..<count {
            text += "  {\"id\": \"x\(i)\", \"other\": \(i)}" + (i + 1 < count ? ",\n" : "\n")
        }
        return text + "]}\n"
    }

    @Test func everyProblemIsLocatedOnItsOwnLineInDocumentOrder() throws {
        // Thousands of problems: locating and ordering them must not go back over the whole
        // input, or the whole problem list, for each one.
        let count = 3_000
        var text = Self.damagedPage(count: count)
        let result = try text.withUTF8 {
            try Mapper<NumberedPage>(strict: false).mapResult(bytes: UnsafeRawBufferPointer($0))
        }
        #expect(result.problems.count == 2 * count)
        for (n, problem) in result.problems.enumerated() {
            let i = n / 2
            // The mistyped value first (at its own position), then the missing key (at its
            // object, after the problems inside it).
            if n % 2 == 0 {
                #expect(problem.kind == .typeMismatch && problem.keyPath == "items[\(i)].id")
                #expect(problem.location?.line == 2 + i && problem.location?.column == 10)
            } else {
                #expect(problem.kind == .missing && problem.keyPath == "items[\(i)].name")
                #expect(problem.location?.line == 2 + i && problem.location?.column == 3)
            }
            if problem.location?.line != 2 + i { break }
        }
    }

    @Test func problemsAskedOutOfOrderAreLocatedFromTheStart() throws {
        let text = "[\n1,\n22,\n333\n]"
        try text.utf8CString.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw.dropLast())
            var locator = Locator(bytes: bytes, base: 0, line: 1, lineStart: 0)
            // "333" at offset 9, then "1" at offset 2 (before it), then "22" at offset 5.
            #expect(locator.location(of: 9) == JSONLocation(offset: 9, line: 4, column: 1))
            #expect(locator.location(of: 2) == JSONLocation(offset: 2, line: 2, column: 1))
            #expect(locator.location(of: 5) == JSONLocation(offset: 5, line: 3, column: 1))
            #expect(locator.location(of: 6) == JSONLocation(offset: 6, line: 3, column: 2))
        }
    }
}
