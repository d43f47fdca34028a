import Foundation
import Testing

@testable import YajlMapper

/// Arrays of basic values, each kind the mapper reads straight from the tape.
private struct BasicArrays: Mappable {
    var doubles: [Double] = []
    var grid: [[[Double]]]?
    var ints: [Int]?
    var wide: [Int64] = []
    var unsigned: [UInt64]?
    var small: [Int32]?
    var texts: [String]?
    var flags: [Bool] = []
    var nested: [[Int]]?
    var single: Double = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        doubles <- map["doubles"]
        grid <- map["grid"]
        ints <- map["ints"]
        wide <- map["wide"]
        unsigned <- map["unsigned"]
        small <- map["small"]
        texts <- map["texts"]
        flags <- map["flags"]
        nested <- map["nested"]
        single <- map["single"]
    }
}

@Suite("Basic values read from the tape")
struct RecordedValueReadTests {
    /// Documents at the edges of each conversion: exact and inexact numbers, signs, zeros,
    /// overflow, escapes, a lone surrogate, mismatched elements, `null`s.
    static let documents = [
        #"{"doubles": [-65.613616999999977, 43.420273000000009, -0.0, 0e5, 1e-320, 2e3], "single": -0.0}"#,
        #"{"doubles": [1e400], "grid": [[[1, 2], [3, 1e-400]]], "single": 1e400}"#,
        #"{"grid": [[[0.1, 0.2]], [[3, 4], [5, 6]]], "ints": [0, -0, 123456789012345678, 1e2, 1.0]}"#,
        #"{"ints": [9223372036854775807, -9223372036854775808, 9223372036854775808]}"#,
        #"{"wide": [1, 2.5], "unsigned": [18446744073709551615, 18446744073709551616, -1]}"#,
        #"{"small": [2147483647, 2147483648], "flags": [true, false, 1]}"#,
        #"{"texts": ["plain", "caf\u00e9", "tab\tand \"quote\"", "\ud83d\ude00"], "flags": [true]}"#,
        #"{"texts": ["ok", "\ud800 lone"], "nested": [[1, 2], [], null, [3]]}"#,
        #"{"texts": ["a", 1, null], "nested": [[1], {"a": 1}], "doubles": ["1"], "ints": null}"#,
        #"{"grid": [[[1, 2]]], "ints": [], "texts": [], "flags": [], "doubles": [], "wide": []}"#,
    ]

    /// The model and the problems of mapping `text` first while the plan learns (every value
    /// through its JSON form) and then by the learned plan (read from the tape).
    private func twoReads(_ text: String, strict: Bool) throws -> (learned: String, planned: String) {
        let mapper = Mapper<BasicArrays>(strict: strict)
        let registry = PlanRegistry()
        mapper.plans = registry
        func read() -> String {
            do {
                let model = try mapper.map(data: Array(text.utf8))
                return "\(model) \(mapper.lastProblems)"
            } catch {
                return "\(error)"
            }
        }
        let learned = read()
        #expect(mapperPlanKeys(BasicArrays.self, in: registry)?.contains("doubles") == true)
        return (learned, read())
    }

    @Test(arguments: documents)
    func readsAsItsJSONFormReads(_ text: String) throws {
        for strict in [false, true] {
            let (learned, planned) = try twoReads(text, strict: strict)
            #expect(learned == planned, "strict: \(strict)")
        }
    }

    @Test func exactValuesComeThrough() throws {
        let model = try #require(Mapper<BasicArrays>().map(JSONString: Self.documents[0]))
        #expect(
            model.doubles.map(\.bitPattern)
                == [
                    Double("-65.613616999999977")!, Double("43.420273000000009")!, -0.0, 0, Double("1e-320")!, 2000,
                ].map(\.bitPattern))
        #expect(model.single.bitPattern == (-0.0 as Double).bitPattern)
    }
}
