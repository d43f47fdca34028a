import Foundation
import Testing
import YajlMapper

// ObjectMapper's `map.value(...)` records where it was called in the `MapError` it throws
// (`file`, `function`, `line`): code that logs them keeps working.

private struct Located: ImmutableMappable {
    static let valueLine: UInt = #line + 4
    let id: Int
    let name: String?
    init(map: Map) throws {
        id = try map.value("id")
        name = try map.value("name")
    }
}

private struct Outer: ImmutableMappable {
    let inner: Located
    init(map: Map) throws { inner = try map.value("inner") }
}

@Suite("MapError names the map.value call")
struct ObjectMapperErrorSiteTests {
    @Test(arguments: [#"{}"#, #"{"id": "seven"}"#, #"{"id": 1, "name": 2}"#])
    func valueCallSite(text: String) throws {
        do {
            _ = try Mapper<Located>().map(JSONString: text)
            Issue.record("mapped \(text)")
        } catch let error as MapError {
            let line = text.contains("name") ? Located.valueLine + 1 : Located.valueLine
            #expect(error.line == line)
            #expect(error.file.map { "\($0)".hasSuffix("ObjectMapperErrorSiteTests.swift") } == true)
            #expect(error.function.map { "\($0)" } == "init(map:)")
        }
    }

    @Test func nestedModelKeepsTheInnerCallSite() throws {
        do {
            _ = try Mapper<Outer>().map(JSONString: #"{"inner": {"id": null}}"#)
            Issue.record("mapped")
        } catch let error as MapError {
            #expect(error.line == Located.valueLine && error.key == "inner.id")
        }
    }

    @Test func anErrorMadeByHandKeepsItsOwnFields() {
        let error = MapError(key: "k", currentValue: 1, reason: "no")
        #expect(error.file == nil && error.line == nil)
    }
}

// An error of the caller's own type thrown by an `init(map:)` reaches ObjectMapper's throwing
// entry points as thrown (ObjectMapper does not wrap it); this package's own entry points
// report it as a problem naming the model, with its position.

private enum Refusal: Error, Equatable {
    case negative(Int)
}

private struct Checked: ImmutableMappable {
    let n: Int
    init(map: Map) throws {
        n = try map.value("n")
        guard n >= 0 else { throw Refusal.negative(n) }
    }
}

private struct Holder: ImmutableMappable {
    let checked: [Checked]
    init(map: Map) throws { checked = try map.value("checked") }
}

@Suite("ObjectMapper entry points pass a caller's own error on")
struct ObjectMapperCallerErrorTests {
    private func expectRefusal(_ expected: Refusal, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no error")
        } catch let error as Refusal {
            #expect(error == expected)
        } catch {
            Issue.record("\(type(of: error)): \(error)")
        }
    }

    @Test func theCallersErrorArrivesAsThrown() {
        expectRefusal(.negative(-2)) { _ = try Mapper<Checked>().map(JSONString: #"{"n": -2}"#) }
        expectRefusal(.negative(-2)) { _ = try Checked(JSONString: #"{"n": -2}"#) }
        expectRefusal(.negative(-3)) { _ = try Checked(JSON: ["n": -3]) }
        expectRefusal(.negative(-4)) {
            _ = try Mapper<Checked>().mapArray(JSONString: #"[{"n": 1}, {"n": -4}, {"n": -5}]"#)
        }
        expectRefusal(.negative(-6)) {
            _ = try Mapper<Holder>().map(JSONString: #"{"checked": [{"n": 0}, {"n": -6}]}"#)
        }
    }

    @Test func aMapErrorFirstStaysAMapError() throws {
        // The first problem is the missing key of the first element: ObjectMapper stops there.
        #expect(throws: MapError.self) { _ = try Mapper<Checked>().mapArray(JSONString: #"[{}, {"n": -1}]"#) }
    }

    @Test func thisPackagesEntryPointsReportAProblem() throws {
        do {
            _ = try Mapper<Checked>().map(data: Array("\n {\"n\": -7}".utf8))
            Issue.record("no error")
        } catch let error as MappingError {
            #expect(error.problems.first?.kind == .objectRejected)
            #expect(error.problems.first?.found == "negative(-7)")
            #expect(error.problems.first?.location == JSONLocation(offset: 2, line: 2, column: 2))
        }
    }
}
