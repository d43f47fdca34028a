import Foundation
import Testing

@testable import YajlMapper

// Generated round trips (models and generators in MappingRoundTripGeneratedModels.swift, the
// comparisons in MappingRoundTripGeneratedChecks.swift).
// For each seeded value:
//  1. value → toJSONString() → map(JSONString:) and the throwing strict map(string:) give
//     the value back: floating values bit for bit, strings scalar for scalar, ISO 8601 dates
//     to the microsecond (as ISO8601DateTransform documents), everything else by value;
//     toJSON() → map(JSON:) too.
//  2. The text is JSON for JSON(parsing:) and for JSONSerialization; what is written (with and
//     without nil values) has the shape of the model's independently written tree: nested
//     key paths as objects, array indexes as arrays (checked again on JSONSerialization's
//     reading, strings included).
//  3. toJSONString(prettyPrint: true) and shouldIncludeNilValues map back to the same value.
//  4. The tree written by DiffLayout (another writer: layouts, escapes, number spellings,
//     nulls or absent keys for nil, shuffled members, unknown keys) maps to the value, and
//     that → toJSONString → map gives it again.

@Suite("Generated round trips")
struct MappingRoundTripGeneratedTests {
    @Test func scalars() throws { try rtgCheck(RTGScalars.self, seed: 1, count: 90) }
    @Test func keyPaths() throws { try rtgCheck(RTGPaths.self, seed: 2, count: 100) }
    @Test func nestedModels() throws { try rtgCheck(RTGTree.self, seed: 3, count: 20) }
    @Test func transforms() throws { try rtgCheck(RTGTransforms.self, seed: 4, count: 100) }

    /// The generator reaches what the round trips are meant to cover.
    @Test func generatorCoversTheCases() {
        var r = TestRandom(state: 1)
        let values = (0..<90).map { RTGScalars.generate(&r, $0) }
        #expect([Int8.min, Int8.max, 0, -1].allSatisfy { x in values.contains { $0.i8 == x } })
        #expect([UInt64.min, UInt64.max].allSatisfy { x in values.contains { $0.u64 == x } })
        #expect(
            values.contains {
                $0.d.bitPattern == (-0.0 as Double).bitPattern && $0.f.bitPattern == (-0.0 as Float).bitPattern
            })
        #expect(
            values.contains { $0.d == .leastNonzeroMagnitude } && values.contains { $0.d == .greatestFiniteMagnitude })
        #expect(values.contains { rtgSignificantDigits($0.d.description) == 17 })
        #expect(values.contains { $0.s.unicodeScalars.contains("\u{0}") && $0.s.unicodeScalars.contains("\u{2028}") })
        #expect(values.contains { $0.od == nil } && values.contains { $0.od != nil })
        #expect(values.contains { $0.dotted?.keys.contains { $0.contains(".") } == true })
    }

    /// JSON cannot hold NaN or infinity: the number types document `null` for them, which reads
    /// as nil into an optional and is a problem for a non-optional (the property keeps its value).
    @Test func nonFiniteNumbersAreWrittenAsNull() throws {
        var value = RTGNonFinite()
        (value.d, value.f, value.od, value.of, value.ds, value.dec) = (
            .nan, -.infinity, .infinity, .nan, [1, .nan], .nan
        )
        let text = try #require(value.toJSONString())
        #expect(text == #"{"d":null,"f":null,"od":null,"of":null,"ds":[1.0,null],"dec":null}"#)
        _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let mapper = Mapper<RTGNonFinite>()
        let read = try #require(mapper.map(JSONString: text))
        #expect(read.d == 1 && read.f == 1 && read.od == nil && read.of == nil && read.ds == [] && read.dec == 1)
        #expect(Set(mapper.lastProblems.map(\.keyPath)) == ["d", "f", "ds[1]", "dec"])
        #expect(throws: MappingError.self) { try Mapper<RTGNonFinite>(strict: true).map(string: text) }
    }

    /// Doubles that need more than 15 significant digits, or a power of ten beyond a
    /// decimal's range, or negative zero, reach transforms and `toJSON()` as the same Double.
    /// (Found by this test: they went through `NSDecimalNumber`, whose conversion to `Double`
    /// on Linux is not the nearest one, and which is NaN beyond about 10^±128; and `-0.0`
    /// became the integer 0.)
    @Test func longDoublesThroughFoundationNumbers() throws {
        var value = RTGSeconds()
        value.date = Date(timeIntervalSince1970: 1_422_871_798.389182)
        value.x = .greatestFiniteMagnitude
        let text = try #require(value.toJSONString())
        #expect(text == #"{"date":1422871798.389182,"x":1.7976931348623157e+308,"d":0.0}"#)
        let read = try #require(Mapper<RTGSeconds>().map(JSONString: text))
        #expect(read.date.timeIntervalSince1970 == 1_422_871_798.389182)
        #expect(read.x == .greatestFiniteMagnitude)
        var big = RTGSeconds()
        big.d = .greatestFiniteMagnitude
        #expect((big.toJSON()["d"] as? NSNumber)?.doubleValue == .greatestFiniteMagnitude)
        #expect(Mapper<RTGSeconds>().map(JSON: big.toJSON())?.d == .greatestFiniteMagnitude)
        var negativeZero = RTGSeconds()
        negativeZero.d = -0.0
        #expect(negativeZero.toJSONString() == #"{"date":0.0,"x":0.0,"d":-0.0}"#)
        #expect(Mapper<RTGSeconds>().map(JSON: negativeZero.toJSON())?.d.sign == .minus)
    }
}
