import Foundation

@testable import YajlMapper

// Models, chunked feeding and the comparison behind MappingStreamDifferentialTests.swift.

// MARK: Models: those of MappingContextDifferentialRunner.swift, in epochs of their own (each
// test's types learn their own plans)

enum SDiffMain: DiffEpoch { static let probe = DiffOrderProbe() }
enum SDiffSplit: DiffEpoch { static let probe = DiffOrderProbe() }
enum SDiffAsync: DiffEpoch { static let probe = DiffOrderProbe() }

/// Chunks of the given sizes in turn, delivered asynchronously.
struct SDiffChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let bytes: [UInt8]
    let sizes: [Int]
    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let sizes: [Int]
        var offset = 0, turn = 0
        mutating func next() async -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + sizes[turn % sizes.count], bytes.count)
            defer { offset = end; turn += 1 }
            if turn % 64 == 0 { await Task.yield() }
            return Array(bytes[offset..<end])
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, sizes: sizes) }
}

// MARK: Running both ways

struct SDiffContext: MapContext {}

/// What a mapping gave: a value (or none: the root could not be mapped, or it threw), the
/// problems (collected, or thrown in a `MappingError`), or another error.
struct SDiffOutcome<Value> {
    var value: Value?
    var problems: [MappingProblem] = []
    var error: String?
}

/// What a stream gave: the models handed over (before an error too), its summary, or the
/// problems it threw, or another error.
struct SDiffStreamed<E: DiffEpoch> {
    var elements: [DiffRepo<E>] = []
    var summary: StreamSummary?
    var thrown: [MappingProblem]?
    var error: String?
}

/// The whole page mapped both ways, and what its stream must therefore give.
struct SDiffExpected<E: DiffEpoch> {
    var whole: SDiffOutcome<DiffPage<E>>
    var strict: SDiffOutcome<DiffPage<E>>
    /// The page's `items` (none when absent or not an array).
    var items: [DiffRepo<E>]
    /// How many elements the stream reads: those of the first `items` (a repeat is ignored).
    var count: Int
    /// The page's problems inside an element (`items[3]...`), and the others.
    var elementProblems: [MappingProblem]
    var envelopeProblems: [MappingProblem]
    /// The first element with a problem, where a strict stream stops.
    var firstBad: Int?
}

enum SDiffRunner {
    static func lenientPage<E: DiffEpoch>(_: E.Type, _ text: [UInt8], context: MapContext?) -> SDiffOutcome<DiffPage<E>>
    {
        do {
            let result = try text.withUnsafeBytes { try Mapper<DiffPage<E>>(context: context).mapResult(bytes: $0) }
            return SDiffOutcome(value: result.value, problems: result.problems)
        } catch {
            return SDiffOutcome(error: describe(error))
        }
    }

    static func strictPage<E: DiffEpoch>(_: E.Type, _ text: [UInt8], context: MapContext?) -> SDiffOutcome<DiffPage<E>>
    {
        do {
            return SDiffOutcome(value: try Mapper<DiffPage<E>>(context: context, strict: true).map(data: text))
        } catch let error as MappingError {
            return SDiffOutcome(problems: error.problems)
        } catch {
            return SDiffOutcome(error: describe(error))
        }
    }

    static func expected<E: DiffEpoch>(_: E.Type, _ text: [UInt8], context: MapContext?) -> SDiffExpected<E> {
        let whole = lenientPage(E.self, text, context: context)
        let elementProblems = whole.problems.filter { elementIndex($0.keyPath) != nil }
        return SDiffExpected(
            whole: whole, strict: strictPage(E.self, text, context: context),
            items: whole.value?.items ?? [],
            count: (try? JSON(parsing: text, duplicateKeys: .useFirst))?["items"].array?.count ?? 0,
            elementProblems: elementProblems,
            envelopeProblems: whole.problems.filter { elementIndex($0.keyPath) == nil },
            firstBad: elementProblems.first.flatMap { elementIndex($0.keyPath) })
    }

