import Foundation
import Testing

@testable import YajlMapper

// Every Double and Float the package gives must be Swift's correctly rounded `Double(text)`
// and `Float(text)` of the literal, whichever way it is read: `<-` at any depth, transforms,
// the current value, `map.JSON`, the `JSON` value, the Foundation values of `map(JSON:)` and
// `toJSON()`, and the generic `<-` of `Any`.

@Suite("Numbers: every path gives the correctly rounded Double and Float")
struct NumberExactnessTests {
    static let literals = NumberLiterals.random(4000, seed: 0xE4AC7) + NumberLiterals.edges

    /// Records each place where `item` holds another value than the literal's.
    static func check(_ item: ExactItem, _ text: String, _ how: String) {
        let d = Double(text)!, f = Float(text)!
        func same(_ value: Double?, _ what: String) {
            if value?.bitPattern != d.bitPattern {
                Issue.record("\(how) \(what) of \(text): \(value.map { "\($0)" } ?? "nil"), not \(d)")
            }
        }
        same(item.double, "<-")
        // (A literal beyond Float's range is a problem for the Float reads, tested elsewhere.)
        if f.isFinite && f != 0 {
            if item.float.bitPattern != f.bitPattern {
                Issue.record("\(how) Float <- of \(text): \(item.float), not \(f)")
            }
            if item.floats.count != 1 || item.floats[0].first?.bitPattern != f.bitPattern {
                Issue.record("\(how) [[Float]] of \(text): \(item.floats), not \(f)")
            }
        }
        same(item.nested.count == 2 ? item.nested[0][0].last : nil, "[[[Double]]]")
        same(item.nested.count == 2 ? item.nested[1][0].first : nil, "[[[Double]]] (second)")
        same(item.members["k"]?.first, "[String: [Double]]")
        // An integer beyond 2^53 is an exact Int64 or UInt64 NSNumber in Foundation form, which
        // does not cast to Double (as JSONSerialization's does not): those casts give nil.
        guard !NumberLiterals.isLargeInteger(text) else { return }
        same(item.transformed, "TransformOf")
        same(item.anyValue as? Double, "Any <-")
        same(item.current, "currentValue")
    }

    @Test func mappedFromText() throws {
        // (Literals that some read refuses, each a located problem, are read by the tests below.)
        let literals = Self.literals.filter {
            !NumberLiterals.isLargeInteger($0) && Float($0).map { $0.isFinite && $0 != 0 } == true
        }
        let result = try NumberLiterals.page(literals).withUnsafeBytes {
            try Mapper<ExactPage<ExactItem>>().mapResult(bytes: $0)
        }
        let page = try #require(result.value)
        #expect(page.items.count == literals.count)
        for (item, text) in zip(page.items, literals) { Self.check(item, text, "text") }
        // (A first small page teaches the type's plan that its mapping reads the whole object:
        // until then each object is read again whole, as a plan miss is.)
        _ = try Mapper<ExactPage<ExactWholeItem>>().map(data: NumberLiterals.page(["1"]))
        let whole = try Mapper<ExactPage<ExactWholeItem>>().map(data: NumberLiterals.page(literals))
        for (item, text) in zip(whole.items, literals)
        where !NumberLiterals.isLargeInteger(text) && item.whole?.bitPattern != Double(text)!.bitPattern {
            Issue.record("map.JSON of \(text): \(String(describing: item.whole)), not \(Double(text)!)")
        }
    }

    @Test func mappedFromFoundationValuesAndTheJSONValue() throws {
        let literals = Self.literals
        let value = try JSON(parsing: NumberLiterals.page(literals))
        for (element, text) in zip(value["items"].arrayValue, literals) {
            let d = Double(text)!
            if element["v"].double?.bitPattern != d.bitPattern || element["v"].doubleValue.bitPattern != d.bitPattern
                || element["v"].floatValue.bitPattern != Float(text)!.bitPattern
            {
                Issue.record("JSON value of \(text): \(element["v"].doubleValue) / \(element["v"].floatValue)")
            }
            if !NumberLiterals.isLargeInteger(text),
                (element["v"].foundationValue as? Double)?.bitPattern != d.bitPattern
            {
                Issue.record("foundationValue of \(text): \(element["v"].foundationValue)")
            }
        }
        // map(JSON:) from the Foundation form, as JSONSerialization-shaped input.
        let foundation = try #require(value.foundationValue as? [String: Any])
        let page = try #require(Mapper<ExactPage<ExactItem>>().map(JSON: foundation) as ExactPage<ExactItem>?)
        #expect(page.items.count == literals.count)
        for (item, text) in zip(page.items, literals) { Self.check(item, text, "map(JSON:)") }
        // toJSON(): the written value reads back as the same Double.
        for (item, text) in zip(page.items.prefix(500), literals) where !NumberLiterals.isLargeInteger(text) {
            let written = item.toJSON()
            if (written["v"] as? Double)?.bitPattern != Double(text)!.bitPattern {
                Issue.record("toJSON of \(text): \(String(describing: written["v"]))")
            }
        }
    }

    @Test func longDecimalsStayExact() throws {
        let value = try JSON(parsing: Array("[-59.861945999999989, 123456789012345678901234567890.5]".utf8))
        let first = try #require(value[0].foundationValue as? NSNumber)
        #expect((first as? Decimal) == Decimal(string: "-59.861945999999989"))
        #expect(first.description == "-59.861945999999989")
        #expect(first.doubleValue == -59.86194599999999)
        #expect((value[1].foundationValue as? Decimal)?.description == "123456789012345678901234567890.5")
        #expect(JSON(foundation: value[0].foundationValue) == value[0])
    }
}

@Suite("The decimal-to-Double conversion")
struct DecimalToDoubleTests {
    @Test func equalsSwiftsConversionOnLongAndShortLiterals() {
        var random = TestRandom(state: 0xD0B1E)
        var literals = NumberLiterals.random(20_000, seed: 0xFA57)
        // Beyond 19 significant digits (the conversion keeps 19 and decides the rest).
        for _ in 0..<5_000 {
            var digits = String(1 + random.below(9))
            for _ in 0..<(19 + random.below(30)) { digits.append(String(random.below(10))) }
            let point = 1 + random.below(digits.count - 1)
            literals.append(
                digits.prefix(point) + "." + digits.dropFirst(point) + "e" + String(random.below(600) - 300))
        }
        literals += [
            "0", "-0", "0.0", "-0.0e5", "1e-400", "-1e-400", "1e400",
            "1" + String(repeating: "0", count: 400) + "e-400",
            "4.9406564584124654e-324", "2.4703282292062327e-324", "1.7976931348623159e308",
        ]
        var mismatches = 0
        for text in literals {
            var copy = text
            let fast = copy.withUTF8 { parseJSONDouble($0) }
            if fast.bitPattern != Double(text)!.bitPattern {
                mismatches += 1
                if mismatches <= 5 { Issue.record("\(text): \(fast), not \(Double(text)!)") }
            }
        }
        #expect(mismatches == 0)
    }
}
