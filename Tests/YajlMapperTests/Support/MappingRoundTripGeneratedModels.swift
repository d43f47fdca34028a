import Foundation

@testable import YajlMapper

// Models, generators and the expected JSON of each model for
// MappingRoundTripGeneratedTests.swift. `tree()` is written by hand from the mapping, not
// from the library's writer: it is the JSON a model must write with `shouldIncludeNilValues`
// (a nil optional as `null`), nested key paths as objects and array indexes as arrays.

/// A model the generated round trips run on.
protocol RTGGenerated: Mappable {
    /// A value from the generator; the first few indexes give fixed extremes.
    static func generate(_ r: inout TestRandom, _ index: Int) -> Self
    /// The JSON the model writes with `shouldIncludeNilValues`, written independently.
    func tree() -> DiffJSON
}

enum RTGColor: String, CaseIterable, Hashable {
    case red, accents = "ünï", quoted = "a\"b\\c", empty = "", emoji = "🎮\u{2028}"
}
enum RTGLevel: Int, CaseIterable, Hashable { case low = -1, zero = 0, high = 10, top = 9_223_372_036_854_775_807 }

// MARK: Values

enum RTGValues {
    static let pieces = [
        "a", "Zz09", " ", "\"", "\\", "/", "\\u0041", "\u{7F}", "é", "e\u{301}", "日本", "😀",
        "👩‍👩‍👧", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}", "\u{D7FF}\u{E000}",
        "null", "0", "</script>", "\u{85}", "\u{A0}", "a.b", "x->y",
    ]
    /// Every control character, then every piece.
    static let allKinds = (0..<32).map { String(Unicode.Scalar(UInt8($0))) }.joined() + pieces.joined()

    static func string(_ r: inout TestRandom, _ index: Int = 99) -> String {
        if index == 0 { return allKinds }
        if index == 1 { return "" }
        var s = ""
        for _ in 0..<r.below(6) {
            if r.percent(25) {
                s.unicodeScalars.append(Unicode.Scalar(UInt8(r.below(32))))
            } else {
                s += r.pick(pieces)
            }
        }
        return s
    }

    /// min, max, 0 and -1 (max for unsigned types) for indexes 0...3, then mostly random bits.
    static func integer<T: FixedWidthInteger>(_ r: inout TestRandom, _ index: Int) -> T {
        switch index < 4 ? index : 4 + r.below(4) {
        case 0: return T.min
        case 1: return T.max
        case 2: return 0
        case 3: return T(truncatingIfNeeded: -1)
        case 4: return r.pick([T.min, T.max, T.min + 1, T.max - 1, 0, 1])
        case 5: return T(truncatingIfNeeded: r.below(2000) - 1000)
        default: return T(truncatingIfNeeded: r.next())
        }
    }

    static let specialDoubles: [Double] = [
        -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1 + 0.2, -.greatestFiniteMagnitude,
        -.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown, 1e23, 1.0 / 3, .pi, .ulpOfOne,
        1.0.nextUp, 0x1p53 + 2, 123456789.12345679, Double(Int64.max), 0x1p-1030, -0x1.8p-1060, 0, 1, 100,
    ]

    static func double(_ r: inout TestRandom, _ index: Int) -> Double {
        if index < 4 { return specialDoubles[index] }
        if r.percent(40) { return r.pick(specialDoubles) }
        if r.percent(20) { return Double(r.below(2_000_000) - 1_000_000) / 1000 }
        while true {
            let d = Double(bitPattern: r.next())
            if d.isFinite { return d }
        }
    }

    static func float(_ r: inout TestRandom, _ index: Int) -> Float {
        let specials: [Float] = [
            -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1, -.leastNormalMagnitude,
            0x1p24 + 2, 3.4028234e38, 0x1p-133, .pi, 1,
        ]
        if index < 4 { return specials[index] }
        if r.percent(40) { return r.pick(specials) }
        while true {
            let f = Float(bitPattern: UInt32(truncatingIfNeeded: r.next()))
            if f.isFinite { return f }
        }
    }

    /// Up to 38 significant digits, exponents -45...40.
    static func decimal(_ r: inout TestRandom, _ index: Int) -> Decimal {
        let fixed = [
            "0", "99999999999999999999999999999999999999", "-0.00000000000000000000000000000000000000001", "0.1",
        ]
        if index < 4 { return Decimal(string: fixed[index])! }
        let digits = String((0..<(1 + r.below(38))).map { _ in Character(String(r.below(10))) })
        let d = Decimal(
            string: (r.percent(30) ? "-" : "") + digits + "e\(r.below(86) - 45)",
            locale: Locale(identifier: "en_US_POSIX"))!
        return d.isZero || d.isNaN ? 0 : d // no "-0": Decimal cannot hold it
    }

    static func optional<T>(_ r: inout TestRandom, _ index: Int, _ make: (inout TestRandom) -> T) -> T? {
        index == 2 || r.percent(30) ? nil : make(&r)
    }

    static func array<T>(_ r: inout TestRandom, max: Int = 4, _ make: (inout TestRandom) -> T) -> [T] {
        (0..<r.below(max + 1)).map { _ in make(&r) }
    }

    static func dictionary<T>(_ r: inout TestRandom, _ make: (inout TestRandom) -> T) -> [String: T] {
        var d: [String: T] = [:]
        for _ in 0..<r.below(4) {
            d[r.pick(["", "a.b", "a.b.0", "0", "k\"q\\", "x->y", "日本.😀", "\u{0}\u{1F}"]) + string(&r)] = make(&r)
        }
        return d
    }
}

