import Foundation
import Testing

@testable import YajlMapper

// The oracle and the runs behind MappingDynamicDifferentialTests.swift.

// MARK: The oracle

/// What a key path finds: ObjectMapper's lookup (keys through objects, indexes through
/// arrays, `null` before the end of the path means absent).
enum DynFound {
    case absent, null
    case value(Any)
}

/// An object as `JSONSerialization` gives it.
struct DynObject {
    let members: [String: Any]

    func find(_ path: String) -> DynFound {
        var node: Any = members
        for component in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if let object = node as? [String: Any], let next = object[component] {
                node = next
            } else if let array = node as? [Any], let i = Int(component), array.indices.contains(i) {
                node = array[i]
            } else {
                return .absent
            }
        }
        return node is NSNull ? .null : .value(node)
    }
}

/// The expected models, written by hand: each `<-` as the README says it reads (only a
/// value that converts replaces a property, `null` makes an optional `nil`, an absent key
/// changes nothing; integers exact, no wrapping, no string-to-number coercion).
enum DynOracle {
    // Conversions of `JSONSerialization`'s values, as the library converts the text.
    static func int(_ v: Any) -> Int? {
        guard let n = v as? NSNumber, !dynIsBool(n) else { return nil }
        if n is NSDecimalNumber { return Int(n.description) }
        switch String(cString: n.objCType) {
        case "d", "f": return Int(exactly: n.doubleValue)
        case "Q": return Int(exactly: n.uint64Value)
        default: return Int(n.int64Value)
        }
    }
    static func double(_ v: Any) -> Double? {
        guard let n = v as? NSNumber, !dynIsBool(n) else { return nil }
        let d = dynDouble(n)
        return d.isFinite ? d : nil
    }
    static func string(_ v: Any) -> String? { v as? String }
    static func bool(_ v: Any) -> Bool? { (v as? NSNumber).flatMap { dynIsBool($0) ? $0.boolValue : nil } }
    static func strings(_ v: Any) -> [String]? {
        guard let array = v as? [Any] else { return nil }
        let converted = array.compactMap { $0 as? String }
        return converted.count == array.count ? converted : nil
    }

    /// `<-` into a non-optional property.
    static func set<T>(_ found: DynFound, _ convert: (Any) -> T?, _ property: inout T) {
        if case .value(let v) = found, let value = convert(v) { property = value }
    }
    /// `<-` into an optional property: a present value that does not convert makes it `nil`,
    /// as ObjectMapper does.
    static func setOptional<T>(_ found: DynFound, _ convert: (Any) -> T?, _ property: inout T?) {
        switch found {
        case .absent: break
        case .null: property = nil
        case .value(let v): property = convert(v)
        }
    }
    /// `<-` into an optional nested model (`build` gives `nil` when the model refuses the
    /// object; so does a value that is not an object).
    static func setModel<T>(_ found: DynFound, _ build: (DynObject) -> T?, _ property: inout T?) {
        switch found {
        case .absent: break
        case .null: property = nil
        case .value(let v):
            property = (v as? [String: Any]).flatMap { build(DynObject(members: $0)) }
        }
    }
    /// `<-` into an optional array of models: elements that are not objects or are refused
    /// are left out; a value that is not an array makes it `nil`.
    static func setModels<T>(_ found: DynFound, _ build: (DynObject) -> T?, _ property: inout [T]?) {
        switch found {
        case .absent: break
        case .null: property = nil
        case .value(let v):
            guard let array = v as? [Any] else {
                property = nil
                return
            }
            property = array.compactMap { ($0 as? [String: Any]).flatMap { build(DynObject(members: $0)) } }
        }
    }

    static func page<Item>(_ root: Any, _ item: (DynObject) -> Item?) -> DynPage<Item>? {
        guard let members = root as? [String: Any] else { return nil }
        let o = DynObject(members: members)
        var page = DynPage<Item>()
        set(o.find("total"), int, &page.total)
        setModels(o.find("items"), item, &page.items)
        setModel(o.find("pinned"), item, &page.pinned)
        return page
    }

