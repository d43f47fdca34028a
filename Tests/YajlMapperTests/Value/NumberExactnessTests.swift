import Foundation
import Testing
@testable import YajlMapper

// Every Double and Float the package gives must be Swift's correctly rounded `Double(text)`
// and `Float(text)` of the literal, whichever way it is read: `<-` at any depth, transforms,
// the current value, `map.JSON`, the `JSON` value, the Foundation values of `map(JSON:)` and
// `toJSON()`, and the generic `<-` of `Any`.

/// Reads one literal every typed way a sparse capture gives it.
struct ExactItem: Mappable {
    var double = Double.nan
    var float = Float.nan
    var nested: [[[Double]]] = []
    var floats: [[Float]] = []
    var members: [String: [Double]] = [:]
    var transformed: Double?
    var anyValue: Any?
    var current: Double?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        double <- map["v"]
        float <- map["v"]
        nested <- map["n"]
        floats <- map["f"]
        members <- map["m"]
        transformed <- (map["v"], TransformOf<Double, Double>(fromJSON: { $0 }, toJSON: { $0 }))
        anyValue <- map["v"]
        current = map["v"].currentValue as? Double
    }
}

/// Reads the literal through the whole object's Foundation form.
struct ExactWholeItem: Mappable {
    var whole: Double?
    init?(map: Map) {}
    mutating func mapping(map: Map) { whole = map.JSON["v"] as? Double }
}

struct ExactPage<Item: BaseMappable>: Mappable {
    var items: [Item] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

enum NumberLiterals {
    /// Random literals of 1 to 20 significant digits, with and without fractions and
    /// exponents, whose value is a finite, non-zero Double (or zero written as zero).
    static func random(_ count: Int, seed: UInt64) -> [String] {
        var random = TestRandom(state: seed)
        var literals: [String] = []
        while literals.count < count {
            let digits = 1 + random.below(20)
            var mantissa = String(1 + random.below(9))
            for _ in 1..<digits { mantissa.append(String(random.below(10))) }
            var text = random.percent(50) ? "-" : ""
            let point = random.below(digits + 1)
            if point == 0 {
                text += "0." + String(repeating: "0", count: random.below(4)) + mantissa
            } else if point < digits {
                text += mantissa.prefix(point) + "." + mantissa.dropFirst(point)
            } else {
                text += mantissa
            }
            if random.percent(60) {
                let exponent = random.below(640) - 330
                text += (random.percent(50) ? "e" : "E") + (exponent >= 0 && random.percent(50) ? "+" : "") + String(exponent)
            }
            if inRange(text) { literals.append(text) }
        }
        return literals
    }

    /// Whether the literal is an integer that a Double does not hold exactly (beyond 2^53).
    static func isLargeInteger(_ text: String) -> Bool {
        guard let number = JSONNumber(text), number.int64 != nil || number.uint64 != nil else { return false }
        return number.int64.map { $0.magnitude > 1 << 53 } ?? true
    }

    /// Whether `Double(text)` is finite and non-zero: the package refuses the others.
    static func inRange(_ text: String) -> Bool {
        guard let d = Double(text) else { return false }
        return d.isFinite && d != 0
    }

    /// The hard cases: halfway points between neighbouring Doubles (as their 17 digits and a
    /// five, just under and just over), subnormals, 2^53 ± 1, the extremes.
    static var edges: [String] {
        var edges = ["2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
                     "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
                     "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740993.0000000001",
                     "9007199254740995", "-59.861945999999989", "-65.613616999999977", "43.420273000000009",
                     "0.1", "0.3", "1e-45", "1.4e-45", "3.4028235e38", "3.4028236e38", "1.00000005960464477539",
                     "1.0000000596046448", "1.00000017881393432617", "16777217", "33554435"]
        var random = TestRandom(state: 0x4A1F)
        for _ in 0..<300 {
            let d = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF | 0x0010_0000_0000_0000)
            let digits = String(format: "%.16e", d)
            guard let e = digits.firstIndex(of: "e") else { continue }
            for tail in ["5", "4999999999", "5000000001"] {
                let text = digits[..<e] + tail + digits[e...]
                if inRange(String(text)) { edges.append(String(text)) }
            }
        }
        return edges
    }

    /// A page of one item per literal, each literal in every place `ExactItem` reads.
    static func page(_ literals: [String]) -> [UInt8] {
        let items = literals.map { "{\"v\": \($0), \"n\": [[[1, \($0)]], [[\($0)]]], \"f\": [[\($0)]], \"m\": {\"k\": [\($0)]}}" }
        return Array(("{\"items\": [" + items.joined(separator: ",\n") + "]}").utf8)
    }
}

@Suite("Numbers: every path gives the correctly rounded Double and Float")
struct NumberExactnessTests {
    static let literals = NumberLiterals.random(4000, seed: 0xE4AC7) + NumberLiterals.edges

    /// Records each place where `item` holds another value than the literal's.
    static func check(_ item: ExactItem, _ text: String, _ how: String) {
        let d = Double(text)!, f = Float(text)!
        func same(_ value: Double?, _ what: String) {
            if value?.bitPattern != d.bitPattern { Issue.record("\(how) \(what) of \(text): \(value.map { "\($0)" } ?? "nil"), not \(d)") }
        }
        same(item.double, "<-")
        // (A literal beyond Float's range is a problem for the Float reads, tested elsewhere.)
        if f.isFinite && f != 0 {
            if item.float.bitPattern != f.bitPattern { Issue.record("\(how) Float <- of \(text): \(item.float), not \(f)") }
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
        let literals = Self.literals.filter { !NumberLiterals.isLargeInteger($0) && Float($0).map { $0.isFinite && $0 != 0 } == true }
        let result = try NumberLiterals.page(literals).withUnsafeBytes { try Mapper<ExactPage<ExactItem>>().mapResult(bytes: $0) }
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
                || element["v"].floatValue.bitPattern != Float(text)!.bitPattern {
                Issue.record("JSON value of \(text): \(element["v"].doubleValue) / \(element["v"].floatValue)")
            }
            if !NumberLiterals.isLargeInteger(text), (element["v"].foundationValue as? Double)?.bitPattern != d.bitPattern {
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
            literals.append(digits.prefix(point) + "." + digits.dropFirst(point) + "e" + String(random.below(600) - 300))
        }
        literals += ["0", "-0", "0.0", "-0.0e5", "1e-400", "-1e-400", "1e400", "1" + String(repeating: "0", count: 400) + "e-400",
                     "4.9406564584124654e-324", "2.4703282292062327e-324", "1.7976931348623159e308"]
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