// MARK: Building the expected JSON

extension DiffJSON {
    static func s(_ v: String?) -> DiffJSON { v.map { .string($0) } ?? .null }
    static func n<T: BinaryInteger>(_ v: T?) -> DiffJSON { v.map { .number(String($0)) } ?? .null }
    static func d(_ v: Double?) -> DiffJSON { v.map { .number($0.description) } ?? .null }
    static func f(_ v: Float?) -> DiffJSON { v.map { .number($0.description) } ?? .null }
    static func dec(_ v: Decimal?) -> DiffJSON { v.map { .number("\($0)") } ?? .null }
    static func b(_ v: Bool?) -> DiffJSON { v.map { .bool($0) } ?? .null }
    static func e<T: RawRepresentable>(_ v: T?) -> DiffJSON where T.RawValue == String { s(v?.rawValue) }
    static func e<T: RawRepresentable>(_ v: T?) -> DiffJSON where T.RawValue == Int { n(v?.rawValue) }
    static func a<S: Sequence>(_ v: S?, _ f: (S.Element) -> DiffJSON) -> DiffJSON {
        v.map { .array($0.map(f)) } ?? .null
    }
    static func o<T>(_ v: [String: T]?, _ f: (T) -> DiffJSON) -> DiffJSON {
        v.map { .object($0.map { ($0.key, f($0.value)) }) } ?? .null
    }
}

// MARK: Models

/// Every basic type, optionals, arrays, arrays of arrays, sets and dictionaries.
struct RTGScalars: RTGGenerated {
    var i = 0, i8: Int8 = 0, i16: Int16 = 0, i32: Int32 = 0, i64: Int64 = 0
    var u: UInt = 0, u8: UInt8 = 0, u16: UInt16 = 0, u32: UInt32 = 0, u64: UInt64 = 0
    var f: Float = 0, d: Double = 0, b = false, s = "", dec: Decimal = 0
    var oi8: Int8?, ou64: UInt64?, of: Float?, od: Double?, ob: Bool?, os: String?, odec: Decimal?
    var doubles: [Double] = [], floats: [Float]?, strings: [String] = [], matrix: [[Int64]] = [], words: [[String]]?
    var ints: Set<Int> = [], tags: Set<String>?, dict: [String: String] = [:], counts: [String: UInt8]?
    var dotted: [String: Double]?

    init?(map: Map) {}
    init() {}

