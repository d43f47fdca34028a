@_spi(Fuzzing) import YajlMapper

/// What one mapping gave: the model and its problems (collected or thrown), or a parse error.
struct MappingOutcome<Value: Equatable>: Equatable {
    /// The model, when one was made.
    var value: Value?
    /// The problems, collected (lenient) or thrown in a ``MappingError`` (strict).
    var problems: [MappingProblem] = []
    /// The parse error, when the text is not JSON.
    var error: ParseFailure?

    /// Runs `body`, sorting what it throws into the outcome; anything but a parse or mapping error fails.
    init(_ body: () throws -> (Value?, [MappingProblem])) {
        do {
            (value, problems) = try body()
        } catch let error as MappingError {
            problems = error.problems
        } catch {
            guard let failure = ParseFailure(error) else { fail("mapping threw \(error)") }
            self.error = failure
        }
    }
}

/// The mapper: strict against lenient, with against without a context, and streamed in chunks against the whole page.
enum MapperHarness {
    /// Runs the checks on one input.
    static func run(_ bytes: [UInt8]) {
        var choices = Choices(bytes)
        let lenient = page(bytes, context: nil)
        let general = page(bytes, context: FuzzContext())
        check(lenient == general, "with a context: \(general), without: \(lenient) for \(shown(bytes))")
        let strict = MappingOutcome { (try Mapper<FuzzPage>(strict: true).map(data: bytes), []) }
        if lenient.error != nil || lenient.problems.isEmpty {
            check(strict == lenient, "strict: \(strict), lenient: \(lenient) for \(shown(bytes))")
        } else {
            check(strict.problems == lenient.problems && strict.error == nil, "strict: \(strict), lenient: \(lenient)")
        }
        checkParseError(lenient.error, bytes)
        streamed(bytes, cuts: choices.cuts(bytes.count), strict: false, page: lenient)
        streamed(bytes, cuts: choices.cuts(bytes.count), strict: true, page: lenient)
        // One input in eight, spliced into a page read on two threads in small windows.
        if choices.chance(12) { splicedStream(bytes, strict: choices.chance(30), window: 256 + choices.below(2048)) }
    }

