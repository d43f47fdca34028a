import Foundation

// Generated search pages and their mutations for the differential tests: a writer with
// several layouts, and the mutations applied per case (seeded by `TestRandom`).

// MARK: Generated JSON

/// A JSON value whose objects keep their members' order and repeats.
indirect enum DiffJSON {
    case null, bool(Bool), number(String), string(String), array([DiffJSON])
    case object([(key: String, value: DiffJSON)])

    var kind: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .number: 2
        case .string: 3
        case .array: 4
        case .object: 5
        }
    }
    var children: Int {
        switch self {
        case .array(let a): a.count
        case .object(let o): o.count
        default: 0
        }
    }
    func member(_ key: String) -> Int? {
        guard case .object(let members) = self else { return nil }
        return members.firstIndex { $0.key == key }
    }
    func removing(child index: Int) -> DiffJSON {
        switch self {
        case .array(var a): a.remove(at: index); return .array(a)
        case .object(var o): o.remove(at: index); return .object(o)
        default: return self
        }
    }
}

enum DiffStep { case member(Int), element(Int) }

func diffValue(_ root: DiffJSON, at path: ArraySlice<DiffStep>) -> DiffJSON? {
    guard let step = path.first else { return root }
    switch (step, root) {
    case (.member(let i), .object(let o)) where o.indices.contains(i):
        return diffValue(o[i].value, at: path.dropFirst())
    case (.element(let i), .array(let a)) where a.indices.contains(i): return diffValue(a[i], at: path.dropFirst())
    default: return nil
    }
}

func diffModify(_ root: inout DiffJSON, at path: ArraySlice<DiffStep>, _ change: (inout DiffJSON) -> Void) {
    guard let step = path.first else { return change(&root) }
    switch (step, root) {
    case (.member(let i), .object(var o)) where o.indices.contains(i):
        diffModify(&o[i].value, at: path.dropFirst(), change)
        root = .object(o)
    case (.element(let i), .array(var a)) where a.indices.contains(i):
        diffModify(&a[i], at: path.dropFirst(), change)
        root = .array(a)
    default: break
    }
}

/// The paths of every array and object, in pre-order.
func diffContainerPaths(_ root: DiffJSON, _ prefix: [DiffStep] = [], into paths: inout [[DiffStep]]) {
    switch root {
    case .array(let a):
        paths.append(prefix)
        for (i, e) in a.enumerated() { diffContainerPaths(e, prefix + [.element(i)], into: &paths) }
    case .object(let o):
        paths.append(prefix)
        for (i, m) in o.enumerated() { diffContainerPaths(m.value, prefix + [.member(i)], into: &paths) }
    default: break
    }
}

/// `json` with array elements and object members removed, one at a time, while `fails`
/// still holds for the smaller value (at most `budget` tries): a small reproducer.
func diffShrink(_ json: DiffJSON, budget: Int = 3000, fails: (DiffJSON) -> Bool) -> DiffJSON {
    var best = json
    var budget = budget
    var improved = true
    while improved && budget > 0 {
        improved = false
        var paths: [[DiffStep]] = []
        diffContainerPaths(best, into: &paths)
        search: for path in paths {
            for k in (0..<(diffValue(best, at: path[...])?.children ?? 0)).reversed() {
                budget -= 1
                var candidate = best
                diffModify(&candidate, at: path[...]) { $0 = $0.removing(child: k) }
                if fails(candidate) {
                    best = candidate
                    improved = true
                    break search
                }
                if budget <= 0 { break search }
            }
        }
    }
    return best
}

/// How a case is written: compact or pretty (lines and columns then matter), and which
/// characters are escaped.
struct DiffLayout: CustomStringConvertible {
    var indent: String?
    var newline = "\n"
    var space = ""
    var escapeNonASCII = false
    var escapeKeys = false
    var escapeSlash = false

    static let compact = DiffLayout()

    var description: String {
        "indent \(indent.map { "\($0.count)" } ?? "none"), space '\(space)', newline \(newline == "\n" ? "LF" : "CRLF")"
            + ", escapes \(escapeNonASCII ? "non-ASCII " : "")\(escapeKeys ? "keys " : "")\(escapeSlash ? "slash" : "")"
    }

