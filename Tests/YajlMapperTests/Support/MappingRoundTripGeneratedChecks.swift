import Foundation
import Testing
@testable import YajlMapper

// Generated round trips (models and generators in MappingRoundTripGeneratedModels.swift).
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

// MARK: Comparing models exactly

/// The first difference between two values (`nil` when equal), walking them by reflection.
func rtgDiff(_ a: Any, _ b: Any, _ path: String = "") -> String? {
    func differ(_ x: Any, _ y: Any) -> String { "\(path.isEmpty ? "." : path): \(x) vs \(y)" }
    switch (a, b) {
    case let (x as Double, y as Double):
        return x.bitPattern == y.bitPattern ? nil : differ("\(x) (bits \(x.bitPattern))", "\(y) (bits \(y.bitPattern))")
    case let (x as Float, y as Float):
        return x.bitPattern == y.bitPattern ? nil : differ("\(x) (bits \(x.bitPattern))", "\(y) (bits \(y.bitPattern))")
    case let (x as String, y as String):
        return x.unicodeScalars.elementsEqual(y.unicodeScalars) ? nil : differ(x.debugDescription, y.debugDescription)
    case let (x as Bool, y as Bool): return x == y ? nil : differ(x, y)
    case let (x as any BinaryInteger, y as any BinaryInteger):
        return type(of: x) == type(of: y) && rtgEqual(x, y) ? nil : differ(x, y)
    case let (x as Decimal, y as Decimal): return x == y ? nil : differ(x, y)
    case let (x as URL, y as URL): return x.absoluteString == y.absoluteString ? nil : differ(x, y)
    case let (x as Data, y as Data): return x == y ? nil : differ(Array(x), Array(y))
    case let (x as Date, y as Date):
        let (s, t) = (x.timeIntervalSinceReferenceDate, y.timeIntervalSinceReferenceDate)
        // ISO8601DateTransform writes microseconds ("rounded to microseconds"); a Date may hold less.
        let same = path.contains("iso") ? abs(s - t) <= 5e-7 + 2 * s.ulp : s.bitPattern == t.bitPattern
        return same ? nil : differ(s, t)
    default: break
    }
    let (ma, mb) = (Mirror(reflecting: a), Mirror(reflecting: b))
    guard ma.subjectType == mb.subjectType else { return differ(ma.subjectType, mb.subjectType) }
    var (ca, cb) = (Array(ma.children), Array(mb.children))
    guard ca.count == cb.count else { return differ("\(ca.count) children", "\(cb.count) children") }
    if ca.isEmpty { return "\(a)" == "\(b)" ? nil : differ(a, b) }  // enums, nil
    switch ma.displayStyle {
    case .dictionary:
        func keyed(_ c: [Mirror.Child]) -> [(String, Any)] {
            c.map { Array(Mirror(reflecting: $0.value).children) }.map { ("\($0[0].value)", $0[1].value) }.sorted { $0.0 < $1.0 }
        }
        for ((ka, va), (kb, vb)) in zip(keyed(ca), keyed(cb)) {
            guard ka == kb else { return differ("key \(ka.debugDescription)", "key \(kb.debugDescription)") }
            if let d = rtgDiff(va, vb, path + "[\(ka.debugDescription)]") { return d }
        }
        return nil
    case .set:
        (ca, cb) = (rtgSorted(ca), rtgSorted(cb))
    default: break
    }
    for (i, (x, y)) in zip(ca, cb).enumerated() {
        if let d = rtgDiff(x.value, y.value, path + (x.label.map { ".\($0)" } ?? "[\(i)]")) { return d }
    }
    return nil
}

func rtgEqual<A: BinaryInteger, B: BinaryInteger>(_ a: A, _ b: B) -> Bool { a == b }

/// A set's elements in the order of their descriptions.
func rtgSorted(_ children: [Mirror.Child]) -> [Mirror.Child] {
    children.map { ("\($0.value)", $0) }.sorted { $0.0 < $1.0 }.map(\.1)
}

// MARK: Writing the tree another way

/// Significant digits of a JSON number's text.
func rtgSignificantDigits(_ text: String) -> Int { rtgDecomposed(text).digits.count }

/// Sign, significant digits and power of ten of a JSON number's text.
func rtgDecomposed(_ text: String) -> (sign: String, digits: String, exponent: Int) {
    let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let mantissa = body.prefix { $0 != "e" && $0 != "E" }
    let integer = mantissa.prefix { $0 != "." }, fraction = mantissa.dropFirst(integer.count + 1)
    var digits = String((integer + fraction).drop { $0 == "0" })
    var exponent = (Int(body.dropFirst(mantissa.count + 1)) ?? 0) - fraction.count
    while digits.hasSuffix("0") { digits.removeLast(); exponent += 1 }
    return (text.hasPrefix("-") ? "-" : "", digits, exponent)
}

