import Foundation
import Testing

@testable import YajlMapper

// JSONValidation.validate on several threads against the serial validator
// (JSONStreamParser<DiscardEvents>): for every input the same verdict, and for invalid input
// the same error (kind, message, offset, line, column). Inputs: pages of objects (compact and
// indented, with strings that hold `},{`, escapes, nested objects and arrays of objects),
// damaged at many places and right at the split points, and JSONTestSuite's files spliced
// into such pages.

/// A page of `count` objects in `items`, some with strings that look like element
/// boundaries, nested objects and arrays of objects.
private func page(count: Int, pretty: Bool, seed: UInt64) -> [UInt8] {
    var random = TestRandom(state: seed)
    let (newline, indent) = pretty ? ("\n", "    ") : ("", "")
    var text = "{\(newline)\(indent)\"total_count\": \(count),\(newline)\(indent)\"items\": [\(newline)"
    for i in 0..<count {
        var members = ["\"id\": \(i)", "\"name\": \"repo-\(i)\""]
        if random.percent(30) { members.append(#""description": "fake },{\"id\": 1 boundary \\\"},{\\\" here""#) }
        if random.percent(30) { members.append(#""owner": {"login": "x\u00e9", "site_admin": false}"#) }
        if random.percent(20) { members.append(#""labels": [{"id": 1}, {"id": 2}, {"name": "n"}]"#) }
        if random.percent(20) { members.append("\"score\": \(Double(random.below(100_000)) / 7)") }
        if random.percent(10) { members.append(#""topics": ["a", "b"], "empty": {}, "none": null"#) }
        let separator = pretty ? ",\n\(indent)\(indent)\(indent)" : ","
        text += "\(indent)\(indent){\(newline)\(indent)\(indent)\(indent)"
        text += members.joined(separator: separator)
        text += "\(newline)\(indent)\(indent)}" + (i + 1 < count ? "," : "") + newline
    }
    text += "\(indent)]\(newline)}\(newline)"
    return Array(text.utf8)
}

/// Just past the first `pattern` at or after `from`.
private func offset(after pattern: String, in bytes: [UInt8], from: Int) -> Int? {
    let needle = Array(pattern.utf8)
    var i = from
    while i + needle.count <= bytes.count {
        if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
        i += 1
    }
    return nil
}

/// The serial validator's error, or `nil` when the input is valid.
private func serialError(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> JSONParseError? {
    do {
        _ = try JSONStreamParser.parse(bytes, handler: DiscardEvents(), options: options)
        return nil
    } catch {
        return error as? JSONParseError
    }
}

/// The parallel validator's error on `jobs` threads, or `nil` when it finds the input valid.
private func parallelError(
    _ bytes: [UInt8], jobs: Int, options: JSONParseOptions = JSONParseOptions()
) -> JSONParseError? {
    do {
        try JSONValidation.validate(bytes, options: options, jobs: jobs)
        return nil
    } catch {
        return error as? JSONParseError
    }
}

/// How many stretches the threads checked when `bytes` validate on `jobs` threads.
private func stretchesChecked(_ bytes: [UInt8], jobs: Int, options: JSONParseOptions = JSONParseOptions()) throws -> Int
{
    try bytes.withUnsafeBytes { try JSONValidation.validate($0, options: options, jobs: jobs, afterRead: nil) }
}

/// The boundaries just after `count` element commas spread evenly over `bytes` (a page).
private func elementBoundaries(_ bytes: [UInt8], count: Int) -> [Int] {
    (1...count).compactMap { offset(after: "},", in: bytes, from: bytes.count * $0 / (count + 1)) }
}

@Suite("Parallel validation: the serial verdict and error")
struct ParallelValidationDifferentialTests {
    @Test(arguments: [false, true])
    func aValidPageIsCheckedInParallel(pretty: Bool) throws {
        let bytes = page(count: 400, pretty: pretty, seed: 1)
        for jobs in [2, 3, 4, 7] {
            #expect(try stretchesChecked(bytes, jobs: jobs) >= jobs, "jobs \(jobs)")
            #expect(parallelError(bytes, jobs: jobs) == nil)
        }
    }

    @Test func aStretchFromInsideAStringOrANestedArrayIsRefused() throws {
        let bytes = page(count: 200, pretty: false, seed: 2)
        // Just after the comma before element `k` of the compact page.
        func boundary(_ k: Int) throws -> Int {
            try #require(offset(after: "{\"id\": \(k),\"name\"", in: bytes, from: 0))
                - "{\"id\": \(k),\"name\"".utf8.count
        }
        let spine = ValidationSpine(options: JSONParseOptions(), afterRead: nil)
        func checks(_ range: Range<Int>) -> Bool {
            bytes.withUnsafeBytes {
                spine.read(
                    stretch: UnsafeRawBufferPointer(rebasing: $0[range]), at: range.lowerBound, depth: 2,
                    options: JSONParseOptions()) != nil
            }
        }
        let (first, last) = (try boundary(60), try boundary(140))
        #expect(checks(first..<last))
        // From, or up to, the `},` inside a description string, and inside `labels`: a worker's
        // parse of such a stretch fails, and the spine reads it instead.
        let stringSplit = try #require(offset(after: #"fake },"#, in: bytes, from: first))
        let labelSplit = try #require(offset(after: #"{"id": 1},"#, in: bytes, from: first))
        for bad in [stringSplit, labelSplit] {
            #expect(bad < last && bytes[bad - 1] == UInt8(ascii: ","))
            #expect(!checks(bad..<last), "from \(bad)")
            #expect(!checks(first..<bad), "up to \(bad)")
        }
        #expect(parallelError(bytes, jobs: 2) == nil)
    }

    @Test(arguments: [false, true])
    func aDamagedPageGivesTheSerialError(pretty: Bool) throws {
        let bytes = page(count: 300, pretty: pretty, seed: 3)
        let splits = elementBoundaries(bytes, count: 7)
        var random = TestRandom(state: 4)
        // Places near element boundaries (where the threads' stretches start), and spread
        // over the page.
        var places = splits.flatMap { split in (-3...3).map { split + $0 } }
        places += (0..<60).map { _ in random.below(bytes.count) }
        let damages: [[UInt8]] = [[], [0x22], [0x7D], [0x5D], [0x2C], [0x01], [0xFF], [0x5C], [0x30, 0x30], [0x7B]]
        var compared = 0
        for place in places where place >= 0 && place < bytes.count {
            for damage in damages {
                var damaged = bytes
                damaged.replaceSubrange(place..<(place + 1), with: damage)
                let serial = serialError(damaged)
                for jobs in [2, 3] {
                    #expect(parallelError(damaged, jobs: jobs) == serial, "at \(place), \(damage), jobs \(jobs)")
                }
                compared += 1
            }
        }
        #expect(compared > 500)
    }

    @Test func aDepthLimitCountsFromTheDocumentsRoot() throws {
        // Elements nest 4 deep inside `items` (depth 2): 6 in all.
        let element = #"{"a": {"b": [{"c": 1}]}}"#
        let text = "{\"items\": [" + Array(repeating: element, count: 2000).joined(separator: ",") + "]}"
        let bytes = Array(text.utf8)
        for depth in [5, 6, 7] {
            var options = JSONParseOptions()
            options.maxDepth = depth
            let (p, q) = (parallelError(bytes, jobs: 2, options: options), serialError(bytes, options: options))
            #expect(
                p == q,
                "\(String(describing: p?.offset)) \(String(describing: q?.offset)) \(String(describing: p?.excerpt)) | \(String(describing: q?.excerpt)) \(String(describing: p?.message)) | \(String(describing: q?.message))"
            )
        }
        var options = JSONParseOptions()
        options.maxDepth = 6
        #expect(parallelError(bytes, jobs: 2, options: options) == nil)
    }

    @Test func theSuitesFilesSplicedIntoAPageGiveTheSerialVerdictAndError() throws {
        guard Corpus.isAvailable else { return }
        let bytes = page(count: 500, pretty: false, seed: 5)
        let splits = elementBoundaries(bytes, count: 2)
        var compared = 0
        for name in Corpus.files("y_") + Corpus.files("n_") + Corpus.files("i_") {
            let file = try Corpus.bytes(name)
            // As an element just after each split, and as the element just before the middle one.
            for at in [splits[0], splits[1], splits[1] - 1] {
                var spliced = bytes
                let inserted = at == splits[1] - 1 ? [0x2C] + file : file + [0x2C]
                spliced.insert(contentsOf: inserted, at: at)
                #expect(parallelError(spliced, jobs: 2) == serialError(spliced), "\(name) at \(at)")
                compared += 1
            }
        }
        #expect(compared > 900)
    }

    @Test func inputsWithoutAnArrayOfObjectsAreCheckedSerially() throws {
        let numbers = Array(("[" + (0..<20000).map(String.init).joined(separator: ",") + "]").utf8)
        #expect(try stretchesChecked(numbers, jobs: 2) == 0)
        #expect(parallelError(numbers, jobs: 2) == nil)
        let lines = Array(String(repeating: "{\"a\": 1}\n", count: 5000).utf8)
        var jsonLines = JSONParseOptions()
        jsonLines.allowMultipleValues = true
        #expect(parallelError(lines, jobs: 2, options: jsonLines) == nil)
        #expect(parallelError(lines, jobs: 2) == serialError(lines))
        #expect(parallelError(Array("  42  ".utf8), jobs: 4) == nil)
    }

    @Test func aBigFileIsCheckedFromItsMappingWithTheSerialError() throws {
        let bytes = page(count: 50_000, pretty: false, seed: 9)
        #expect(bytes.count >= JSONValidation.parallelThreshold)
        var random = TestRandom(state: 10)
        // Valid, then damaged early, in the middle and late: a late error fails a stretch after
        // others have given their pages back, and the serial check reads them again.
        let places =
            [nil, bytes.count / 10, bytes.count / 2, bytes.count - 5000]
            + (0..<3).map { _ in random.below(bytes.count) }
        for place in places {
            var damaged = bytes
            if let place { damaged[place] = 0x7D }
            let file = try TemporaryFile(damaged, name: "parallel-validation")
            defer { file.remove() }
            for jobs in [2, 3] {
                var found: JSONParseError?
                do { try JSONValidation.validate(.file(file.path), jobs: jobs) } catch {
                    found = error as? JSONParseError
                }
                #expect(found == serialError(damaged), "at \(place ?? -1), jobs \(jobs)")
            }
        }
    }

    @Test func aMappedFileReadsTheSameBytesAfterGivingItsPagesBack() throws {
        var random = TestRandom(state: 12)
        let bytes = (0..<(1 << 20) + 123).map { _ in UInt8(truncatingIfNeeded: random.below(256)) }
        let file = try TemporaryFile(bytes, name: "mapped-file")
        defer { file.remove() }
        #expect(MappedFile(path: file.path, minimumSize: bytes.count + 1) == nil)
        #expect(MappedFile(path: FileManager.default.temporaryDirectory.path, minimumSize: 0) == nil)
        let mapped = try #require(MappedFile(path: file.path, minimumSize: bytes.count))
        #expect(Array(mapped.bytes) == bytes)
        mapped.releasePages(of: UnsafeRawBufferPointer(rebasing: mapped.bytes[1000..<(bytes.count - 1000)]))
        mapped.releasePages(of: mapped.bytes)
        #expect(Array(mapped.bytes) == bytes)
    }
}
