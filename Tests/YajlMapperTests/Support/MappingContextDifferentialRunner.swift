import Foundation
import Testing

@testable import YajlMapper

// Models and the comparison behind MappingContextDifferentialTests.swift.

// MARK: Models (generic over an epoch: each epoch's types learn their own plans; the
// stream differential maps them too, in epochs of its own)

protocol DiffEpoch {
    /// Notes the order of the mappings of this epoch's pages and repositories.
    static var probe: DiffOrderProbe { get }
}
/// The epochs of the main sequences of cases (each in its own test, run in parallel).
enum DiffMainA: DiffEpoch { static let probe = DiffOrderProbe() }
enum DiffMainB: DiffEpoch { static let probe = DiffOrderProbe() }
/// Epochs whose plans are learned in the test of plan learning.
enum DiffFresh1: DiffEpoch { static let probe = DiffOrderProbe() }
enum DiffFresh2: DiffEpoch { static let probe = DiffOrderProbe() }
enum DiffFresh3: DiffEpoch { static let probe = DiffOrderProbe() }
enum DiffFresh4: DiffEpoch { static let probe = DiffOrderProbe() }

struct DiffContext: MapContext {}

/// Counts the repositories mapped before their page's mapping started: the fast path
/// builds them during the parse, the general path only when the page reads `items`.
final class DiffOrderProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var pageStarted = false
    private var early = 0
    func reset() {
        lock.withLock {
            pageStarted = false; early = 0
        }
    }
    func page() { lock.withLock { pageStarted = true } }
    func repo() { lock.withLock { if !pageStarted { early += 1 } } }
    var reposBeforePage: Int { lock.withLock { early } }
}

struct DiffLicense<E: DiffEpoch>: Mappable, Equatable, Sendable {
    var key: String!
    var name: String?
    var spdx: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        key <- map["key"]
        name <- map["name"]
        spdx <- map["spdx_id"]
    }
}

struct DiffLabel<E: DiffEpoch>: ImmutableMappable, Equatable, Sendable {
    let name: String
    let color: String?
    let weight: Int
    init(map: Map) throws {
        name = try map.value("name")
        color = try map.value("color")
        weight = try map.value("weight", default: 0)
    }
}

struct DiffRepo<E: DiffEpoch>: Mappable, Equatable, Sendable {
    var id: Int!
    var name = ""
    var fullName: String?
    var htmlUrl: String!
    var description: String?
    var isPrivate = false
    var score = 0.0
    var stars: Int?
    var ownerLogin: String?
    var ownerID: Int!
    var avatarURL: String?
    /// The one value its object keeps (`permissions` is then collapsed in the fast path).
    var admin: Bool?
    var forks: Int?
    var license: DiffLicense<E>?
    var topics: [String]?
    var labels: [DiffLabel<E>]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        E.probe.repo()
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        htmlUrl <- map["html_url"]
        description <- map["description"]
        isPrivate <- map["private"]
        score <- map["score"]
        stars <- map["stargazers_count"]
        ownerLogin <- map["owner.login"]
        ownerID <- map["owner.id"]
        avatarURL <- map["owner.avatar_url"]
        admin <- map["permissions.admin"]
        forks <- map["meta.counts.forks"]
        license <- map["license"]
        topics <- map["topics"]
        labels <- map["labels"]
    }
}

struct DiffPage<E: DiffEpoch>: Mappable, Equatable {
    var totalCount = 0
    var incomplete: Bool!
    var items: [DiffRepo<E>]!
    var labels: [DiffLabel<E>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        E.probe.page()
        totalCount <- map["total_count"]
        incomplete <- map["incomplete_results"]
        items <- map["items"]
        labels <- map["labels"]
    }
}

