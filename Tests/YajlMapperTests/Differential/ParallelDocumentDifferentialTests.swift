import Foundation
import Testing

@_spi(Fuzzing) @testable import YajlMapper

// A whole document mapped with its array of models built on several threads (Mapper.jobs,
// in windows of a few KiB so that small pages split into many stretches) against the same
// document mapped on one: the same model, problems (kinds, key paths, lines, columns,
// order), problems thrown in strict mode and parse error. Pages: the generated pages of
// MappingDifferentialPages.swift, mutated and in every layout; the same damaged byte by
// byte; pages of models whose reads depend on the values (repairs); other array shapes.

enum PDocMain: DiffEpoch { static let probe = DiffOrderProbe() }
enum PDocDynamic: DynEpoch { static let probe = DynPathProbe() }

/// What one mapping gave.
private struct Mapped<Value: Equatable>: Equatable {
    var value: Value?
    var problems: [MappingProblem] = []
    var thrown: [MappingProblem]?
    var error: String?
    /// How many elements other threads built (not compared).
    var fromThreads = 0

    static func == (a: Mapped, b: Mapped) -> Bool {
        a.value == b.value && a.problems == b.problems && a.thrown == b.thrown && a.error == b.error
    }

    /// What it says of itself in a failed expectation.
    var summary: String {
        "\(problems.count) problems, thrown \(thrown?.count ?? -1), error \(error ?? "none")"
    }
}

/// Maps `text` with `run`'s mapper on `jobs` threads, in windows of `window` bytes.
private func map<Value: Equatable, Model>(
    _ text: [UInt8], _ mapper: Mapper<Model>, jobs: Int, window: Int,
    _ run: (Mapper<Model>, UnsafeRawBufferPointer) throws -> MappingResult<Value>
) -> Mapped<Value> {
    mapper.jobs = jobs
    mapper.parallelFrom = window
    var mapped = Mapped<Value>()
    do {
        let result = try text.withUnsafeBytes { try run(mapper, $0) }
        mapped.value = result.value
        mapped.problems = result.problems
        mapped.fromThreads = result.elementsFromThreads
    } catch let error as MappingError {
        mapped.thrown = error.problems
    } catch {
        mapped.error = SDiffRunner.describe(error)
    }
    return mapped
}

/// Maps a search page whole (`DiffPage`, its `items` built on the threads).
private func mapPage(_ text: [UInt8], jobs: Int, window: Int, strict: Bool) -> Mapped<DiffPage<PDocMain>> {
    map(text, Mapper<DiffPage<PDocMain>>(strict: strict), jobs: jobs, window: window) { mapper, bytes in
        try mapper.mapResult(bytes: bytes)
    }
}

