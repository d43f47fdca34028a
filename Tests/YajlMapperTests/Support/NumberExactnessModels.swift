import Foundation

@testable import YajlMapper

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
                text +=
                    (random.percent(50) ? "e" : "E") + (exponent >= 0 && random.percent(50) ? "+" : "")
                    + String(exponent)
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
        var edges = [
            "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
            "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740993.0000000001",
            "9007199254740995", "-59.861945999999989", "-65.613616999999977", "43.420273000000009",
            "0.1", "0.3", "1e-45", "1.4e-45", "3.4028235e38", "3.4028236e38", "1.00000005960464477539",
            "1.0000000596046448", "1.00000017881393432617", "16777217", "33554435",
        ]
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
        let items = literals.map {
            "{\"v\": \($0), \"n\": [[[1, \($0)]], [[\($0)]]], \"f\": [[\($0)]], \"m\": {\"k\": [\($0)]}}"
        }
        return Array(("{\"items\": [" + items.joined(separator: ",\n") + "]}").utf8)
    }
}
