import Foundation
import Testing

@testable import YajlMapper

// The comparisons behind MappingRoundTripGeneratedTests.swift.

// MARK: Comparing models exactly

/// The first difference between two values (`nil` when equal), walking them by reflection.
func rtgDiff(_ a: Any, _ b: Any, _ path: String = "") -> String? {
    func differ(_ x: Any, _ y: Any) -> String { "\(path.isEmpty ? "." : path): \(x) vs \(y)" }
    switch (a, b) {
    case (let x as Double, let y as Double):
        return x.bitPattern == y.bitPattern ? nil : differ("\(x) (bits \(x.bitPattern))", "\(y) (bits \(y.bitPattern))")
    case (let x as Float, let y as Float):
        return x.bitPattern == y.bitPattern ? nil : differ("\(x) (bits \(x.bitPattern))", "\(y) (bits \(y.bitPattern))")
    case (let x as String, let y as String):
        return x.unicodeScalars.elementsEqual(y.unicodeScalars) ? nil : differ(x.debugDescription, y.debugDescription)
    case (let x as Bool, let y as Bool): return x == y ? nil : differ(x, y)
    case (let x as any BinaryInteger, let y as any BinaryInteger):
        return type(of: x) == type(of: y) && rtgEqual(x, y) ? nil : differ(x, y)
    case (let x as Decimal, let y as Decimal): return x == y ? nil : differ(x, y)
    case (let x as URL, let y as URL): return x.absoluteString == y.absoluteString ? nil : differ(x, y)
    case (let x as Data, let y as Data): return x == y ? nil : differ(Array(x), Array(y))
    case (let x as Date, let y as Date):
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
    if ca.isEmpty { return "\(a)" == "\(b)" ? nil : differ(a, b) } // enums, nil
    switch ma.displayStyle {
    case .dictionary:
        func keyed(_ c: [Mirror.Child]) -> [(String, Any)] {
            c.map { Array(Mirror(reflecting: $0.value).children) }.map { ("\($0[0].value)", $0[1].value) }.sorted {
                $0.0 < $1.0
            }
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
        return w.count <= e.count && zip(w, e).allSatisfy(rtgMatchesWithoutNulls)
            && e[w.count...].allSatisfy(rtgAllNull)
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
        guard let a = value as? [Any], a.count == elements.count else {
            return "\(path): not an array of \(elements.count)"
        }
        return zip(a, elements).enumerated().lazy.compactMap { rtgFoundationDiff($1.0, $1.1, path + "[\($0)]") }.first
    case .object(let members):
        guard let o = value as? [String: Any], o.count == members.count else {
            return "\(path): not an object of \(members.count)"
        }
        let byKey = Dictionary(o.map { (rtgNoBOM($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        return members.lazy.compactMap { m in
            byKey[rtgNoBOM(m.key)].map { rtgFoundationDiff($0, m.value, path + "." + m.key) }
                ?? "\(path): no \(m.key.debugDescription)"
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
    if let diff = rtgFoundationDiff(foundation, expected) {
        expect(false, "JSONSerialization reads \(diff) in \(fullText)")
    }
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