    static func account<E: DynEpoch>(_ o: DynObject) -> DynAccount<E>? {
        var m = DynAccount<E>()
        set(o.find("kind"), string, &m.kind)
        setOptional(o.find("id"), int, &m.id)
        if m.kind == "user" {
            setOptional(o.find("login"), string, &m.login)
            set(o.find("stats.followers"), int, &m.followers)
        } else if m.kind == "org" {
            setOptional(o.find("org.name"), string, &m.name)
            setOptional(o.find("org.verified"), bool, &m.verified)
        } else {
            if m.kind == "bot", case .value(let stats) = o.find("stats") { m.stats = dynDescribe(stats) }
            setOptional(o.find("fallback_name"), string, &m.name)
        }
        return m
    }

    /// `try map.value(…)`: a required value must be there and convert; an optional one or
    /// one with a default may be absent or `null`; a value of the wrong kind fails the model.
    static func frozen<E: DynEpoch>(_ o: DynObject) -> DynFrozen<E>? {
        guard case .value(let k) = o.find("kind"), let kind = string(k) else { return nil }
        if kind == "user" {
            guard case .value(let l) = o.find("login"), let login = string(l) else { return nil }
            var followers = 0
            if case .value(let f) = o.find("stats.followers") {
                guard let value = int(f) else { return nil }
                followers = value
            }
            return DynFrozen(kind: kind, login: login, orgName: nil, followers: followers, nickname: nickname(o))
        }
        var orgName: String?
        if case .value(let n) = o.find("org.name") {
            guard let name = string(n) else { return nil }
            orgName = name
        }
        return DynFrozen(kind: kind, login: nil, orgName: orgName, followers: 0, nickname: nickname(o))
    }

    private static func nickname(_ o: DynObject) -> String? {
        if case .value(let v) = o.find("nick") { string(v) } else { nil }
    }

    static func probe<E: DynEpoch>(_ o: DynObject) -> DynProbe<E>? {
        var m = DynProbe<E>()
        setOptional(o.find("label"), string, &m.label)
        if case .absent = o.find("label") {
            setOptional(o.find("title"), string, &m.label)
            m.labelFrom = "title"
        } else {
            m.labelFrom = "label"
        }
        if case .absent = o.find("note") {} else { m.hasNote = true }
        if m.hasNote { setOptional(o.find("note"), string, &m.note) }
        set(o.find("field_count"), int, &m.count)
        for i in 0..<min(max(m.count, 0), 6) {
            var field: String?
            setOptional(o.find("field\(i)"), string, &field)
            m.fields.append(field)
        }
        switch o.find("extra") {
        case .absent: break
        case .null: m.extraPresent = true
        case .value(let v): m.extra = dynDescribe(v); m.extraPresent = true
        }
        if case .absent = o.find("score") {
            setOptional(o.find("rank"), double, &m.metric)
        } else {
            setOptional(o.find("score"), double, &m.metric)
        }
        // `ignoreNil`: `null` counts as absent; another kind of value makes it `nil`.
        if case .value(let v) = o.find("nick") { m.nick = string(v) }
        return m
    }

    static func shape<E: DynEpoch>(_ o: DynObject) -> DynShape<E>? {
        guard case .value(let t) = o.find("type"), let type = t as? String else { return nil }
        let shape: DynShape<E>
        switch type {
        case "circle":
            let circle = DynCircle<E>()
            setOptional(o.find("radius"), double, &circle.radius)
            shape = circle
        case "rect":
            let rect = DynRect<E>()
            set(o.find("size.w"), int, &rect.width)
            set(o.find("size.h"), int, &rect.height)
            setModel(o.find("corner"), point, &rect.corner)
            shape = rect
        case "skip": return nil
        default: shape = DynShape<E>()
        }
        setOptional(o.find("type"), string, &shape.type)
        set(o.find("id"), int, &shape.id)
        return shape
    }