    mutating func mapping(map: Map) {
        i <- map["i"]; i8 <- map["i8"]; i16 <- map["i16"]; i32 <- map["i32"]; i64 <- map["i64"]
        u <- map["u"]; u8 <- map["u8"]; u16 <- map["u16"]; u32 <- map["u32"]; u64 <- map["u64"]
        f <- map["f"]; d <- map["d"]; b <- map["b"]; s <- map["s"]; dec <- map["dec"]
        oi8 <- map["oi8"]; ou64 <- map["ou64"]; of <- map["of"]; od <- map["od"]; ob <- map["ob"]; os <- map["os"]
        odec <- map["odec"]
        doubles <- map["doubles"]; floats <- map["floats"]; strings <- map["strings"]; matrix <- map["matrix"]
        words <- map["words"]; ints <- map["ints"]; tags <- map["tags"]; dict <- map["dict"]; counts <- map["counts"]
        dotted <- map["dict.with.dots", nested: false]
    }

    static func generate(_ r: inout TestRandom, _ k: Int) -> RTGScalars {
        typealias V = RTGValues
        var m = RTGScalars()
        m.i = V.integer(&r, k); m.i8 = V.integer(&r, k); m.i16 = V.integer(&r, k); m.i32 = V.integer(&r, k)
        m.i64 = V.integer(&r, k); m.u = V.integer(&r, k); m.u8 = V.integer(&r, k); m.u16 = V.integer(&r, k)
        m.u32 = V.integer(&r, k); m.u64 = V.integer(&r, k)
        m.f = V.float(&r, k); m.d = V.double(&r, k); m.b = k % 2 == 0; m.s = V.string(&r, k); m.dec = V.decimal(&r, k)
        m.oi8 = V.optional(&r, k) { V.integer(&$0, k) }; m.ou64 = V.optional(&r, k) { V.integer(&$0, k) }
        m.of = V.optional(&r, k) { V.float(&$0, k) }; m.od = V.optional(&r, k) { V.double(&$0, k) }
        m.ob = V.optional(&r, k) { $0.percent(50) }; m.os = V.optional(&r, k) { V.string(&$0) }
        m.odec = V.optional(&r, k) { V.decimal(&$0, k) }
        m.doubles = V.array(&r) { V.double(&$0, 9) }
        m.floats = V.optional(&r, k) { r in V.array(&r) { V.float(&$0, 9) } }
        m.strings = V.array(&r) { V.string(&$0) }
        m.matrix = V.array(&r) { r in V.array(&r, max: 3) { V.integer(&$0, 9) } }
        m.words = V.optional(&r, k) { r in V.array(&r, max: 2) { r in V.array(&r, max: 2) { V.string(&$0) } } }
        m.ints = Set(V.array(&r, max: 5) { V.integer(&$0, 9) })
        m.tags = V.optional(&r, k) { r in Set(V.array(&r) { V.string(&$0) }) }
        m.dict = V.dictionary(&r) { V.string(&$0) }
        m.counts = V.optional(&r, k) { r in V.dictionary(&r) { V.integer(&$0, 9) } }
        m.dotted = V.optional(&r, k) { r in V.dictionary(&r) { V.double(&$0, 9) } }
        return m
    }

    func tree() -> DiffJSON {
        .object([
            ("i", .n(i)), ("i8", .n(i8)), ("i16", .n(i16)), ("i32", .n(i32)), ("i64", .n(i64)),
            ("u", .n(u)), ("u8", .n(u8)), ("u16", .n(u16)), ("u32", .n(u32)), ("u64", .n(u64)),
            ("f", .f(f)), ("d", .d(d)), ("b", .b(b)), ("s", .s(s)), ("dec", .dec(dec)),
            ("oi8", .n(oi8)), ("ou64", .n(ou64)), ("of", .f(of)), ("od", .d(od)), ("ob", .b(ob)), ("os", .s(os)),
            ("odec", .dec(odec)), ("doubles", .a(doubles) { .d($0) }), ("floats", .a(floats) { .f($0) }),
            ("strings", .a(strings) { .s($0) }), ("matrix", .a(matrix) { .a($0) { .n($0) } }),
            ("words", .a(words) { .a($0) { .s($0) } }), ("ints", .a(ints) { .n($0) }), ("tags", .a(tags) { .s($0) }),
            ("dict", .o(dict) { .s($0) }), ("counts", .o(counts) { .n($0) }), ("dict.with.dots", .o(dotted) { .d($0) }),
        ])
    }
}