/// The same number (exactly the same decimal value) spelled another way.
func rtgRespell(_ text: String, _ r: inout TestRandom) -> String {
    let (sign, digits, e) = rtgDecomposed(text)
    if digits.isEmpty { return sign + r.pick(["0", "0.0", "0e0", "0.000E+7"]) }
    switch r.below(4) {
    case 0: return text
    case 1: return sign + digits + "e\(e)"
    case 2: return sign + "0." + digits + (e + digits.count >= 0 ? "E+" : "E") + "\(e + digits.count)"
    default: return sign + digits + "000" + "e\(e - 3)"
    }
}

/// Respells numbers, drops some `null` members (absent and `null` both read as nil), shuffles
/// members and, at the top, adds keys the model does not read.
func rtgScramble(_ tree: DiffJSON, _ r: inout TestRandom, top: Bool = true) -> DiffJSON {
    switch tree {
    case .number(let text): return .number(rtgRespell(text, &r))
    case .array(let elements): return .array(elements.map { rtgScramble($0, &r, top: false) })
    case .object(let members):
        var kept = members.filter { if case .null = $0.value { return r.percent(50) } else { return true } }
            .map { (key: $0.key, value: rtgScramble($0.value, &r, top: false)) }
        if top && r.percent(50) {
            kept.append(("~unread", .object([("list", .array([.number("1"), .null])), ("i", .string("x"))])))
            kept.append(("list2", .array([.object([("name", .number("1e999"))])])))
        }
        r.shuffle(&kept)
        return .object(kept)
    default: return tree
    }
}

// MARK: Shapes

/// JSON values from DiffJSON, through the library's parser.
func rtgJSON(_ tree: DiffJSON) throws -> JSON { try JSON(parsing: DiffLayout.compact.write(tree)) }

/// `null`, or a non-empty container of nothing but `null`s: what leaving nil values out removes.
func rtgAllNull(_ v: JSON) -> Bool {
    switch v {
    case .null: return true
    case .array(let a): return !a.isEmpty && a.allSatisfy(rtgAllNull)
    case .object(let o): return !o.isEmpty && o.values.allSatisfy(rtgAllNull)
    default: return false
    }
}

/// Whether `written` is `expected` with nil values left out.
func rtgMatchesWithoutNulls(_ written: JSON, _ expected: JSON) -> Bool {
    switch (written, expected) {
    case (.object(let w), .object(let e)):
        return w.keys.allSatisfy { e[$0] != nil && rtgMatchesWithoutNulls(w[$0]!, e[$0]!) }
            && e.keys.allSatisfy { w[$0] != nil || rtgAllNull(e[$0]!) }
    case (.array(let w), .array(let e)):
        return w.count <= e.count && zip(w, e).allSatisfy(rtgMatchesWithoutNulls) && e[w.count...].allSatisfy(rtgAllNull)
    case (.null, _): return rtgAllNull(expected)
    default: return written == expected
    }
}

/// The string without U+FEFF: JSONSerialization on Linux drops one where a run of unescaped
/// characters starts (`"\u{FEFF}x"` and `"\n\u{FEFF}x"` read as `"x"`): Foundation's doing,
/// not the writer's (the library's parser reads the string back whole).
func rtgNoBOM(_ s: String) -> String { String(s.unicodeScalars.filter { $0 != "\u{FEFF}" }) }