    /// The envelope mapped with the page model, lenient; its problems are not located yet
    /// (a value mapped from JSON has no position).
    static func envelopePage<E: DiffEpoch>(
        _: E.Type, _ envelope: JSON, context: MapContext?
    ) -> SDiffOutcome<DiffPage<E>> {
        let mapper = Mapper<DiffPage<E>>(context: context)
        let value = try? mapper.map(json: envelope)
        return SDiffOutcome(value: value, problems: mapper.lastProblems)
    }

    /// Locates problems found in the envelope in the input, by the summary (the README's recipe).
    static func locate(_ problems: [MappingProblem], _ summary: StreamSummary) -> [MappingProblem] {
        problems.map { problem in
            var located = problem
            if located.location == nil { located.location = summary.location(of: JSONPath(problem.keyPath)) }
            return located
        }
    }

    /// Streams `text`'s `items`, cut before each offset in `cuts` (ascending; an offset of 0
    /// or the length feeds an empty chunk).
    static func stream<E: DiffEpoch>(
        _: E.Type, _ text: [UInt8], cuts: [Int], strict: Bool, context: MapContext?
    ) -> SDiffStreamed<E> {
        var run = SDiffStreamed<E>()
        var models: [DiffRepo<E>] = []
        let parser = MappingStreamParser<DiffRepo<E>>(
            mapper: Mapper(context: context, strict: strict), elementsAt: "items"
        ) {
            models.append($0)
        }
        do {
            try text.withUnsafeBytes { buffer in
                var start = 0
                for end in cuts + [buffer.count] {
                    try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
                    start = end
                }
            }
            run.summary = try parser.finish()
        } catch let error as MappingError {
            run.thrown = error.problems
        } catch {
            run.error = describe(error)
        }
        run.elements = models
        return run
    }

    /// An error other than a `MappingError`; a parse error without its excerpt (a chunked
    /// parse cannot show bytes it has not been given yet).
    static func describe(_ error: Error) -> String {
        (error as? JSONParseError).map { "\(ErrorSummary($0))" } ?? "\(error)"
    }

    /// Cuts for chunks of `size` bytes (0: the whole text at once).
    static func cuts(size: Int, count: Int) -> [Int] {
        size <= 0 ? [] : Array(stride(from: size, to: count, by: size))
    }

    /// The element index a problem's key path starts with (`items[3].owner.id` → 3).
    static func elementIndex(_ keyPath: String) -> Int? {
        guard keyPath.hasPrefix("items[") else { return nil }
        return Int(keyPath.dropFirst(6).prefix { $0.isNumber })
    }

    /// An order of problems by position, then by what they say (to compare them as sets).
    static func problemOrder(_ a: MappingProblem, _ b: MappingProblem) -> Bool {
        let left = (a.location?.offset ?? -1, a.keyPath, a.expected, a.found ?? "", "\(a.kind)")
        let right = (b.location?.offset ?? -1, b.keyPath, b.expected, b.found ?? "", "\(b.kind)")
        return left < right
    }

    static func render(_ problems: [MappingProblem]) -> String {
        problems.isEmpty
            ? "      (none)"
            : problems.map { p in
                "      \(p.kind) \(p.keyPath.isEmpty ? "(root)" : p.keyPath) expected \(p.expected) found \(p.found ?? "nothing")"
                    + " at \(p.location.map { "\($0.line):\($0.column) (offset \($0.offset))" } ?? "-")"
            }.joined(separator: "\n")
    }

    /// Strict mode throws every problem the lenient mode collects (what a strict stream is
    /// checked against rests on it).
    static func checkStrictPage<E>(_ expected: SDiffExpected<E>) -> [String] {
        let whole = expected.whole, strict = expected.strict
        if let error = whole.error {
            return strict.error == error ? [] : ["strict page error \(strict.error ?? "none") vs lenient \(error)"]
        }
        if whole.problems.isEmpty {
            return strict.value == whole.value && strict.error == nil
                ? [] : ["strict page differs from the lenient page"]
        }
        return strict.problems == whole.problems
            ? []
            : ["strict page problems:\n\(render(strict.problems))\n    lenient:\n\(render(whole.problems))"]
    }

