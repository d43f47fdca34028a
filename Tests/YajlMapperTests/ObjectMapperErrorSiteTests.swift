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