    /// `bytes` as an element of a page of 60 repositories (with strings that look like
    /// element boundaries), streamed on one thread and on two in windows of `window` bytes,
    /// and mapped whole on one and on two: the same elements, summary, problems and error.
    static func splicedStream(_ bytes: [UInt8], strict: Bool, window: Int) {
        var page = Array(#"{"total_count":60,"items":["#.utf8)
        for i in 0..<60 {
            if i > 0 { page.append(0x2C) }
            if i == 30 { page += bytes + [0x2C] }
            page += Array(#"{"id":\#(i),"name":"n},{\"id\":2","fork":true,"forks_count":\#(i)}"#.utf8)
        }
        page += Array("]}".utf8)
        func read(jobs: Int) -> (MappingOutcome<Int>, [FuzzRepository], JSON?) {
            var elements: [FuzzRepository] = []
            var envelope: JSON?
            let stream = MappingStreamParser<FuzzRepository>(mapper: Mapper(strict: strict)) { elements.append($0) }
            let outcome = MappingOutcome<Int> {
                let summary = try stream.read(page, jobs: jobs, windowSize: window)
                envelope = summary.envelope
                return (summary.count, summary.problems)
            }
            return (outcome, elements, envelope)
        }
        let (serial, serialElements, serialEnvelope) = read(jobs: 1)
        let (parallel, parallelElements, parallelEnvelope) = read(jobs: 2)
        check(
            parallel == serial && parallelElements == serialElements && parallelEnvelope == serialEnvelope,
            "spliced stream (window \(window), \(strict ? "strict" : "lenient")): two threads \(parallel), "
                + "one \(serial), \(parallelElements.count) against \(serialElements.count) elements")
        // The same page mapped whole, its items built on one thread and on two.
        func whole(jobs: Int) -> MappingOutcome<FuzzPage> {
            let mapper = Mapper<FuzzPage>(strict: strict, jobs: jobs)
            mapper.parallelFrom = 0
            return MappingOutcome {
                let result = try page.withUnsafeBytes { try mapper.mapResult(bytes: $0) }
                return (result.value, result.problems)
            }
        }
        let (wholeSerial, wholeParallel) = (whole(jobs: 1), whole(jobs: 2))
        check(
            wholeParallel == wholeSerial,
            "spliced page (\(strict ? "strict" : "lenient")): two threads \(wholeParallel), one \(wholeSerial)")
    }

    /// The page mapped whole, lenient.
    static func page(_ bytes: [UInt8], context: MapContext?) -> MappingOutcome<FuzzPage> {
        MappingOutcome {
            let result = try bytes.withUnsafeBytes { try Mapper<FuzzPage>(context: context).mapResult(bytes: $0) }
            return (result.value, result.problems)
        }
    }

    /// A mapping's parse error is the validator's, but for a surrogate escape in a string it reads.
    static func checkParseError(_ error: ParseFailure?, _ bytes: [UInt8]) {
        let validator = ParseFailure(EventLog.parse(DiscardEvents(), bytes, cuts: [], JSONParseOptions()).error)
        check(
            error == validator || error?.isSurrogateEscape == true,
            "mapping: \(describe(error)), validator: \(describe(validator)) for \(shown(bytes))")
    }

    /// Whether two parse errors differ only by a surrogate escape in a string one path read and the other skipped.
    static func differBySkippedString(_ a: ParseFailure?, _ b: ParseFailure?) -> Bool {
        func earlier(_ x: ParseFailure?, _ y: ParseFailure?) -> Bool {
            x?.isSurrogateEscape == true && (y.map { $0.offset > x!.offset } ?? true)
        }
        return a != b && (earlier(a, b) || earlier(b, a))
    }

    /// The index of the element a key path starts in (`items[3].owner.id` → 3).
    static func element(_ keyPath: String) -> Int? {
        guard keyPath.hasPrefix("items[") else { return nil }
        return Int(keyPath.dropFirst(6).prefix { $0.isNumber })
    }

    /// Streams `items` cut at `cuts`: the page's elements and problems, or (strict) those before the first bad one.
    static func streamed(_ bytes: [UInt8], cuts: [Int], strict: Bool, page: MappingOutcome<FuzzPage>) {
        var elements: [FuzzRepository] = []
        let stream = MappingStreamParser<FuzzRepository>(mapper: Mapper(strict: strict)) { elements.append($0) }
        let outcome = MappingOutcome<Int> {
            try feed(bytes, cuts: cuts) { try stream.feed($0) }
            let summary = try stream.finish()
            return (summary.count, summary.problems)
        }
        let label = "\(strict ? "strict" : "lenient") stream cut at \(cuts.prefix(8))"
        if differBySkippedString(outcome.error, page.error) { return }
        // A strict stream stops at its first bad element, before a parse error further on.
        if strict, outcome.error == nil, let error = page.error, !outcome.problems.isEmpty,
            outcome.problems.allSatisfy({ ($0.location?.offset ?? .max) < error.offset })
        {
            return
        }
        check(
            outcome.error == page.error,
            "\(label): \(describe(outcome.error)), page: \(describe(page.error))")
        guard page.error == nil else { return }
        let items = page.value?.items ?? []
        let elementProblems = page.problems.filter { element($0.keyPath) != nil }
        let count = (try? JSON(parsing: bytes, duplicateKeys: .useFirst))?["items"].array?.count
        if strict, let bad = elementProblems.first.flatMap({ element($0.keyPath) }) {
            check(
                outcome.problems == elementProblems.filter { element($0.keyPath) == bad },
                "\(label): threw \(outcome.problems), items[\(bad)] has \(elementProblems) in \(shown(bytes))")
            check(elements == Array(items.prefix(bad)), "\(label): \(elements.count) elements before items[\(bad)]")
            return
        }
        check(elements == items, "\(label): \(elements.count) elements, the page \(items.count) in \(shown(bytes))")
        check(
            outcome.problems == elementProblems,
            "\(label): problems \(outcome.problems), the page's \(elementProblems) in \(shown(bytes))")
        check(
            count == nil || outcome.value == count,
            "\(label): counted \(String(describing: outcome.value)), items has \(count!)")
    }
}