/// A repository read through one-value key paths only: `owner`, `license` and
/// `permissions` each keep one value (collapsed in the fast path).
struct DiffSlimRepo<E: DiffEpoch>: Mappable, Equatable {
    var avatarURL = ""
    var id: Int?
    var spdx: String?
    var admin: Bool!
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        E.probe.repo()
        avatarURL <- map["owner.avatar_url"]
        id <- map["id"]
        spdx <- map["license.spdx_id"]
        admin <- map["permissions.admin"]
    }
}

struct DiffSlimPage<E: DiffEpoch>: Mappable, Equatable {
    var items: [DiffSlimRepo<E>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        E.probe.page()
        items <- map["items"]
    }
}

/// The page as an immutable model: one element that fails fails the page.
struct DiffFrozenPage<E: DiffEpoch>: ImmutableMappable, Equatable {
    let total: Int?
    let items: [DiffRepo<E>]
    init(map: Map) throws {
        E.probe.page()
        total = try map.value("total_count")
        items = try map.value("items")
    }
}

// MARK: Running both paths

/// What one entry point gave: the model, or the problems it threw, or another error.
struct DiffOutcome<Page: Equatable>: Equatable {
    var value: Page?
    var problems: [MappingProblem] = []
    var error: String?

    var summary: String {
        var lines = ["    " + (error.map { "error: \($0)" } ?? value.map { "value: \($0)" } ?? "value: nil")]
        lines += problems.map { p in
            "    \(p.kind) \(p.keyPath.isEmpty ? "(root)" : p.keyPath) expected \(p.expected) found \(p.found ?? "nothing")"
                + " at \(p.location.map { "\($0.line):\($0.column) (offset \($0.offset))" } ?? "-")"
        }
        // Without the module's qualification of private types.
        return lines.joined(separator: "\n").replacing(
            /YajlMapperTests\.\(unknown context at \$[0-9a-f]+\)\./, with: "")
    }
}

enum DiffRunner {
    static func lenient<P: BaseMappable & Equatable>(_: P.Type, _ text: [UInt8], context: MapContext?) -> DiffOutcome<P>
    {
        do {
            let result = try text.withUnsafeBytes { try Mapper<P>(context: context).mapResult(bytes: $0) }
            return DiffOutcome(value: result.value, problems: result.problems)
        } catch {
            return DiffOutcome(value: nil, error: "\(error)")
        }
    }

    static func strict<P: BaseMappable & Equatable>(_: P.Type, _ text: [UInt8], context: MapContext?) -> DiffOutcome<P>
    {
        do {
            return DiffOutcome(value: try Mapper<P>(context: context, strict: true).map(data: text))
        } catch let error as MappingError {
            return DiffOutcome(value: nil, problems: error.problems)
        } catch {
            return DiffOutcome(value: nil, error: "\(error)")
        }
    }

    struct Report {
        var differences: [String] = []
        /// Repositories mapped before their page's mapping started, per path.
        var fastEarly = 0, generalEarly = 0
        /// Problems found, models made and other errors thrown (the text is not JSON), without a context.
        var problems = 0, values = 0, errors = 0

        mutating func add(_ other: Report) {
            fastEarly += other.fastEarly
            generalEarly += other.generalEarly
            problems += other.problems
            values += other.values
            errors += other.errors
        }
    }

    /// Maps `text` without and with a context, lenient and strict, as a page and (when
    /// `frozen`) as an immutable page; `fastFirst` says which path runs first (a run may
    /// teach the plans a key order).
    static func compare<E: DiffEpoch>(
        _ text: [UInt8], _: E.Type, fastFirst: Bool, frozen: Bool = true, slim: Bool = true
    ) -> Report {
        var report = Report()
        for strict in [false, true] {
            both(DiffPage<E>.self, text, strict: strict, fastFirst: fastFirst, probe: E.probe, into: &report)
            if frozen {
                both(DiffFrozenPage<E>.self, text, strict: strict, fastFirst: fastFirst, probe: E.probe, into: &report)
            }
            if slim {
                both(DiffSlimPage<E>.self, text, strict: strict, fastFirst: fastFirst, probe: E.probe, into: &report)
            }
        }
        return report
    }