    static func point<E>(_ o: DynObject) -> DynPoint<E>? {
        var m = DynPoint<E>()
        setOptional(o.find("x"), int, &m.x)
        setOptional(o.find("y"), int, &m.y)
        return m
    }

    static func event<E: DynEpoch>(_ o: DynObject) -> DynEvent<E>? {
        var m = DynEvent<E>()
        if case .value(let v) = o.find("event"), let name = v as? String {
            if name == "skip" { return nil }
            m.variant = DynEvent<E>.Variant(rawValue: name) ?? .other
        }
        setOptional(o.find("actor.login"), string, &m.actor)
        switch m.variant {
        case .push:
            set(o.find("payload.size"), int, &m.commits)
            setOptional(o.find("payload.refs"), strings, &m.refs)
            setOptional(o.find("payload.refs.0"), string, &m.firstRef)
        case .issue:
            setOptional(o.find("payload.issue.title"), string, &m.title)
            setOptional(o.find("payload.issue.number"), int, &m.number)
        case .other:
            break
        }
        return m
    }

    static func raw<E: DynEpoch>(_ o: DynObject) -> DynRaw<E>? {
        var m = DynRaw<E>()
        setOptional(o.find("id"), int, &m.id)
        set(o.find("mode"), string, &m.mode)
        if m.mode == "raw" {
            m.keys = o.members.keys.sorted()
            m.whole = dynDescribe(o.members)
        } else if m.mode == "value" {
            m.keys = o.members.keys.sorted()
            m.org = dynDescribe(o.members["org"])
        }
        return m
    }

    static func holder<E: DynEpoch>(_ o: DynObject) -> DynHolder<E>? {
        var m = DynHolder<E>()
        setOptional(o.find("id"), int, &m.id)
        set(o.find("has_owner"), bool, &m.hasOwner)
        if m.hasOwner {
            setModel(o.find("owner"), owner, &m.owner)
        } else {
            setOptional(o.find("owner.id"), int, &m.ownerID)
        }
        return m
    }

    static func owner<E>(_ o: DynObject) -> DynOwner<E>? {
        guard case .value = o.find("login") else { return nil }
        var m = DynOwner<E>()
        set(o.find("login"), string, &m.login)
        setOptional(o.find("id"), int, &m.id)
        setOptional(o.find("type"), string, &m.type)
        if m.type == "Organization" {
            setModels(o.find("members"), member, &m.members)
        } else if case .value(let v) = o.find("members") {
            m.memberCount = (v as? [Any])?.count
        }
        return m
    }

    static func member<E>(_ o: DynObject) -> DynMember<E>? {
        var m = DynMember<E>()
        setOptional(o.find("name"), string, &m.name)
        if m.name?.hasPrefix("a") == true { set(o.find("role"), string, &m.role) }
        return m
    }

    static func phased<E: DynEpoch>(_ o: DynObject) -> DynPhased<E>? {
        var m = DynPhased<E>()
        set(o.find("seq"), int, &m.seq)
        if m.seq < 2 {
            setOptional(o.find("alpha"), string, &m.alpha)
        } else if m.seq < 5 {
            setOptional(o.find("beta"), int, &m.beta)
            setOptional(o.find("tags"), strings, &m.tags)
        } else {
            setOptional(o.find("gamma.delta"), double, &m.delta)
            setOptional(o.find("gamma.inner.deep"), string, &m.deep)
            setOptional(o.find("alpha"), string, &m.alpha)
        }
        return m
    }

    /// The value the oracle reads, parsed by `JSONSerialization` from the page's text with
    /// two changes: repeated keys keep only their first value, as the library reads them
    /// (README; `JSONSerialization` on Linux keeps the last), and characters beyond ASCII
    /// are escaped (on Linux it drops a U+FEFF written as itself inside a string, not `\ufeff`).
    static func root(of page: DiffJSON, _ layout: DiffLayout) -> Any? {
        func firstKeysOnly(_ value: DiffJSON) -> DiffJSON {
            switch value {
            case .array(let elements): return .array(elements.map(firstKeysOnly))
            case .object(let members):
                var seen = Set<String>()
                return .object(
                    members.filter { seen.insert($0.key).inserted }.map { ($0.key, firstKeysOnly($0.value)) })
            default: return value
            }
        }
        var escaped = layout
        escaped.escapeNonASCII = true
        return try? JSONSerialization.jsonObject(
            with: Data(escaped.write(firstKeysOnly(page))), options: .fragmentsAllowed)
    }
}

