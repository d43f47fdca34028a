import Foundation
import Testing

@testable import YajlMapper

/// Every element shape an array of models can hold, mapped while the document is parsed
/// (an array in the root object, the document in memory) and mapped from the parsed
/// value: the same models, the same problems, each located in the text.
@Suite("Arrays of models mapped while parsed")
struct ModelArraysMappedWhileParsedTests {
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
        for _ in 0..<2 { // learning the plans, then using them
            let collected = try Self.page.withCString { text in
                try Mapper<CollectedPage>().mapResult(bytes: UnsafeRawBufferPointer(start: text, count: strlen(text)))
            }
            let replayed = try Mapper<CollectedPage>().map(
                json: try JSON(
                    parsing: Array(Self.page.utf8),
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
            let summary = collected.problems.map {
                "\($0.kind) \($0.keyPath) \($0.location?.line ?? 0):\($0.location?.column ?? 0)"
            }
            #expect(
                summary == [
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
        // More elements than the builder's first buffer (16 models) holds.
        let items = (0..<100).map { #"{"id": \#($0), "full_name": "o/\#($0)"}"# }.joined(separator: ",")
        let large = try Mapper<SparsePage>().map(string: #"{"items": [\#(items)]}"#)
        #expect(large.items.map(\.id) == Array(0..<100))
        #expect(large.items.last?.fullName == "o/99")
    }

    /// The problems of a strict mapping, as `kind keyPath line:column`.
    private static func problems(_ map: () throws -> Any) -> [String] {
        do {
            _ = try map()
            return []
        } catch let error as MappingError {
            return error.problems.map {
                "\($0.kind) \($0.keyPath) \($0.location?.line ?? 0):\($0.location?.column ?? 0)"
            }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aMapKeptByAnElementStillReadsThatElement() throws {
        let text = #"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"name": "c", "id": 3}]}"#
        for _ in 0..<2 {
            let page = try Mapper<KeepingPage>().map(string: text)
            #expect(page.items.map(\.id) == [1, 2, 3])
            #expect(page.items.map(\.name) == ["a", "b", "c"])
            // Each kept map reads its own element, not memory the parse went on to reuse.
            let seen = page.items.map { $0.map?.jsonValue }
            #expect(seen == [["id": 1, "name": "a"], ["id": 2, "name": "b"], ["name": "c", "id": 3]])
        }
    }

    @Test func aMapKeptByANestedElementStillReadsThatElement() throws {
        // Elements shaped like the plan are read from their values in place; one in another
        // key order, or with a key given twice, is read as an object.
        let text = #"""
            {"pages": [{"items": [{"id": 1, "name": "a"}, {"name": "b", "id": 2}]},
                       {"items": [{"id": 3, "name": "c"}, {"id": 4, "name": "d", "id": 5}]}]}
            """#
        for _ in 0..<3 {
            let book = try Mapper<KeepingBook>().map(string: text)
            let items = book.pages.flatMap(\.items)
            #expect(items.map(\.id) == [1, 2, 3, 4])
            #expect(items.map(\.name) == ["a", "b", "c", "d"])
            #expect(Set(items.compactMap { $0.map.map(ObjectIdentifier.init) }).count == 4)
            // Each kept map reads its own element after the whole document is mapped.
            let seen = items.map { $0.map?.jsonValue }
            #expect(
                seen == [
                    ["id": 1, "name": "a"], ["name": "b", "id": 2], ["id": 3, "name": "c"], ["id": 4, "name": "d"],
                ])
            #expect(items.map { $0.map?["name"].currentJSON } == ["a", "b", "c", "d"])
        }
    }

    @Test func aContextFilledBeforeTheItemsAreReadReachesThem() throws {
        let text = #"{"prefix": "x-", "items": [{"name": "a"}, {"name": "b"}]}"#
        for _ in 0..<2 {
            let page = try Mapper<PrefixedPage>(context: PrefixContext()).map(string: text)
            #expect(page.items.map(\.name) == ["x-a", "x-b"])
        }
    }

    @Test func anArrayReadTwiceOrAsAnotherTypeMapsAsFromTheParsedValue() throws {
        let items =
            #"[{"id": 1, "full_name": "o/a", "login": "l1"}, null, {"id": "two", "full_name": "o/b", "login": "l2"}]"#
        for flag in [false, true, false] {
            let text = #"{"flag": \#(flag), "items": \#(items)}"#
            let parsed = try JSON(parsing: Array(text.utf8))
            let built = try Mapper<TwoReadsPage>().map(string: text)
            let replayed = try Mapper<TwoReadsPage>().map(json: parsed)
            #expect(built.first == replayed.first)
            #expect(built.second == replayed.second)
            #expect(built.owners == replayed.owners)
            #expect(flag ? built.owners.map(\.login) == ["l1", "l2"] : built.first.map(\.id) == [1, 0])
            #expect(flag || built.second == built.first)
            let strictBuilt = Self.problems { try Mapper<TwoReadsPage>(strict: true).map(string: text) }
            let strictReplayed = Self.problems { try Mapper<TwoReadsPage>(strict: true).map(json: parsed) }
            // Positions (and the order they give) come from the text only: compare the rest.
            #expect(
                strictBuilt.map { $0.split(separator: " ").dropLast().joined(separator: " ") }.sorted()
                    == strictReplayed.map { $0.split(separator: " ").dropLast().joined(separator: " ") }.sorted())
            #expect(
                strictBuilt.contains(
                    flag
                        ? "typeMismatch items[1] 1:\(text.column(of: "null"))"
                        : "typeMismatch items[2].id 1:\(text.column(of: #""two""#))"))
        }
    }

    @Test func anImmutableModelFailsWithOneElementThatFails() throws {
        let good = #"{"items": [{"id": 1, "full_name": "o/a"}, {"id": 2, "full_name": "o/b"}]}"#
        let bad = #"{"items": [{"id": 1, "full_name": "o/a"}, 7]}"#
        for _ in 0..<2 {
            #expect(try Mapper<ImmutableItemsPage>().map(string: good).items.map(\.id) == [1, 2])
            #expect(
                Self.problems { try Mapper<ImmutableItemsPage>().map(string: bad) }.first
                    == "typeMismatch items[1] 1:\(bad.column(of: "7]"))")
        }
    }

    @Test func elementsAreMappedWhenThePageReadsThemWithOrWithoutAContext() throws {
        let text = #"{"items": [{"name": "a"}, {"name": "b"}]}"#
        _ = try Mapper<LoggedPage>().map(string: text) // learns the plans
        _ = MappingOrderLog.shared.take()
        // The page's mapping runs first and maps its items as it reads them, as in ObjectMapper.
        #expect(try Mapper<LoggedPage>().map(string: text).items.map(\.name) == ["a", "b"])
        #expect(MappingOrderLog.shared.take() == ["page", "a", "b"])
        #expect(try Mapper<LoggedPage>(context: PrefixContext()).map(string: text).items.map(\.name) == ["a", "b"])
        #expect(MappingOrderLog.shared.take() == ["page", "a", "b"])
    }

    @Test func severalArraysAndArraysInsideElementsMapAsFromTheParsedValue() throws {
        let text =
            #"{"data": {"first": [{"id": 1, "full_name": "a"}, {"id": "x", "full_name": "b"}]}, "#
            + #""owners": [{"login": "l", "id": 2}], "#
            + #""groups": [{"name": "g", "items": [{"id": 3, "full_name": "c"}, {"id": true, "full_name": "d"}]}]}"#
        let parsed = try JSON(parsing: Array(text.utf8))
        for _ in 0..<2 {
            let built = try Mapper<ManyArraysPage>().map(string: text)
            let replayed = try Mapper<ManyArraysPage>().map(json: parsed)
            #expect(built.first == replayed.first)
            #expect(built.owners == replayed.owners)
            #expect(built.groups == replayed.groups)
            #expect(built.first.map(\.fullName) == ["a", "b"])
            #expect(built.owners == [OpOwner(login: "l", id: 2)])
            #expect(built.groups.first?.items.map(\.id) == [3, 0])
            let problems = Self.problems { try Mapper<ManyArraysPage>(strict: true).map(string: text) }
            #expect(
                problems == [
                    "typeMismatch data.first[1].id 1:\(text.column(of: #""x""#))",
                    "typeMismatch groups[0].items[1].id 1:\(text.column(of: "true"))",
                ])
        }
    }

    @Test func aKeyPathsOneValueObjectReadsAsFromTheParsedValue() throws {
        let text = """
            {"items": [
              {"id": 1, "owner": {"login": "a", "avatar_url": "u1"}},
              {"owner": {"avatar_url": "u2"}, "id": 2},
              {"id": 3, "owner": {"login": "c"}},
              {"id": 4, "owner": null},
              {"id": 5, "owner": "u5"},
              {"id": 6, "owner": {"avatar_url": "u6", "avatar_url": "again"}},
              {"id": 7, "owner": {"avatar_url": 7}},
              {"id": -8, "owner": {"login": "h", "avatar_url": "u8"}},
              {"id": 99, "owner": {"avatar_url": "u99"}},
              {"owner": {"avatar_url": "u10"}}
            ]}
            """
        let parsed = try JSON(parsing: Array(text.utf8), duplicateKeys: .useFirst)
        for _ in 0..<2 {
            let built = try Mapper<AvatarPage>().map(string: text)
            let replayed = try Mapper<AvatarPage>().map(json: parsed)
            #expect(built.items == replayed.items)
            #expect(built.items.map(\.avatar) == ["u1", "u2", nil, nil, nil, "u6", nil, "u8", "u99", "u10"])
            // The object itself, when a mapping asks for it (outside the plan: mapped again).
            #expect(built.items[7].ownerValue == ["login": "h", "avatar_url": "u8"])
            // A map kept past its mapping still reads what was recorded of its object.
            #expect(built.items[8].map?.jsonValue["owner"]["avatar_url"] == "u99")
            let problems = Self.problems { try Mapper<AvatarPage>(strict: true).map(string: text) }
            // Each at its own value (an object is where its missing key is), also after an
            // object whose repeated key was dropped.
            let lines = text.split(separator: "\n").map(String.init)
            #expect(
                problems == [
                    "typeMismatch items[6].owner.avatar_url 8:\(lines[7].column(of: "7}"))",
                    "missing items[9].id 11:\(lines[10].column(of: "{"))",
                ])
        }
    }

    @Test func aKeptMapReadsItsObjectAfterTheInputIsGone() throws {
        for _ in 0..<2 {
            // The text's bytes live only as long as the mapping: a kept map reads its own copy.
            let page = try Mapper<KeptAvatarPage>().map(
                data: Array(
                    #"{"items": [{"owner": {"login": "a", "avatar_url": "u1"}}, {"owner": {"avatar_url": "u2"}}]}"#.utf8
                ))
            #expect(page.items.map(\.avatar) == ["u1", "u2"])
            #expect(page.items.map { $0.map?.jsonValue["owner"]["avatar_url"] } == ["u1", "u2"])
        }
    }
}

extension String {
    /// The column (from 1) where `part` first occurs in this one-line text.
    fileprivate func column(of part: String) -> Int {
        utf8.distance(from: utf8.startIndex, to: range(of: part)!.lowerBound.samePosition(in: utf8)!) + 1
    }
}
