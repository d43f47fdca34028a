import Foundation
import Testing

@testable import YajlMapper

private enum TwiceTagLenient {}
private enum TwiceTagStrict {}
private enum TwiceTagStream {}

/// A model that reads the key its `kind` names: a plan learned from some kinds misses others.
private struct TwiceItem<Tag>: Mappable, Equatable {
    var kind = ""
    var value = 0
    var stars: Int!
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        kind <- map["kind"]
        value <- map[kind]
        stars <- map["stars"]
    }
}

/// A page of them.
private struct TwicePage<Tag>: Mappable {
    var items: [TwiceItem<Tag>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

// Every byte an engine on the thread is given (`ParseNesting.bytesParsed`) counts, whether
// yajl reads it or the skip passes over it: mapping a document of n bytes gives at most 2n, once the plans
// hold and after a miss, with problems to locate or none, lenient or strict.
@Suite("A document is parsed at most twice", .serialized)
struct ParsedAtMostTwiceTests {
    /// A page of `count` items of the kinds in `kinds`, in turn, whose `stars` are strings at
    /// the positions in `mistyped`.
    static func page(_ count: Int, kinds: String, mistyped: Set<Int> = []) -> [UInt8] {
        let kinds = Array(kinds)
        let items = (0..<count).map { i in
            let kind = kinds[i % kinds.count]
            let stars = mistyped.contains(i) ? #""many""# : "\(i)"
            return #"{"kind": "\#(kind)", "\#(kind)": \#(i), "stars": \#(stars), "pad": [1, {"x": 2}]}"#
        }
        return Array(#"{"total": \#(count), "items": [\#(items.joined(separator: ",\n"))]}"#.utf8)
    }

    /// What mapping `text` gave: the items and the problems (without their places), and
    /// whether every problem has its line and column.
    fileprivate static func outcome<Tag>(_ mapper: Mapper<TwicePage<Tag>>, _ text: [UInt8]) -> (String, Bool) {
        do {
            let result = try text.withUnsafeBytes { try mapper.mapResult(bytes: $0) }
            return (
                describe(result.value?.items ?? [], result.problems), result.problems.allSatisfy { $0.location != nil }
            )
        } catch let error as MappingError {
            return (describe([TwiceItem<Tag>](), error.problems), error.problems.allSatisfy { $0.location != nil })
        } catch {
            return ("\(error)", false)
        }
    }

    /// Items and problems as text, the problems without their places.
    private static func describe<Tag>(_ items: [TwiceItem<Tag>], _ problems: [MappingProblem]) -> String {
        let unplaced = problems.map { problem -> String in
            var problem = problem
            problem.location = nil
            return "\(problem)"
        }
        return "\(items.map { "\($0.kind) \($0.value) \($0.stars.map(String.init) ?? "-")" }) \(unplaced)"
    }

    /// The bytes parsed on this thread while `body` runs (on it: the mappers have one job).
    static func bytesParsed(_ body: () throws -> Void) rethrows -> Int {
        let before = ParseNesting.bytesParsed
        try body()
        return ParseNesting.bytesParsed - before
    }

    @Test(arguments: [false, true])
    func atMostTwiceOnceThePlansHold(strict: Bool) {
        let pages: [(String, [UInt8])] = [
            ("clean", Self.page(30, kinds: "ab")), ("mistyped", Self.page(30, kinds: "ab", mistyped: [3, 11, 20])),
            ("a miss", Self.page(30, kinds: "ac")), ("a miss, mistyped", Self.page(30, kinds: "bd", mistyped: [4])),
            ("clean again", Self.page(30, kinds: "ab")),
        ]
        func check<Tag>(_ tag: Tag.Type) {
            let mapper = Mapper<TwicePage<Tag>>(strict: strict, jobs: 1)
            _ = Self.outcome(mapper, Self.page(30, kinds: "ab"))
            #expect(Self.outcome(mapper, Self.page(30, kinds: "ab", mistyped: [1])).0.contains("items[1].stars"))
            for (name, text) in pages {
                // The reference: the same document as a parsed value, mapped by replay.
                let expected = Self.replayed(mapper, text)
                var outcome = ("", false)
                let parsed = Self.bytesParsed { outcome = Self.outcome(mapper, text) }
                #expect(parsed <= 2 * text.count, "\(name): \(Double(parsed) / Double(text.count)) passes")
                #expect(parsed >= text.count, "\(name): not a real count")
                #expect(outcome.0 == expected, "\(name)")
                #expect(outcome.1, "\(name): a problem without its line and column")
            }
        }
        if strict { check(TwiceTagStrict.self) } else { check(TwiceTagLenient.self) }
    }
}

extension ParsedAtMostTwiceTests {
    /// Streamed, each element that misses is parsed again from its own bytes, once.
    @Test func streamedElementsAtMostTwice() throws {
        let pages = [
            Self.page(30, kinds: "ab"), Self.page(30, kinds: "ab", mistyped: [3]), Self.page(30, kinds: "ac"),
            Self.page(30, kinds: "ad", mistyped: [1, 2, 3]), Self.page(30, kinds: "ef", mistyped: [0]),
        ]
        for text in pages {
            var problems: [MappingProblem] = []
            let parsed = try Self.bytesParsed {
                let stream = MappingStreamParser(mapper: Mapper<TwiceItem<TwiceTagStream>>(), elementsAt: "items") {
                    _ in
                }
                problems = try stream.read(text, jobs: 1).problems
            }
            #expect(parsed <= 2 * text.count, "\(Double(parsed) / Double(text.count)) passes")
            #expect(problems.allSatisfy { $0.location != nil })
        }
    }

    /// ``outcome(_:_:)`` of the document parsed first and mapped from the value (no
    /// places: a value holds none).
    fileprivate static func replayed<Tag>(_ mapper: Mapper<TwicePage<Tag>>, _ text: [UInt8]) -> String {
        do {
            let page = try mapper.map(json: try JSON(parsing: String(decoding: text, as: UTF8.self)))
            return describe(page.items, mapper.lastProblems)
        } catch let error as MappingError {
            return describe([TwiceItem<Tag>](), error.problems)
        } catch {
            return "\(error)"
        }
    }
}