// MARK: Running the three

/// One page type compared on each case.
struct DynCheck {
    let name: String
    /// The differences found on a text (and the oracle's root for it), and a word for each
    /// expected item (what kind of model it is), to show the cases reach every branch.
    let run:
        (_ text: [UInt8], _ root: Any, _ fastFirst: Bool, _ viaString: Bool)
            -> (differences: [String], census: [String], paths: DynRunner.Paths)

    init<Item: DynItem>(_ name: String, _ oracle: @escaping (DynObject) -> Item?, census: @escaping (Item) -> String) {
        self.name = name
        run = { text, root, fastFirst, viaString in
            let expected = DynOracle.page(root, oracle)
            var paths = DynRunner.Paths()
            let found = DynRunner.compare(
                DynPage<Item>.self, text, expected: expected, fastFirst: fastFirst,
                viaString: viaString, probe: Item.Epoch.probe, paths: &paths)
            return (found, ((expected?.items ?? []) + (expected?.pinned.map { [$0] } ?? [])).map(census), paths)
        }
    }
}

enum DynRunner {
    /// How the lenient runs without a context mapped their items: all before the page (`fast`),
    /// or again after a read the plan had not foreseen (`remapped`); and the runs with a
    /// context that mapped items before their page (there must be none).
    struct Paths {
        var fast = 0, remapped = 0, generalEarly = 0
        mutating func add(_ other: Paths) {
            (fast, remapped, generalEarly) = (
                fast + other.fast, remapped + other.remapped, generalEarly + other.generalEarly
            )
        }
    }

    /// A, B (lenient and strict) and C on one text; the differences, described. `fastFirst`:
    /// which of A and B maps first (a first mapping may widen a plan or teach it a key order).
    static func compare<P: BaseMappable & Equatable>(
        _: P.Type, _ text: [UInt8], expected: P?, fastFirst: Bool,
        viaString: Bool, probe: DynPathProbe, paths: inout Paths
    ) -> [String] {
        var found: [String] = []
        var lenientProblems: [MappingProblem] = []
        for strict in [false, true] {
            var fast = DiffOutcome<P>(value: nil), general = DiffOutcome<P>(value: nil)
            for withContext in fastFirst ? [false, true] : [true, false] {
                let context: MapContext? = withContext ? IgnoredContext() : nil
                probe.reset()
                let outcome =
                    strict
                    ? DiffRunner.strict(P.self, text, context: context)
                    : DiffRunner.lenient(P.self, text, context: context)
                if withContext { general = outcome } else { fast = outcome }
                if withContext {
                    paths.generalEarly += probe.early > 0 ? 1 : 0
                } else if !strict && probe.early > 0 {
                    if probe.late == 0 { paths.fast += 1 } else { paths.remapped += 1 }
                }
            }
            let mode = strict ? "strict" : "lenient"
            if fast != general {
                found.append("  \(mode) A (no context):\n\(fast.summary)\n  \(mode) B (a context):\n\(general.summary)")
            }
            let oracle = "  C (oracle):\n    value: \(expected.map { "\($0)" } ?? "nil")"
            if !strict {
                lenientProblems = fast.problems
                if fast.value != expected || fast.error != nil {
                    found.append("  lenient A:\n\(fast.summary)\n\(oracle)")
                }
                if general.value != expected, fast.value == expected {
                    found.append("  lenient B:\n\(general.summary)\n\(oracle)")
                }
            } else {
                // Strict mode throws what lenient mode collects, or gives the same model.
                let same =
                    lenientProblems.isEmpty
                    ? DiffOutcome<P>(value: expected)
                    : DiffOutcome<P>(value: nil, problems: lenientProblems)
                if fast != same {
                    found.append("  strict A:\n\(fast.summary)\n  lenient A's problems, or C:\n\(same.summary)")
                }
            }
        }
        if viaString {
            // ObjectMapper's entry point and `lastProblems` say the same as `mapResult`.
            let mapper = Mapper<P>()
            let value = mapper.map(JSONString: String(decoding: text, as: UTF8.self))
            let outcome = DiffOutcome(value: value, problems: mapper.lastProblems)
            let direct = DiffRunner.lenient(P.self, text, context: nil)
            if outcome != direct {
                found.append(
                    "  map(JSONString:) and lastProblems:\n\(outcome.summary)\n  mapResult:\n\(direct.summary)")
            }
        }
        return found
    }