/// A small nested model (hashable, for sets of models).
struct RTGLeaf: RTGGenerated, Hashable {
    var name = "", id: Int?, level = RTGLevel.zero, color: RTGColor?

    init?(map: Map) {}
    init() {}

    mutating func mapping(map: Map) {
        name <- map["name"]; id <- map["id"]; level <- map["level"]; color <- map["color"]
    }

    static func generate(_ r: inout TestRandom, _ k: Int) -> RTGLeaf {
        var m = RTGLeaf()
        m.name = RTGValues.string(&r, k); m.id = RTGValues.optional(&r, k) { RTGValues.integer(&$0, k) }
        m.level = r.pick(RTGLevel.allCases); m.color = RTGValues.optional(&r, k) { $0.pick(RTGColor.allCases) }
        return m
    }

    func tree() -> DiffJSON {
        .object([("name", .s(name)), ("id", .n(id)), ("level", .e(level)), ("color", .e(color))])
    }
}

/// Nested key paths, array-index key paths, `nested: false` and a custom delimiter.
struct RTGPaths: RTGGenerated {
    var deep: String?, sibling: Int16?, first: String?, secondName: String?, secondID: Int64?, cell: Double?
    var required: UInt32 = 0, flat: String?, arrow: UInt8?, dotted: Bool?, head: RTGLeaf?, tailName: String?
    var tags: [String]?, color: RTGColor?, table: [String: Int]?

    init?(map: Map) {}
    init() {}

    mutating func mapping(map: Map) {
        deep <- map["a.b.c"]; sibling <- map["a.b.d"]
        first <- map["list.0"]; secondName <- map["list.1.name"]; secondID <- map["list.1.id"]
        cell <- map["grid.2.1"]; required <- map["req.0"]
        flat <- map["dotted.key.0", nested: false]
        arrow <- map["p->q->0", delimiter: "->"]; dotted <- map["x.y->z", delimiter: "->"]
        head <- map["models.0"]; tailName <- map["models.1.name"]
        tags <- map["meta.tags"]; color <- map["meta.color"]
        table <- map["table.with.dots", nested: false]
    }

    static func generate(_ r: inout TestRandom, _ k: Int) -> RTGPaths {
        typealias V = RTGValues
        var m = RTGPaths()
        m.deep = V.optional(&r, k) { V.string(&$0, k) }; m.sibling = V.optional(&r, k) { V.integer(&$0, k) }
        m.first = V.optional(&r, k) { V.string(&$0) }; m.secondName = V.optional(&r, k) { V.string(&$0) }
        m.secondID = V.optional(&r, k) { V.integer(&$0, k) }; m.cell = V.optional(&r, k) { V.double(&$0, k) }
        m.required = V.integer(&r, k); m.flat = V.optional(&r, k) { V.string(&$0) }
        m.arrow = V.optional(&r, k) { V.integer(&$0, k) }; m.dotted = V.optional(&r, k) { $0.percent(50) }
        m.head = V.optional(&r, k) { RTGLeaf.generate(&$0, k) }; m.tailName = V.optional(&r, k) { V.string(&$0) }
        m.tags = V.optional(&r, k) { r in V.array(&r) { V.string(&$0) } }
        m.color = V.optional(&r, k) { $0.pick(RTGColor.allCases) }
        m.table = V.optional(&r, k) { r in V.dictionary(&r) { V.integer(&$0, 9) } }
        return m
    }

    func tree() -> DiffJSON {
        .object([
            ("a", .object([("b", .object([("c", .s(deep)), ("d", .n(sibling))]))])),
            ("list", .array([.s(first), .object([("name", .s(secondName)), ("id", .n(secondID))])])),
            ("grid", .array([.null, .null, .array([.null, .d(cell)])])),
            ("req", .array([.n(required)])),
            ("dotted.key.0", .s(flat)),
            ("p", .object([("q", .array([.n(arrow)]))])),
            ("x.y", .object([("z", .b(dotted))])),
            ("models", .array([head?.tree() ?? .null, .object([("name", .s(tailName))])])),
            ("meta", .object([("tags", .a(tags) { .s($0) }), ("color", .e(color))])),
            ("table.with.dots", .o(table) { .n($0) }),
        ])
    }
}