    static func random(_ r: inout TestRandom) -> DiffLayout {
        var layout = DiffLayout()
        switch r.below(10) {
        case 0..<4: break
        case 4, 5: layout.space = " "
        case 6..<9: layout.indent = "  "; layout.space = " "
        default: layout.indent = "\t"; layout.newline = "\r\n"
        }
        layout.escapeNonASCII = r.percent(20)
        layout.escapeKeys = r.percent(15)
        layout.escapeSlash = r.percent(15)
        return layout
    }

    /// The UTF-8 text of `value`.
    func write(_ value: DiffJSON) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, depth: 0, into: &out)
        return out
    }

    private func write(_ value: DiffJSON, depth: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let n): out += n.utf8
        case .string(let s): quote(s, key: false, into: &out)
        case .array(let a):
            container(UInt8(ascii: "["), UInt8(ascii: "]"), a.count, depth, into: &out) { i, out in
                write(a[i], depth: depth + 1, into: &out)
            }
        case .object(let o):
            container(UInt8(ascii: "{"), UInt8(ascii: "}"), o.count, depth, into: &out) { i, out in
                quote(o[i].key, key: true, into: &out)
                out.append(UInt8(ascii: ":"))
                out += space.utf8
                write(o[i].value, depth: depth + 1, into: &out)
            }
        }
    }

    private func container(
        _ open: UInt8, _ close: UInt8, _ count: Int, _ depth: Int, into out: inout [UInt8],
        _ element: (Int, inout [UInt8]) -> Void
    ) {
        out.append(open)
        guard count > 0 else { return out.append(close) }
        for i in 0..<count {
            if i > 0 {
                out.append(UInt8(ascii: ","))
                if indent == nil { out += space.utf8 }
            }
            if let indent {
                out += newline.utf8
                for _ in 0...depth { out += indent.utf8 }
            }
            element(i, &out)
        }
        if let indent {
            out += newline.utf8
            for _ in 0..<depth { out += indent.utf8 }
        }
        out.append(close)
    }

    private func quote(_ text: String, key: Bool, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !escapeNonASCII, !(key && escapeKeys),
            !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || ($0 == 0x2F && escapeSlash) })
        {
            out += text.utf8
            return out.append(UInt8(ascii: "\""))
        }
        var first = key && escapeKeys
        for scalar in text.unicodeScalars {
            defer { first = false }
            let v = scalar.value
            switch v {
            case 0x22: out += #"\""#.utf8
            case 0x5C: out += #"\\"#.utf8
            case 0x0A: out += #"\n"#.utf8
            case 0x09: out += #"\t"#.utf8
            case 0x2F where escapeSlash: out += #"\/"#.utf8
            case _ where v < 0x20 || (v > 0x7E && escapeNonASCII) || first:
                for unit in String(scalar).utf16 { Self.escape(unit, into: &out) }
            case 0..<0x80: out.append(UInt8(v))
            default: out += String(scalar).utf8
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escape(_ unit: UInt16, into out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in [12, 8, 4, 0] { out.append(digits[Int(unit >> UInt16(shift)) & 15]) }
    }
}

/// Realistic search pages (GitHub's item shape) and the values mutations put in them.
enum DiffPages {
    static let owners = ["octocat", "apple", "swiftlang", "lloyd", "ÉquipeÉté", "日本ユーザー"]
    static let names = ["tetris", "yajl", "swift-json", "mapper", "sudoku", "café-app", "emoji🎮", "a.b_c"]
    static let words = [
        "A fast parser", "Ünïcödé text", "quote \" and \\ backslash", "tab\there\nnew line",
        "control \u{01}\u{1F}", "日本語の説明", "🎮 game", "https://example.com/a/b?c=d", "",
    ]
    static let listed: Set<String> = [
        "total_count", "incomplete_results", "items", "labels", "id", "name", "full_name",
        "html_url", "description", "private", "score", "stargazers_count", "owner",
        "permissions", "meta", "license", "topics", "login", "avatar_url", "admin",
        "counts", "forks", "key", "spdx_id", "color", "weight",
    ]
    static let unlisted = [
        "node_id", "url", "fork", "watchers", "created_at", "extra", "nam", "namex", "nXme", "idd",
        "i", "ID", "Name", "full-name", "owner_", "avatar_urls", "lice nse", "", "ünïcödé", "items2",
        "admin_", "login", "forks", "key", "counts", "push", "\u{7F}", "x\"y", "n\u{0}e",
    ]
    static let huge = [
        "99999999999999999999", "-99999999999999999999", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "1e19",
    ]
    static let fractional = ["1.5", "1e3", "1E+2", "1.0", "-0.5", "2e-2", "-0", "0.0", "1e-0", "12.50"]
    static let doubles = [
        "1e400", "-1e400", "5", "-0", "1.7976931348623157e308", "4.9e-324", "0.1",
        "123456789012345678901234567890", "1E-7",
    ]
    static let strings = [
        "", "plain", "café", "日本語テキスト", "🎮 emoji", "quote \" and \\ backslash", "new\nline\ttab",
        "\u{01}ctrl\u{1F}", "https://example.com/a/b", "\u{2028}sep\u{2029}", "1", "true", "null",
        String(repeating: "long ", count: 40), "\u{FEFF}bom", "e\u{301}",
    ]

    static func number(_ r: inout TestRandom, below n: Int) -> DiffJSON { .number(String(r.below(n))) }

    static func label(_ r: inout TestRandom) -> DiffJSON {
        var members: [(key: String, value: DiffJSON)] = [("name", .string(r.pick(["bug", "help wanted", "ä-label"])))]
        if r.percent(70) { members.append(("color", .string(r.pick(["d73a4a", "0075ca", "#fff"])))) }
        if r.percent(60) { members.append(("weight", number(&r, below: 10))) }
        if r.percent(30) { members.append(("default", .bool(r.percent(50)))) }
        return .object(members)
    }

    static func repo(_ r: inout TestRandom, _ index: Int) -> DiffJSON {
        let login = r.pick(owners), name = r.pick(names) + "-\(index)"
        let ownerID = r.below(90_000_000) + 1
        var meta: [(key: String, value: DiffJSON)] = [
            (
                "counts",
                .object([
                    ("open", number(&r, below: 50)),
                    ("forks", number(&r, below: 500)),
                ])
            )
        ]
        meta.append(("tags", .array([.string("v1"), .object([("name", .string("v2")), ("forks", .null)])])))
        let license: DiffJSON =
            r.percent(25)
            ? .null
            : .object([
                ("key", .string(r.pick(["mit", "apache-2.0", "gpl-3.0"]))), ("name", .string("Some License")),
                ("spdx_id", .string(r.pick(["MIT", "Apache-2.0", "NOASSERTION"]))),
                ("url", .string("https://api.github.com/licenses/mit")), ("node_id", .string("MDc6TGljZW5zZTEz")),
            ])
        return .object([
            ("id", number(&r, below: 900_000_000)),
            ("node_id", .string("MDEwOlJlcG9zaXRvcnk\(index)")),
            ("name", .string(name)),
            ("full_name", .string("\(login)/\(name)")),
            ("private", .bool(r.percent(10))),
            (
                "owner",
                .object([
                    ("login", .string(login)), ("id", .number(String(ownerID))), ("node_id", .string("MDQ6VXNlcj")),
                    ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(ownerID)?v=4")),
                    ("gravatar_id", .string("")), ("url", .string("https://api.github.com/users/\(login)")),
                    ("type", .string(r.pick(["User", "Organization"]))), ("site_admin", .bool(false)),
                ])
            ),
            ("html_url", .string("https://github.com/\(login)/\(name)")),
            ("description", r.percent(20) ? .null : .string(r.pick(words))),
            ("fork", .bool(r.percent(20))),
            ("created_at", .string("2014-0\(r.below(9) + 1)-12T08:53:36Z")),
            ("homepage", r.percent(50) ? .null : .string("https://\(name).dev")),
            ("stargazers_count", number(&r, below: 100_000)),
            ("language", r.percent(20) ? .null : .string(r.pick(["Swift", "C", "Objective-C"]))),
            ("license", license),
            ("topics", .array((0..<r.below(4)).map { _ in .string(r.pick(["json", "swift", "parser", "ü"])) })),
            (
                "permissions",
                .object([
                    ("admin", .bool(r.percent(30))), ("maintain", .bool(false)), ("push", .bool(true)),
                    ("pull", .bool(true)),
                ])
            ),
            ("meta", .object(meta)),
            ("labels", .array((0..<r.below(3)).map { _ in label(&r) })),
            ("visibility", .string("public")),
            ("score", .number(r.pick(["1.0", "0.5", "12.75", "1"]))),
        ])
    }

    static func page(_ r: inout TestRandom, large: Bool) -> DiffJSON {
        let count = large ? 17 + r.below(4) : 1 + r.below(5)
        return .object([
            ("total_count", .number(String(count * 7))),
            ("incomplete_results", .bool(false)),
            ("items", .array((0..<count).map { repo(&r, $0) })),
            ("labels", .array((0..<r.below(4)).map { _ in label(&r) })),
        ])
    }

    /// A value of any kind other than `kind` (objects and arrays may hold listed keys).
    static func value(_ r: inout TestRandom, notOfKind kind: Int = -1, depth: Int = 0) -> DiffJSON {
        var k = r.below(depth > 1 ? 4 : 6)
        if k == kind { k = (k + 1 + r.below(depth > 1 ? 3 : 5)) % (depth > 1 ? 4 : 6) }
        switch k {
        case 0: return .null
        case 1: return .bool(r.percent(50))
        case 2: return .number(r.pick(["0", "7", "-3", "1.5", "1e3"] + huge.prefix(2)))
        case 3: return .string(r.pick(strings))
        case 4: return .array((0..<r.below(4)).map { _ in value(&r, depth: depth + 1) })
        default:
            let members: [(key: String, value: DiffJSON)] = (0..<r.below(4)).map { _ in
                (
                    key: r.percent(50) ? r.pick(Array(listed).sorted()) : r.pick(unlisted),
                    value: value(&r, depth: depth + 1)
                )
            }
            return .object(members)
        }
    }

    /// A key near a listed one (one byte changed, added or removed).
    static func nearMiss(_ r: inout TestRandom, of key: String) -> String {
        var bytes = Array(key.utf8)
        guard !bytes.isEmpty else { return "x" }
        switch r.below(3) {
        case 0: bytes[r.below(bytes.count)] = UInt8(ascii: r.pick(["x", "_", "A", "0"]))
        case 1: bytes.insert(UInt8(ascii: "z"), at: r.below(bytes.count + 1))
        default: bytes.remove(at: r.below(bytes.count))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: Mutations

enum DiffMutation: String, CaseIterable {
    case removeKey, nullValue, retype, repeatKey, reorderKeys, addUnlisted, nearMissKey, emptyObject
    case ownerShape, permissionsShape, licenseShape, metaShape, topicsShape, labelShape
    case hugeInteger, fractionalInteger, doubleEdge, stringEscapes
    case emptyItems, itemsNotArray, elementNotObject, removeElement, repeatElement, reorderAllItems, rootShape

    /// Applies the mutation somewhere in `page`; `false` when it found nowhere to apply.
    func apply(to page: inout DiffJSON, _ r: inout TestRandom) -> Bool {
        let targets = DiffTargets(page)
        switch self {
        case .removeKey, .nullValue, .retype, .repeatKey, .hugeInteger, .fractionalInteger, .doubleEdge,
            .stringEscapes, .nearMissKey:
            guard let (object, member) = targets.member(for: self, &r) else { return false }
            diffModify(&page, at: object[...]) { change(&$0, member, &r) }
        case .reorderKeys, .addUnlisted, .emptyObject:
            guard let object = targets.object(&r) else { return false }
            diffModify(&page, at: object[...]) { value in
                guard case .object(var members) = value else { return }
                switch self {
                case .reorderKeys: r.shuffle(&members)
                case .addUnlisted:
                    let key = r.pick(DiffPages.unlisted)
                    members.insert((key, DiffPages.value(&r)), at: r.below(members.count + 1))
                default: members = []
                }
                value = .object(members)
            }
        case .ownerShape, .permissionsShape, .licenseShape, .metaShape, .topicsShape:
            let key = [
                "ownerShape": "owner", "permissionsShape": "permissions", "licenseShape": "license",
                "metaShape": "meta", "topicsShape": "topics",
            ][rawValue]!
            guard let item = targets.items.isEmpty ? nil : r.pick(targets.items),
                let index = diffValue(page, at: item[...])?.member(key)
            else { return false }
            diffModify(&page, at: (item + [.member(index)])[...]) { $0 = DiffMutation.shape(of: key, &r) }
        case .labelShape:
            var lists = targets.items.compactMap { item in
                diffValue(page, at: item[...])?.member("labels").map { item + [.member($0)] }
            }
            if let top = page.member("labels") { lists += [[.member(top)], [.member(top)]] }
            guard !lists.isEmpty else { return false }
            let list = r.pick(lists)
            let count = diffValue(page, at: list[...])?.children ?? 0
            if count > 0, case .array = diffValue(page, at: list[...]), r.percent(75) {
                diffModify(&page, at: (list + [.element(r.below(count))])[...]) {
                    $0 = DiffMutation.shape(of: "label", &r)
                }
            } else {
                diffModify(&page, at: list[...]) {
                    $0 = r.pick([DiffJSON.null, .array([]), .string("labels"), .object([]), .number("1")])
                }
            }
        case .emptyItems, .itemsNotArray, .elementNotObject, .removeElement, .repeatElement, .reorderAllItems:
            guard let items = targets.itemsArray else { return false }
            diffModify(&page, at: items[...]) { value in
                guard case .array(var elements) = value else { return }
                switch self {
                case .emptyItems: elements = []
                case .itemsNotArray:
                    let first = elements.first ?? .object([])
                    value = r.pick([
                        DiffJSON.null, .object([]), .object([("0", first)]), .string("items"), .number("3"),
                        .bool(true), first,
                    ])
                    return
                case .elementNotObject:
                    guard !elements.isEmpty else { return }
                    let i = r.below(elements.count)
                    elements[i] = r.pick([
                        DiffJSON.null, .number("7"), .string("repo"), .bool(false), .array([]), .array([elements[i]]),
                        .object([]),
                    ])
                case .removeElement:
                    if !elements.isEmpty { elements.remove(at: r.below(elements.count)) }
                case .repeatElement:
                    if !elements.isEmpty { elements.insert(r.pick(elements), at: r.below(elements.count + 1)) }
                default:
                    // One new key order for every element (the plan learns orders it sees).
                    var ranks: [String: Int] = [:]
                    for (n, key) in DiffPages.listed.sorted().enumerated() { ranks[key] = n * 1000 + r.below(1000) }
                    elements = elements.map { element in
                        guard case .object(let members) = element else { return element }
                        return .object(
                            members.enumerated().sorted {
                                (ranks[$0.element.key] ?? $0.offset) < (ranks[$1.element.key] ?? $1.offset)
                            }.map(\.element))
                    }
                }
                value = .array(elements)
            }
        case .rootShape:
            page = r.pick([DiffJSON.null, .array([page]), .string("page"), .object([]), .number("1")])
        }
        return true
    }

    /// Changes member `index` of an object as this mutation does.
    private func change(_ object: inout DiffJSON, _ index: Int, _ r: inout TestRandom) {
        guard case .object(var members) = object, members.indices.contains(index) else { return }
        let member = members[index]
        switch self {
        case .removeKey: members.remove(at: index)
        case .nullValue: members[index].value = .null
        case .retype: members[index].value = DiffPages.value(&r, notOfKind: member.value.kind)
        case .repeatKey:
            // Mostly after the first (which counts), sometimes before it (then it counts).
            let repeated = r.percent(50) ? DiffPages.value(&r) : member.value
            members.insert(
                (member.key, repeated),
                at: r.percent(80) ? index + 1 + r.below(members.count - index) : r.below(index + 1))
        case .hugeInteger: members[index].value = .number(r.pick(DiffPages.huge))
        case .fractionalInteger: members[index].value = .number(r.pick(DiffPages.fractional))
        case .doubleEdge: members[index].value = .number(r.pick(DiffPages.doubles))
        case .stringEscapes: members[index].value = .string(r.pick(DiffPages.strings))
        case .nearMissKey: members[index].key = DiffPages.nearMiss(&r, of: member.key)
        default: break
        }
        object = .object(members)
    }

    static func shape(of key: String, _ r: inout TestRandom) -> DiffJSON {
        switch key {
        case "owner":
            return r.pick([
                DiffJSON.null, .string("octocat"), .object([]), .array([]),
                .array([.object([("avatar_url", .string("x"))])]),
                .object([("avatar_url", .string("only"))]), .object([("login", .string("only"))]),
                .object([("id", .number("5"))]), .number("42"), .bool(true),
                .object([("avatar_url", .null), ("login", .null), ("id", .null)]),
                .object([("avatar_url", .object([("nested", .number("1"))]))]),
                .object([("id", .number("1.5")), ("avatar_url", .string("a")), ("login", .string("l"))]),
                .object([
                    ("login", .string("a")), ("login", .string("b")), ("id", .number("1")),
                    ("avatar_url", .string("u")),
                ]),
            ])
        case "permissions":
            return r.pick([
                DiffJSON.null, .object([]), .object([("admin", .bool(true))]), .object([("admin", .string("yes"))]),
                .object([("admin", .null)]), .object([("push", .bool(true))]),
                .object([("admin", .bool(true)), ("admin", .bool(false))]),
                .object([("admin", .bool(false)), ("x", .object([("admin", .bool(true))]))]),
                .array([]), .string("admin"), .object([("admin", .array([.bool(true)]))]),
                .object([("pull", .bool(true)), ("admin", .number("1"))]),
            ])
        case "license":
            return r.pick([
                DiffJSON.null, .object([]), .string("mit"), .array([]), .object([("key", .null)]),
                .object([("key", .number("5")), ("name", .array([]))]),
                .object([("spdx_id", .string("MIT")), ("key", .string("mit"))]),
                .object([("key", .string("a")), ("key", .string("b"))]),
                .object([("name", .string("no key"))]),
            ])
        case "meta":
            return r.pick([
                DiffJSON.null, .object([]), .object([("counts", .null)]), .object([("counts", .array([]))]),
                .object([("counts", .object([("forks", .string("3"))]))]),
                .object([("counts", .object([("forks", .number("3")), ("forks", .number("4"))]))]),
                .object([("counts", .object([("forks", .number("1e2"))])), ("counts", .null)]),
                .number("5"), .object([("counts", .object([]))]),
            ])
        case "topics":
            return r.pick([
                DiffJSON.null, .array([]), .string("swift"), .array([.number("1"), .string("a"), .null]),
                .array([.array([.string("a")])]), .object([("0", .string("a"))]), .array([.string("é\u{0}")]),
            ])
        default: // a label
            return r.pick([
                DiffJSON.null, .number("3"), .array([]), .object([]), .object([("name", .number("5"))]),
                .object([("color", .string("red"))]), .object([("name", .string("n")), ("weight", .number("1.5"))]),
                .object([("name", .string("n")), ("weight", .string("heavy"))]),
                .object([("name", .string("n")), ("name", .string("m"))]),
                .object([("weight", .number("2")), ("color", .null), ("name", .string("late"))]),
            ])
        }
    }
}

/// Where mutations apply in a page: its items and the objects in them.
struct DiffTargets {
    let page: DiffJSON
    var itemsArray: [DiffStep]?
    var items: [[DiffStep]] = []

    init(_ page: DiffJSON) {
        self.page = page
        guard let index = page.member("items"), case .array(let elements) = diffValue(page, at: [.member(index)]) else {
            return
        }
        itemsArray = [.member(index)]
        items = elements.indices.filter { if case .object = elements[$0] { true } else { false } }
            .map { [.member(index), .element($0)] }
    }

    /// The objects in the value at `path` (itself included), in pre-order.
    private func objects(under path: [DiffStep]) -> [[DiffStep]] {
        guard let start = diffValue(page, at: path[...]) else { return [] }
        var paths: [[DiffStep]] = []
        diffContainerPaths(start, path, into: &paths)
        return paths.filter { if case .object = diffValue(page, at: $0[...]) { true } else { false } }
    }

    /// An object: the page, an item, an object in an item, or any object.
    func object(_ r: inout TestRandom) -> [DiffStep]? {
        switch r.below(20) {
        case 0..<3: if case .object = page { return [] }
        case 3..<12 where !items.isEmpty: return r.pick(items)
        case 12..<17 where !items.isEmpty:
            let item = r.pick(items)
            let inner = objects(under: item).dropFirst()
            return inner.isEmpty ? item : r.pick(Array(inner))
        default: break
        }
        let all = objects(under: [])
        return all.isEmpty ? nil : r.pick(all)
    }

    /// An object and one of its members fit for `mutation` (a listed key mostly; a number
    /// or a string for the mutations that set one).
    func member(for mutation: DiffMutation, _ r: inout TestRandom) -> ([DiffStep], Int)? {
        for _ in 0..<8 {
            guard let path = object(&r), case .object(let members)? = diffValue(page, at: path[...]), !members.isEmpty
            else { continue }
            let listedOnly = r.percent(80)
            let fit = members.indices.filter { i in
                switch mutation {
                case .hugeInteger, .fractionalInteger:
                    return ["id", "stargazers_count", "forks", "total_count", "weight"].contains(members[i].key)
                case .doubleEdge: return members[i].key == "score"
                case .stringEscapes: if case .string = members[i].value { return true } else { return false }
                default: return !listedOnly || DiffPages.listed.contains(members[i].key)
                }
            }
            if !fit.isEmpty { return (path, r.pick(fit)) }
        }
        return nil
    }
}

extension DiffPages {
    /// A large page's text with `count` items, after up to four mutations, in a random
    /// layout (the parallel streams' differential tests split it into many windows).
    static func text(_ random: inout TestRandom, items count: Int) -> [UInt8] {
        var page = DiffPages.page(&random, large: true)
        if case .object(var members) = page, let items = members.firstIndex(where: { $0.key == "items" }) {
            members[items].value = .array((0..<count).map { DiffPages.repo(&random, $0) })
            page = .object(members)
        }
        for _ in 0..<random.below(5) {
            let mutation = random.pick(DiffMutation.allCases)
            _ = mutation.apply(to: &page, &random)
            if mutation == .rootShape { break }
        }
        return DiffLayout.random(&random).write(page)
    }
}

extension DiffPages {
    /// The offsets of the commas just after a `}`: where the parallel readers split a page.
    static func elementCommas(_ text: [UInt8]) -> [Int] {
        text.indices.filter { text[$0] == UInt8(ascii: ",") && $0 > 0 && text[$0 - 1] == UInt8(ascii: "}") }
    }

    /// A byte of `text` to damage: three times in five near (two bytes either side) one of
    /// `commas`, else anywhere.
    static func damageSite(in text: [UInt8], commas: [Int], _ random: inout TestRandom) -> Int {
        let near = commas.isEmpty ? 0 : commas[random.below(commas.count)] + random.below(5) - 2
        return min(max(random.percent(60) ? near : random.below(text.count), 0), text.count - 1)
    }

    /// `text` with one byte inserted at `at` (one of `inserting`), removed, or changed (to
    /// one of `changing`).
    static func damaged(
        _ text: [UInt8], at: Int, _ random: inout TestRandom, inserting: [UInt8], changing: [UInt8]
    ) -> [UInt8] {
        var damaged = text
        switch random.below(3) {
        case 0: damaged.insert(random.pick(inserting), at: at)
        case 1: damaged.remove(at: at)
        default: damaged[at] = random.pick(changing)
        }
        return damaged
    }
}