@Suite("Whole documents on several threads: the serial mapping's results")
struct ParallelDocumentDifferentialTests {
    /// Generated pages, lenient and strict, on 2 and 3 threads.
    @Test func generatedPagesMapInParallelLikeSerially() {
        var random = TestRandom(state: 0xD0C5_0000_0000_2026)
        var split = 0, withProblems = 0
        let cases = 50
        for n in 0..<cases {
            let text = DiffPages.text(&random, items: 40 + random.below(80))
            let window = 1500 + random.below(5000)
            for strict in [false, true] {
                let serial = mapPage(text, jobs: 1, window: window, strict: strict)
                if !strict && !serial.problems.isEmpty { withProblems += 1 }
                for jobs in [2, 3] {
                    let parallel = mapPage(text, jobs: jobs, window: window, strict: strict)
                    if parallel.fromThreads > 0 { split += 1 }
                    let same = parallel == serial
                    #expect(
                        same,
                        "case \(n), strict \(strict), \(jobs) threads, window \(window): \(parallel.summary) vs \(serial.summary); \(parallel.value.map { $0.firstDifference(from: serial.value!) } ?? "")"
                    )
                }
            }
        }
        // Most mappings took the parallel path, and the pages had problems to place.
        #expect(split >= cases * 4 / 2, "\(split) of \(cases * 4) mappings split")
        #expect(withProblems >= cases / 3, "\(withProblems) pages with problems")
    }

    /// Pages damaged by one byte inserted, removed or changed, near the windows' splits and
    /// anywhere: the serial error.
    @Test func damagedPagesGiveTheSerialError() {
        var random = TestRandom(state: 0xDA3A_6E00_D0C5_2026)
        var split = 0, failed = 0, maps = 0
        let damages: [UInt8] = Array("{}[]\",:0x \\\n".utf8) + [0xFF, 0xC3, 0x0C]
        for n in 0..<40 {
            let text = DiffPages.text(&random, items: 60)
            let window = 1500 + random.below(3000)
            let commas = DiffPages.elementCommas(text)
            for _ in 0..<8 {
                let at = DiffPages.damageSite(in: text, commas: commas, &random)
                let damaged = DiffPages.damaged(text, at: at, &random, inserting: damages, changing: damages)
                let strict = n % 4 == 3
                let serial = mapPage(damaged, jobs: 1, window: window, strict: strict)
                let parallel = mapPage(damaged, jobs: 2, window: window, strict: strict)
                maps += 1
                if parallel.fromThreads > 0 { split += 1 }
                if serial.error != nil { failed += 1 }
                let same = parallel == serial
                #expect(same, "case \(n), damage at \(at): \(parallel.summary) vs \(serial.summary)")
            }
        }
        #expect(failed >= maps / 3, "\(failed) of \(maps) damaged pages were invalid")
        #expect(split >= (maps - failed) / 2, "\(split) of \(maps - failed) mappings without an error split")
    }

    /// Models whose reads depend on the values: a stretch whose mapping reads outside the
    /// plans is mapped again by the spine, and the plans learned make later runs split.
    @Test func modelsThatReadOutsideThePlansMapLikeSerially() {
        var random = TestRandom(state: 0xD1CA_0000_D0C5_2026)
        var split = 0
        for n in 0..<16 {
            let text = DiffLayout.random(&random).write(DynPages.page(&random, count: 60 + random.below(60)))
            let window = 1500 + random.below(3000)
            let mapper = Mapper<DynPage<DynProbe<PDocDynamic>>>()
            func run(_ jobs: Int) -> Mapped<DynPage<DynProbe<PDocDynamic>>> {
                map(text, mapper, jobs: jobs, window: window) { mapper, bytes in try mapper.mapResult(bytes: bytes) }
            }
            let serial = run(1)
            let parallel = run(2)
            if parallel.fromThreads > 0 { split += 1 }
            let same = parallel == serial
            #expect(same, "case \(n): \(parallel.summary) vs \(serial.summary)")
            #expect(serial.value?.items?.count ?? 0 > 0, "case \(n): \(serial.summary)")
        }
        #expect(split >= 8, "\(split) of 16 mappings split")
    }

    /// A page and a top-level array split (ObjectMapper's collection functions too, once
    /// every element is checked to be an object); a mapper with a context and elements that
    /// are not objects map on one thread: all as serially.
    @Test func otherShapesMapLikeSerially() throws {
        var random = TestRandom(state: 0x07E5_0000_D0C5_2026)
        let repos = (0..<120).map { DiffPages.repo(&random, $0) }
        let layout = DiffLayout.random(&random)
        let page = layout.write(.object([("total_count", .number("120")), ("items", .array(repos))]))
        let top = layout.write(.array(repos))
        let scalars = layout.write(.object([("items", .array((0..<500).map { .number(String($0)) }))]))

        for collecting in [Mapper<DiffRepo<PDocMain>>.Collecting.leaveOut, .every, .objectsOnly] {
            let array = { (jobs: Int) in
                map(top, Mapper<DiffRepo<PDocMain>>(), jobs: jobs, window: 1024) { mapper, bytes in
                    try mapper.arrayRun(collecting).run(bytes: bytes, options: JSONParseOptions())
                }
            }
            let (serial, parallel) = (array(1), array(2))
            #expect(parallel == serial && serial.value?.count ?? 0 > 0, "\(collecting): \(parallel.summary)")
            #expect(parallel.fromThreads > 0, "\(collecting)")
        }

        let withContext = { (jobs: Int) in
            map(page, Mapper<DiffPage<PDocMain>>(context: DiffContext()), jobs: jobs, window: 1024) { mapper, bytes in
                try mapper.mapResult(bytes: bytes)
            }
        }
        #expect(withContext(2) == withContext(1) && withContext(2).fromThreads == 0)

        let notObjects = mapPage(scalars, jobs: 2, window: 1024, strict: false)
        #expect(notObjects == mapPage(scalars, jobs: 1, window: 1024, strict: false))
        #expect(notObjects.problems.filter { $0.keyPath.hasPrefix("items[") }.count == 500, "\(notObjects.summary)")

        let parallel = mapPage(page, jobs: 2, window: 8192, strict: false)
        #expect(parallel == mapPage(page, jobs: 1, window: 8192, strict: false))
        #expect(parallel.fromThreads > 60 && parallel.value?.items.count == 120, "\(parallel.fromThreads)")
    }

    /// Top-level arrays: the items of mutated pages, mapped by `mapArray`'s run (elements
    /// left out with a problem) and its all-or-nothing form, lenient and strict.
    @Test func topLevelArraysMapInParallelLikeSerially() {
        var random = TestRandom(state: 0x70B1_A22A_D0C5_2026)
        var split = 0, withProblems = 0
        for n in 0..<30 {
            var page = DiffPages.page(&random, large: true)
            if case .object(var members) = page, let at = members.firstIndex(where: { $0.key == "items" }) {
                members[at].value = .array((0..<(40 + random.below(60))).map { DiffPages.repo(&random, $0) })
                page = .object(members)
            }
            for _ in 0..<(1 + random.below(4)) { _ = random.pick(DiffMutation.allCases).apply(to: &page, &random) }
            guard case .object(let members) = page, let items = members.first(where: { $0.key == "items" })?.value
            else { continue }
            let text = DiffLayout.random(&random).write(items)
            for collecting in [Mapper<DiffRepo<PDocMain>>.Collecting.leaveOut, .every] {
                for strict in [false, true] {
                    let array = { (jobs: Int) in
                        map(text, Mapper<DiffRepo<PDocMain>>(strict: strict), jobs: jobs, window: 1024) {
                            mapper, bytes in
                            try mapper.arrayRun(collecting).run(bytes: bytes, options: JSONParseOptions())
                        }
                    }
                    let (serial, parallel) = (array(1), array(2))
                    if parallel.fromThreads > 0 { split += 1 }
                    if !serial.problems.isEmpty || serial.thrown != nil { withProblems += 1 }
                    let same = parallel == serial
                    #expect(
                        same, "case \(n), \(collecting), strict \(strict): \(parallel.summary) vs \(serial.summary)")
                }
            }
        }
        #expect(split >= 40, "\(split) of 120 mappings split")
        #expect(withProblems >= 20, "\(withProblems) of 120 mappings with problems")
    }

    /// Parse options reach the stretches: comments between and inside the elements, a byte
    /// order mark, strings left unchecked for UTF-8, and depth limits the envelope, the
    /// elements or nothing reaches.
    @Test func parseOptionsApplyToTheStretches() {
        var random = TestRandom(state: 0x0B71_0000_D0C5_2026)
        let repos = (0..<150).map { DiffPages.repo(&random, $0) }
        let compact = DiffLayout.compact.write(.object([("total_count", .number("150")), ("items", .array(repos))]))
        // Comments inside the elements (after each `"name":`), or also after every element's
        // comma (no split is then shaped like the others: one thread); a byte order mark; a
        // byte that is not UTF-8 in a string.
        let inside = String(decoding: compact, as: UTF8.self).replacingOccurrences(
            of: #""name":"#, with: #""name": /* }, {"id": 1} */ // line"# + "\n")
        let commented = [0xEF, 0xBB, 0xBF] + Array(inside.utf8)
        let between = Array(
            inside.replacingOccurrences(of: "},{", with: "}, /* next */ {").utf8)
        var badUTF8 = compact
        if let at = badUTF8.indices.first(where: { badUTF8[$0] >= 0x80 }) {
            badUTF8[at] = 0xFF
        }
        let cases: [([UInt8], JSONParseOptions)] = [
            (commented, JSONParseOptions(allowComments: true)),
            (commented, JSONParseOptions()),
            (between, JSONParseOptions(allowComments: true)),
            (badUTF8, JSONParseOptions(validateUTF8: false)),
            (badUTF8, JSONParseOptions()),
            (compact, JSONParseOptions(maxDepth: 3)),
            (compact, JSONParseOptions(maxDepth: 5)),
            (compact, JSONParseOptions(maxDepth: 8)),
        ]
        for (n, (text, options)) in cases.enumerated() {
            let run = { (jobs: Int) in
                map(text, Mapper<DiffPage<PDocMain>>(), jobs: jobs, window: 1024) { mapper, bytes in
                    try mapper.mapResult(bytes: bytes, options: options)
                }
            }
            let (serial, parallel) = (run(1), run(2))
            #expect(parallel == serial, "case \(n): \(parallel.summary) vs \(serial.summary)")
            let valid = [true, false, true, true, false, false, false, true][n]
            #expect((serial.error == nil) == valid, "case \(n): \(serial.summary)")
            if serial.error == nil && text != between {
                #expect(parallel.fromThreads > 75, "case \(n): \(parallel.fromThreads)")
            }
        }
    }

    /// The public entry points take `jobs` from the mapper: ObjectMapper's `map(JSONString:)`
    /// and the throwing `map(data:)` give the serial model.
    @Test func theEntryPointsUseTheMappersJobs() throws {
        var random = TestRandom(state: 0xE27B_0000_D0C5_2026)
        let repos = (0..<200).map { DiffPages.repo(&random, $0) }
        let text = DiffLayout.random(&random).write(.object([("total_count", .number("1")), ("items", .array(repos))]))
        let serial = Mapper<DiffPage<PDocMain>>(jobs: 1)
        let parallel = Mapper<DiffPage<PDocMain>>(jobs: 2)
        parallel.parallelFrom = 2048
        let string = String(decoding: text, as: UTF8.self)
        #expect(parallel.map(JSONString: string) == serial.map(JSONString: string))
        #expect(try parallel.map(data: text) == (try serial.map(data: text)))
        #expect(parallel.lastProblems == serial.lastProblems)
    }
}

extension DiffPage {
    /// Where two pages first differ, for a failed expectation.
    func firstDifference(from other: DiffPage) -> String {
        if totalCount != other.totalCount || incomplete != other.incomplete || labels != other.labels {
            return "envelope"
        }
        let (a, b) = (items ?? [], other.items ?? [])
        if a.count != b.count { return "\(a.count) vs \(b.count) items" }
        return (a.indices.first { a[$0] != b[$0] }).map { "item \($0): \(a[$0]) vs \(b[$0])" } ?? "none"
    }
}