    struct Tally {
        var cases = 0
        var differences = 0
        var census: [String: Int] = [:]
        var applied: [DynMutation: Int] = [:]
        var paths = Paths()
    }

    /// Generates and compares `count` cases: pages of `size` items, each case after the
    /// first mutated. `first` may change the first page (the one plans are learned from).
    static func run(
        _ label: String, seed: UInt64, cases count: Int, size: ClosedRange<Int>, fastFirst: Bool,
        checks: [DynCheck], first: (inout DiffJSON, inout TestRandom) -> Void = { _, _ in }
    ) -> Tally {
        var r = TestRandom(state: seed)
        var tally = Tally()
        for n in 0..<count {
            var page = DynPages.page(&r, count: size.lowerBound + r.below(size.count))
            let layout = DiffLayout.random(&r)
            var applied: [String] = []
            if n == 0 {
                first(&page, &r)
            } else {
                for _ in 0..<1 + r.below(4) {
                    let mutation = r.pick(DynMutation.allCases)
                    if mutation == .rootShape && r.percent(70) { continue }
                    if mutation.apply(to: &page, &r) {
                        applied.append(mutation.rawValue)
                        tally.applied[mutation, default: 0] += 1
                    }
                }
            }
            let text = layout.write(page)
            guard let root = DynOracle.root(of: page, layout) else {
                Issue.record("\(label) case \(n): JSONSerialization refused \(String(decoding: text, as: UTF8.self))")
                continue
            }
            tally.cases += 1
            for check in checks {
                let (differences, census, paths) = check.run(text, root, n == 0 ? fastFirst : n % 2 == 0, n % 6 == 1)
                for word in census { tally.census[word, default: 0] += 1 }
                tally.paths.add(paths)
                guard !differences.isEmpty else { continue }
                tally.differences += 1
                guard tally.differences <= 3 else { continue }
                let (small, shown) = shrink(page, layout, check)
                Issue.record(
                    Comment(
                        rawValue: """
                            \(label) \(check.name) case \(n) (\(applied.isEmpty ? "as generated" : applied.joined(separator: ", "))) \
                            differs; smallest JSON that still differs (\(layout)):
                            \(String(decoding: layout.write(small), as: UTF8.self))
                            \((shown.isEmpty ? differences : shown).joined(separator: "\n"))
                            """.replacingOccurrences(of: "YajlMapperTests.", with: "")))
            }
        }
        return tally
    }

    /// Removes array elements and object members while `check` still finds differences.
    static func shrink(_ page: DiffJSON, _ layout: DiffLayout, _ check: DynCheck) -> (DiffJSON, [String]) {
        func differences(_ j: DiffJSON) -> [String] {
            guard let root = DynOracle.root(of: j, layout) else { return [] }
            let text = layout.write(j)
            var seen = Set<String>()
            return (check.run(text, root, true, false).differences + check.run(text, root, false, false).differences)
                .filter { seen.insert($0).inserted }
        }
        guard !differences(page).isEmpty else { return (page, []) }
        let best = diffShrink(page) { !differences($0).isEmpty }
        return (best, differences(best))
    }
}