    /// A lenient stream against the whole page: the same models, count and element
    /// problems; its envelope, mapped as a page, gives the page's other fields and problems.
    /// (`envelopes` keeps the envelopes mapped so far: most chunkings give the same one.)
    static func checkLenient<E>(
        _ streamed: SDiffStreamed<E>, _ expected: SDiffExpected<E>, context: MapContext?,
        envelopes: inout [(JSON, SDiffOutcome<DiffPage<E>>)], _ name: String
    ) -> [String] {
        guard let summary = streamed.summary else {
            // Text that is not JSON: the same parse error.
            if let error = streamed.error, error == expected.whole.error { return [] }
            return [
                "\(name): the lenient stream threw \(streamed.error ?? render(streamed.thrown ?? [])), the page \(expected.whole.error ?? "did not")"
            ]
        }
        var differences: [String] = []
        if let error = expected.whole.error {
            differences.append("\(name): the page threw \(error), the stream did not")
        }
        if streamed.elements != expected.items {
            differences.append(
                "\(name): streamed \(streamed.elements.count) elements, the page has \(expected.items.count)"
                    + (streamed.elements.count == expected.items.count ? " (not equal)" : ""))
        }
        if summary.count != expected.count {
            differences.append(
                "\(name): the stream counted \(summary.count) elements, the first items array has \(expected.count)")
        }
        if summary.problems != expected.elementProblems {
            differences.append(
                "\(name): stream problems:\n\(render(summary.problems))\n    the page's element problems:\n\(render(expected.elementProblems))"
            )
        }
        var envelope: SDiffOutcome<DiffPage<E>>
        if let mapped = envelopes.first(where: { $0.0 == summary.envelope }) {
            envelope = mapped.1
        } else {
            envelope = envelopePage(E.self, summary.envelope, context: context)
            envelopes.append((summary.envelope, envelope))
        }
        envelope.problems = locate(envelope.problems, summary)
        if (envelope.value == nil) != (expected.whole.value == nil) {
            differences.append(
                "\(name): the envelope maps to \(envelope.value == nil ? "nothing" : "a page"), the page to \(expected.whole.value == nil ? "nothing" : "a page")"
            )
        }
        if let page = expected.whole.value, let fromEnvelope = envelope.value,
            fromEnvelope.totalCount != page.totalCount || fromEnvelope.incomplete != page.incomplete
                || fromEnvelope.labels != page.labels
        {
            differences.append(
                "\(name): envelope fields \(fromEnvelope.totalCount) \(fromEnvelope.incomplete as Any) \(fromEnvelope.labels)"
                    + " vs the page's \(page.totalCount) \(page.incomplete as Any) \(page.labels)")
        }
        // Mapped from JSON, the envelope's problems come in the order of the mappings; the
        // page lists its problems in document order: the same problems, in another order.
        if envelope.problems.sorted(by: problemOrder) != expected.envelopeProblems.sorted(by: problemOrder) {
            differences.append(
                "\(name): envelope problems:\n\(render(envelope.problems))\n    the page's other problems:\n\(render(expected.envelopeProblems))"
            )
        }
        return differences
    }