/// Nested models and their arrays, sets and dictionaries, enums, and itself (one level).
struct RTGTree: RTGGenerated {
    var leaf = RTGLeaf(), optionalLeaf: RTGLeaf?, leaves: [RTGLeaf] = [], leafSet: Set<RTGLeaf> = []
    var byKey: [String: RTGLeaf] = [:], grid: [[RTGLeaf]] = [], groups: [String: [RTGLeaf]]?
    var color = RTGColor.red, level: RTGLevel?, colors: [RTGColor] = [], levels: [String: RTGLevel]?
    var inner: RTGLeaf?, paths: RTGPaths?, children: [RTGTree]?

    init?(map: Map) {}
    init() {}

    mutating func mapping(map: Map) {
        leaf <- map["leaf"]; optionalLeaf <- map["optionalLeaf"]; leaves <- map["leaves"]; leafSet <- map["leafSet"]
        byKey <- map["byKey"]; grid <- map["grid"]; groups <- map["groups"]
        color <- map["color"]; level <- map["level"]; colors <- map["colors"]; levels <- map["levels"]
        inner <- map["deep.inner.leaf"]; paths <- map["paths"]; children <- map["children"]
    }

    static func generate(_ r: inout TestRandom, _ k: Int) -> RTGTree { generate(&r, k, depth: 0) }

    static func generate(_ r: inout TestRandom, _ k: Int, depth: Int) -> RTGTree {
        typealias V = RTGValues
        let leaf = { (r: inout TestRandom) in RTGLeaf.generate(&r, 9) }
        var m = RTGTree()
        m.leaf = RTGLeaf.generate(&r, k); m.optionalLeaf = V.optional(&r, k, leaf); m.leaves = V.array(&r, leaf)
        m.leafSet = Set(V.array(&r, leaf)); m.byKey = V.dictionary(&r, leaf)
        m.grid = V.array(&r, max: 3) { V.array(&$0, max: 2, leaf) }
        m.groups = V.optional(&r, k) { r in V.dictionary(&r) { V.array(&$0, max: 2, leaf) } }
        m.color = r.pick(RTGColor.allCases); m.level = V.optional(&r, k) { $0.pick(RTGLevel.allCases) }
        m.colors = V.array(&r) { $0.pick(RTGColor.allCases) }
        m.levels = V.optional(&r, k) { r in V.dictionary(&r) { $0.pick(RTGLevel.allCases) } }
        m.inner = V.optional(&r, k, leaf); m.paths = V.optional(&r, k) { RTGPaths.generate(&$0, k) }
        if depth == 0 { m.children = V.optional(&r, k) { r in V.array(&r, max: 2) { generate(&$0, 9, depth: 1) } } }
        return m
    }

    func tree() -> DiffJSON {
        .object([
            ("leaf", leaf.tree()), ("optionalLeaf", optionalLeaf?.tree() ?? .null),
            ("leaves", .a(leaves) { $0.tree() }),
            ("leafSet", .a(leafSet) { $0.tree() }), ("byKey", .o(byKey) { $0.tree() }),
            ("grid", .a(grid) { .a($0) { $0.tree() } }), ("groups", .o(groups) { .a($0) { $0.tree() } }),
            ("color", .e(color)), ("level", .e(level)), ("colors", .a(colors) { .e($0) }),
            ("levels", .o(levels) { .e($0) }),
            ("deep", .object([("inner", .object([("leaf", inner?.tree() ?? .null)]))])),
            ("paths", paths?.tree() ?? .null), ("children", .a(children) { $0.tree() }),
        ])
    }
}

/// The transforms that claim to round-trip.
struct RTGTransforms: RTGGenerated {
    var seconds = Date(timeIntervalSince1970: 0), millis: Date?, iso = Date(timeIntervalSince1970: 0),
        isoList: [Date] = []
    var url: URL?, data = Data(), amount: Decimal = 0, color: RTGColor?, level = RTGLevel.zero,
        levels: [String: RTGLevel]?

    init?(map: Map) {}
    init() {}