    private static func both<P: BaseMappable & Equatable>(
        _ type: P.Type, _ text: [UInt8], strict: Bool,
        fastFirst: Bool, probe: DiffOrderProbe, into report: inout Report
    ) {
        func run(_ type: P.Type, _ text: [UInt8], _ context: MapContext?) -> DiffOutcome<P> {
            strict ? Self.strict(type, text, context: context) : lenient(type, text, context: context)
        }
        var fast = DiffOutcome<P>(value: nil), general = DiffOutcome<P>(value: nil)
        for withContext in fastFirst ? [false, true] : [true, false] {
            probe.reset()
            if withContext {
                general = run(type, text, DiffContext())
                report.generalEarly += probe.reposBeforePage
            } else {
                fast = run(type, text, nil)
                report.fastEarly += probe.reposBeforePage
            }
        }
        report.problems += fast.problems.count
        report.values += fast.value == nil ? 0 : 1
        report.errors += fast.error == nil ? 0 : 1
        if fast != general {
            report.differences.append(
                "  \(strict ? "strict" : "lenient") \(P.self) without a context:\n\(fast.summary)\n  with a context:\n\(general.summary)"
            )
        }
    }

    /// Removes array elements and object members while the paths still differ.
    static func shrink<E: DiffEpoch>(_ json: DiffJSON, _ layout: DiffLayout, _: E.Type) -> (DiffJSON, DiffLayout) {
        func fails(_ j: DiffJSON, _ l: DiffLayout) -> Bool {
            let text = l.write(j)
            return !compare(text, E.self, fastFirst: true).differences.isEmpty
                || !compare(text, E.self, fastFirst: false).differences.isEmpty
        }
        let layout = fails(json, .compact) ? .compact : layout
        return (diffShrink(json, budget: 4000) { fails($0, layout) }, layout)
    }

    /// Generates, mutates and compares `count` cases in `epoch`; `first` may change the
    /// first page (the one its plans are learned from). Records an issue, with a minimal
    /// reproducer, for each of the first few cases that differ.
    static func run<E: DiffEpoch>(
        _ epoch: E.Type, seed: UInt64, cases count: Int, fastFirst: Bool = true,
        applied: inout [DiffMutation: Int],
        first: (inout DiffJSON, inout TestRandom) -> Void = { _, _ in }
    ) -> Report {
        var random = TestRandom(state: seed)
        var total = Report()
        var recorded = 0
        for n in 0..<count {
            var page = DiffPages.page(&random, large: n % 50 == 49 || n == 0)
            let layout = DiffLayout.random(&random)
            var mutations: [DiffMutation] = []
            if n == 0 {
                first(&page, &random)
            } else {
                for _ in 0..<1 + random.below(4) {
                    let mutation = random.pick(DiffMutation.allCases)
                    if mutation.apply(to: &page, &random) {
                        mutations.append(mutation)
                        applied[mutation, default: 0] += 1
                    }
                    if mutation == .rootShape { break }
                }
            }
            let text = layout.write(page)
            let report = compare(
                text, E.self, fastFirst: n == 0 ? fastFirst : n % 2 == 0, frozen: n % 6 == 0, slim: n % 6 == 3)
            total.add(report)
            guard !report.differences.isEmpty else { continue }
            total.differences += report.differences
            recorded += 1
            guard recorded <= 3 else { continue }
            let (small, smallLayout) = shrink(page, layout, E.self)
            let minimal = smallLayout.write(small)
            let shown = compare(minimal, E.self, fastFirst: true).differences
            Issue.record(
                """
                \(E.self) case \(n) (\(mutations.isEmpty ? "as generated" : mutations.map(\.rawValue).joined(separator: ", "))) \
                differs; minimal JSON (\(smallLayout)):
                \(String(decoding: minimal, as: UTF8.self))
                \((shown.isEmpty ? report.differences : shown).joined(separator: "\n"))
                """)
        }
        return total
    }
}