    /// A strict stream: the problems of the first element that has one, after the models
    /// before it; without one, every model and no error (the envelope is not mapped).
    static func checkStrict<E>(_ streamed: SDiffStreamed<E>, _ expected: SDiffExpected<E>, _ name: String) -> [String] {
        if let error = streamed.error {
            return error == expected.strict.error
                ? [] : ["\(name): threw \(error), the page \(expected.strict.error ?? "did not")"]
        }
        var differences: [String] = []
        if let bad = expected.firstBad {
            let problems = expected.elementProblems.filter { elementIndex($0.keyPath) == bad }
            if streamed.thrown != problems {
                differences.append(
                    "\(name): threw\n\(render(streamed.thrown ?? []))\n    expected items[\(bad)]'s problems:\n\(render(problems))"
                )
            }
            // The elements before the first bad one have no problem: each is one model.
            if streamed.elements != Array(expected.items.prefix(bad)) {
                differences.append(
                    "\(name): handed over \(streamed.elements.count) elements before the error, expected \(bad)")
            }
        } else {
            if let thrown = streamed.thrown {
                differences.append("\(name): threw\n\(render(thrown))\n    but no element has a problem")
            }
            if streamed.elements != expected.items {
                differences.append(
                    "\(name): streamed \(streamed.elements.count) elements, the page has \(expected.items.count)")
            }
            if streamed.summary?.count != expected.count {
                differences.append(
                    "\(name): the stream counted \(streamed.summary?.count ?? -1) elements, expected \(expected.count)")
            }
        }
        return differences
    }

    /// Every relation, for one text, in each chunking: chunk sizes (0: the whole text), and
    /// explicit cuts.
    static func compare<E: DiffEpoch>(
        _: E.Type, _ text: [UInt8], sizes: [Int], cutSets: [[Int]] = [],
        strictSizes: [Int], strictCutSets: [[Int]] = [], context: MapContext? = nil
    )
        -> (differences: [String], expected: SDiffExpected<E>)
    {
        let expected = expected(E.self, text, context: context)
        var differences = checkStrictPage(expected)
        func named(_ sizes: [Int], _ cutSets: [[Int]]) -> [(name: String, cuts: [Int])] {
            sizes.map { ("chunks of \($0 <= 0 ? text.count : $0)", cuts(size: $0, count: text.count)) }
                + cutSets.map {
                    (
                        "cut at \($0.prefix(3).map(String.init).joined(separator: ", "))\($0.count > 3 ? ", ... (\($0.count) cuts)" : "")",
                        $0
                    )
                }
        }
        var envelopes: [(JSON, SDiffOutcome<DiffPage<E>>)] = []
        for (name, cuts) in named(sizes, cutSets) {
            let streamed = stream(E.self, text, cuts: cuts, strict: false, context: context)
            differences += checkLenient(streamed, expected, context: context, envelopes: &envelopes, name)
            if let summary = streamed.summary, let first = envelopes.first?.0, first != summary.envelope {
                differences.append("\(name): the envelope differs from the first chunking's")
            }
        }
        for (name, cuts) in named(strictSizes, strictCutSets) {
            differences += checkStrict(
                stream(E.self, text, cuts: cuts, strict: true, context: context), expected, "strict, \(name)")
        }
        return (differences, expected)
    }

    /// Removes array elements and object members while `fails` holds.
    static func shrink(_ json: DiffJSON, _ layout: DiffLayout, fails: ([UInt8]) -> Bool) -> (DiffJSON, DiffLayout) {
        let layout = fails(DiffLayout.compact.write(json)) ? .compact : layout
        return (diffShrink(json) { fails(layout.write($0)) }, layout)
    }

    /// A generated page with up to four mutations (none for the first); the mutations applied.
    static func generate(_ n: Int, _ random: inout TestRandom, large: Bool) -> (DiffJSON, DiffLayout, [DiffMutation]) {
        var page = DiffPages.page(&random, large: large)
        let layout = DiffLayout.random(&random)
        var mutations: [DiffMutation] = []
        guard n > 0 else { return (page, layout, mutations) }
        for _ in 0..<1 + random.below(4) {
            let mutation = random.pick(DiffMutation.allCases)
            if mutation.apply(to: &page, &random) { mutations.append(mutation) }
            if mutation == .rootShape { break }
        }
        return (page, layout, mutations)
    }
}