    mutating func mapping(map: Map) {
        seconds <- (map["seconds"], DateTransform()); millis <- (map["millis"], DateTransform(unit: .milliseconds))
        iso <- (map["iso"], ISO8601DateTransform()); isoList <- (map["isoList"], ISO8601DateTransform())
        url <- (map["url"], URLTransform()); data <- (map["data"], DataTransform())
        amount <- (map["amount"], DecimalTransform()); color <- (map["color"], EnumTransform<RTGColor>())
        level <- (map["level"], EnumTransform<RTGLevel>()); levels <- (map["levels"], EnumTransform<RTGLevel>())
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Seconds since 1970 as DateTransform writes them: whole, milliseconds or microseconds
    /// (up to 17 significant digits).
    static func timestamp(_ r: inout TestRandom, _ k: Int) -> Date {
        let whole = Double(k < 2 ? [0, -1][k] : r.below(4_000_000_000) - 2_000_000_000)
        let scale = [1.0, 1_000, 1_000_000][r.below(3)]
        return Date(timeIntervalSince1970: whole + Double(r.below(Int(scale))) / scale)
    }

    /// A date for ISO 8601: years 1600–9999 in whole seconds, or 1970–2035 with microseconds
    /// (where a `Date` holds them exactly enough).
    static func isoDate(_ r: inout TestRandom) -> Date {
        let far = r.percent(40)
        let year = far ? 1600 + r.below(8400) : 1970 + r.below(66), month = 1 + r.below(12)
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let day = month == 2 && leap && r.percent(30) ? 29 : 1 + r.below(28)
        let parts = DateComponents(
            year: year, month: month, day: day, hour: r.below(24), minute: r.below(60), second: r.below(60))
        let whole = utc.date(from: parts)!.timeIntervalSince1970
        return Date(timeIntervalSince1970: whole + (far ? 0 : Double(r.below(1_000_000)) / 1_000_000))
    }

    /// The date as ISO8601DateTransform documents its output, from Foundation's calendar.
    static func isoString(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let micros = Int(((date.timeIntervalSince1970 - whole) * 1_000_000).rounded())
        let c = utc.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: whole))
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
        if micros > 0 {
            var fraction = String(format: ".%06d", micros)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += fraction
        }
        return text + "Z"
    }

    static func generate(_ r: inout TestRandom, _ k: Int) -> RTGTransforms {
        var m = RTGTransforms()
        m.seconds = timestamp(&r, k)
        m.millis = RTGValues.optional(&r, k) {
            Date(timeIntervalSince1970: Double($0.below(4_000_000_000)) + $0.pick([0, 0.5, 0.125]))
        }
        m.iso = isoDate(&r); m.isoList = RTGValues.array(&r) { isoDate(&$0) }
        m.url = RTGValues.optional(&r, k) { r in
            URL(
                string: r.pick([
                    "https://example.com", "http://a.b:8080", "mailto:x@y.z", "file:///tmp", "urn:isbn:0451450523",
                ])
                    + RTGValues.array(&r) {
                        $0.pick(["/", "/a%20b", "/%C3%A9", "?q=1&r=x+y", "#frag", "/~u.v_w-", "/@:!$'()*,;="])
                    }.joined())!
        }
        m.data = Data(RTGValues.array(&r, max: 40) { UInt8(truncatingIfNeeded: $0.next()) })
        m.amount = RTGValues.decimal(&r, k); m.color = RTGValues.optional(&r, k) { $0.pick(RTGColor.allCases) }
        m.level = r.pick(RTGLevel.allCases);
        m.levels = RTGValues.optional(&r, k) { r in RTGValues.dictionary(&r) { $0.pick(RTGLevel.allCases) } }
        return m
    }

    func tree() -> DiffJSON {
        .object([
            ("seconds", .d(seconds.timeIntervalSince1970)),
            ("millis", .d(millis.map { $0.timeIntervalSince1970 * 1000 })),
            ("iso", .s(Self.isoString(iso))), ("isoList", .a(isoList) { .s(Self.isoString($0)) }),
            ("url", .s(url?.absoluteString)), ("data", .s(data.base64EncodedString())), ("amount", .dec(amount)),
            ("color", .e(color)), ("level", .e(level)), ("levels", .o(levels) { .e($0) }),
        ])
    }
}

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