/// Where JSONSerialization's reading differs from the expected tree (arrays, objects, strings exactly).
func rtgFoundationDiff(_ value: Any, _ expected: DiffJSON, _ path: String = "") -> String? {
    switch expected {
    case .null: return value is NSNull ? nil : "\(path): not null"
    case .bool: return value is Bool ? nil : "\(path): not a Bool"
    case .number: return value is NSNumber ? nil : "\(path): not a number"
    case .string(let s):
        guard let v = value as? String, rtgNoBOM(v).unicodeScalars.elementsEqual(rtgNoBOM(s).unicodeScalars) else {
            return "\(path): \(String(describing: value).debugDescription) vs \(s.debugDescription)"
        }
        return nil
    case .array(let elements):
        guard let a = value as? [Any], a.count == elements.count else { return "\(path): not an array of \(elements.count)" }
        return zip(a, elements).enumerated().lazy.compactMap { rtgFoundationDiff($1.0, $1.1, path + "[\($0)]") }.first
    case .object(let members):
        guard let o = value as? [String: Any], o.count == members.count else { return "\(path): not an object of \(members.count)" }
        let byKey = Dictionary(o.map { (rtgNoBOM($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        return members.lazy.compactMap { m in
            byKey[rtgNoBOM(m.key)].map { rtgFoundationDiff($0, m.value, path + "." + m.key) } ?? "\(path): no \(m.key.debugDescription)"
        }.first
    }
}

// MARK: The checks

/// Records a difference between a mapped value and the one expected; true when equal.
@discardableResult
func rtgExpectSame<T>(_ got: T?, _ want: T, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard let got else {
        Issue.record("\(what): mapped to nil", sourceLocation: sourceLocation)
        return false
    }
    guard let diff = rtgDiff(got, want) else { return true }
    Issue.record("\(what): read back \(diff) (read vs original)", sourceLocation: sourceLocation)
    return false
}

/// Runs every property on `count` values of `T` from `seed`; stops after a few failing values.
func rtgCheck<T: RTGGenerated>(_: T.Type, seed: UInt64, count: Int) throws {
    var r = TestRandom(state: seed)
    var failures = 0
    for index in 0..<count where failures < 3 {
        let value = T.generate(&r, index)
        if try !rtgCheck(value, &r, "\(T.self) #\(index) (seed \(seed))") { failures += 1 }
    }
}

func rtgCheck<T: RTGGenerated>(_ value: T, _ r: inout TestRandom, _ label: String) throws -> Bool {
    var ok = true
    func expect(_ condition: Bool, _ what: String) {
        if !condition { Issue.record("\(label): \(what)"); ok = false }
    }
    let expected = value.tree()
    // 1. Compact text, lenient and strict.
    let text = try #require(value.toJSONString(), "\(label): not written")
    let lenient = Mapper<T>()
    ok = rtgExpectSame(lenient.map(JSONString: text), value, "\(label) compact \(text)") && ok
    expect(lenient.lastProblems.isEmpty, "problems \(lenient.lastProblems) reading \(text)")
    ok = rtgExpectSame(try Mapper<T>(strict: true).map(string: text), value, "\(label) strict") && ok
    // 2. Valid JSON, shaped as the tree (array indexes as arrays), with and without nil values.
    let written = try JSON(parsing: text)
    _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
    ok = rtgExpectSame(Mapper<T>().map(JSON: value.toJSON()), value, "\(label) toJSON() → map(JSON:)") && ok
    let full = Mapper<T>(shouldIncludeNilValues: true)
    let fullText = try #require(full.toJSONString(value), "\(label): not written with nil values")
    let expectedJSON = try rtgJSON(expected)
    expect(try JSON(parsing: fullText) == expectedJSON, "written with nil values \(fullText)")
    expect(rtgMatchesWithoutNulls(written, expectedJSON), "written \(text)")
    let foundation = try JSONSerialization.jsonObject(with: Data(fullText.utf8))
    if let diff = rtgFoundationDiff(foundation, expected) { expect(false, "JSONSerialization reads \(diff) in \(fullText)") }
    // 3. Pretty, and with nil values.
    let pretty = try #require(value.toJSONString(prettyPrint: true))
    ok = rtgExpectSame(Mapper<T>().map(JSONString: pretty), value, "\(label) pretty") && ok
    ok = rtgExpectSame(Mapper<T>().map(JSONString: fullText), value, "\(label) with nil values") && ok
    // 4. Written by another writer → map → toJSON → map.
    let layout = DiffLayout.random(&r)
    let other = String(decoding: layout.write(rtgScramble(expected, &r)), as: UTF8.self)
    let read = try Mapper<T>(strict: true).map(string: other)
    ok = rtgExpectSame(read, value, "\(label) from \(other)") && ok
    let again = try #require(read.toJSONString())
    ok = rtgExpectSame(Mapper<T>().map(JSONString: again), read, "\(label) again \(again)") && ok
    return ok
}

// MARK: Tests

struct RTGNonFinite: Mappable {
    var d = 1.0, f: Float = 1, od: Double? = 1, of: Float? = 1, ds: [Double] = [], dec: Decimal = 1
    init?(map: Map) {}
    init() {}
    mutating func mapping(map: Map) {
        d <- map["d"]; f <- map["f"]; od <- map["od"]; of <- map["of"]; ds <- map["ds"]; dec <- map["dec"]
    }
}

struct RTGSeconds: Mappable {
    var date = Date(timeIntervalSince1970: 0), x = 0.0, d = 0.0
    init?(map: Map) {}
    init() {}
    mutating func mapping(map: Map) {
        date <- (map["date"], DateTransform())
        x <- (map["x"], TransformOf<Double, Double>(fromJSON: { $0 }, toJSON: { $0 }))
        d <- map["d"]
    }
}

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
        #expect(values.contains { $0.d.bitPattern == (-0.0 as Double).bitPattern && $0.f.bitPattern == (-0.0 as Float).bitPattern })
        #expect(values.contains { $0.d == .leastNonzeroMagnitude } && values.contains { $0.d == .greatestFiniteMagnitude })
        #expect(values.contains { rtgSignificantDigits($0.d.description) == 17 })
        #expect(values.contains { $0.s.unicodeScalars.contains("\u{0}") && $0.s.unicodeScalars.contains("\u{2028}") })
        #expect(values.contains { $0.od == nil } && values.contains { $0.od != nil })
        #expect(values.contains { $0.dotted?.keys.contains { $0.contains(".") } == true })
    }

    /// JSON cannot hold NaN or infinity: the number types document `null` for them, which reads
    /// as nil into an optional and is a problem for a non-optional (the property keeps its value).
    @Test func nonFiniteNumbersAreWrittenAsNull() throws {
        var value = RTGNonFinite()
        (value.d, value.f, value.od, value.of, value.ds, value.dec) = (.nan, -.infinity, .infinity, .nan, [1, .nan], .nan)
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
