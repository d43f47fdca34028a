import CYajl
import Foundation
import SearchSeedModel
import Testing

@testable import YajlMapper

// Once a mapped object's planned keys have all been read, yajl is moved past the rest of it
// when those bytes are plain JSON (YajlParserEngine+SkipAhead.swift). That must change
// nothing but the time: every test here maps the same input with the skip on and off and
// asks for the same models, problems and errors (kind, message, offset, line, column), in
// one-shot mappings and in streams cut into chunks, strict and lenient.

// The models mapped are the issue's seed model (`SeedRepositories`, `SeedRepository`, in
// the SearchSeedModel module) and ``SpreadRepository``, compared by their descriptions; the
// models and the comparisons: UnreadMemberSkipModels.swift.

@Suite("Skipping the rest of mapped objects")
struct MappingSkipAheadTests {
    @Test func yajlsHandleLayoutIsTheOneTheSkipExpects() {
        // If a new yajl moved its read position, skipping would silently stop: say so here.
        #expect(YajlParserEngine.handleLayoutMatches)
    }

    @Test func aGeneratedSearchPageSkipsEveryItemAndOwnerAndMapsTheSame() throws {
        let url = Corpus.packageRoot.appendingPathComponent("Fixtures/github/search/generated-100.json")
        let bytes = Array(try Data(contentsOf: url))
        let skipped = SkipAhead.compare(bytes, "generated-100.json", chunks: [4096, 65536])
        // The rest of each item after `description`, of each owner after `avatar_url`, and
        // of the page after `items` (nothing: its last key).
        #expect(skipped == 201)
        let (outcome, _) = SkipAhead.whole(SeedRepositories.self, bytes, skip: true, strict: true)
        guard case .mapped(let value, let problems) = outcome else {
            Issue.record("the page did not map: \(outcome)")
            return
        }
        #expect(problems.isEmpty)
        #expect(value.contains("avatarUrl: Optional(\"https://avatars.githubusercontent.com/u/"))
    }

    @Test func theRecordedPagesMapTheSame() throws {
        let files = GitHubCorpus.files
        guard !files.isEmpty else { return } // the shared corpus is not beside the project
        for file in files {
            let skipped = SkipAhead.compare(Array(try Data(contentsOf: file)), file.lastPathComponent, chunks: [4096])
            #expect(skipped > 0, "\(file.lastPathComponent)")
        }
    }

    @Test func aModelThatReadsNoKeySkipsEachObjectFromItsStart() throws {
        let bytes = SkipAhead.page(tail: SkipAhead.realisticTail)
        // The first document of a fresh registry is recorded whole and teaches the plan.
        let mapper = Mapper<SkipNothingPage>(strict: true)
        mapper.plans = PlanRegistry()
        _ = try bytes.withUnsafeBytes { try mapper.mapResult(bytes: $0) }
        for skip in [true, false] {
            let result = try bytes.withUnsafeBytes {
                try mapper.mapResult(bytes: $0, options: SkipAhead.options(JSONParseOptions(), skip: skip))
            }
            #expect(result.value?.items?.count == 2)
            // Both items from their start, and the page after `items`.
            #expect(result.objectsSkipped == (skip ? 3 : 0))
        }
        let cut = Array(bytes.dropLast(40))
        #expect(
            SkipAhead.whole(SkipNothingPage.self, cut, skip: true, strict: false).0
                == SkipAhead.whole(SkipNothingPage.self, cut, skip: false, strict: false).0)
    }

    @Test func restsOfObjectsThatAreValidOrNot() {
        let tails = [
            // Valid: skipped.
            SkipAhead.realisticTail, "", ", \"a\": 1", " , \"a\" : [ ] , \"b\" : { } ", ",\n\t\"a\":\r\n1",
            // A planned key again after all were read: the first value counts either way.
            ", \"id\": 99, \"description\": \"again\"",
            // Strings yajl rejects, or that the byte check rejects.
            ", \"a\": \"tab\there\"", ", \"a\": \"\\x\"", ", \"a\": \"\\u12G4\"", ", \"a\": \"\\u12\"",
            ", \"a\": \"nul\u{0}\"", ", \"a\": \"\u{1F}\"", ", \"a\": \"\u{7F}\"", ", \"a\": \"ok\\\\\"",
            // Numbers.
            ", \"a\": 01", ", \"a\": 1.", ", \"a\": -", ", \"a\": 1e", ", \"a\": 1e+", ", \"a\": .5", ", \"a\": 1x",
            ", \"a\": +1", ", \"a\": 1.5e10", ", \"a\": -0", ", \"a\": 0.0", ", \"a\": 1E-7", ", \"a\": 2\"b\"",
            // Literals.
            ", \"a\": tru", ", \"a\": truex", ", \"a\": nul", ", \"a\": NULL", ", \"a\": false1", ", \"a\": true ",
            // Structure.
            ", \"a\": 1,", ", \"a\" 1", ", \"a\": 1 \"b\": 2", ", 1: 2", ", \"a\": [1,]", ", \"a\": [,1]",
            ", \"a\": {,}",
            ", \"a\": {\"b\"}", ", \"a\": [1 2]", ", \"a\": ]", ", \"a\": }", ", \"a\": [}", ", \"a\": {]", ",,",
            ", \"a\": 'x'", ", \"a\": [[[[[[[[1]]]]]]]]", "}", "]",
            // White space JSON does not have, and comments (not allowed here).
            ", \"a\":\u{0C}1", ", \"a\":\u{0B}1", ", \"a\": 1 /* c */", ", \"a\": 1 // c\n",
            // Nesting deeper than the skip follows (64) inside the object.
            ", \"a\": " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
            ", \"a\": " + String(repeating: "{\"k\":", count: 66) + "1" + String(repeating: "}", count: 66),
        ]
        for tail in tails {
            SkipAhead.compare(SkipAhead.page(tail: tail), "tail \(tail.debugDescription)")
            SkipAhead.compare(SkipAhead.page(ownerTail: tail, tail: ""), "owner tail \(tail.debugDescription)")
        }
        // Cut anywhere: the brace is not in the input (or in the chunk) yet.
        let bytes = SkipAhead.page(ownerTail: ", \"x\": [1, \"y\"]", tail: SkipAhead.realisticTail)
        for end in stride(from: 1, to: bytes.count, by: 5) {
            SkipAhead.compare(Array(bytes[..<end]), "cut at \(end)", chunks: [16])
        }
    }

    @Test func invalidUTF8InSkippedStringsIsFoundAsBefore() {
        for bad in ["\u{C3}(", "\u{80}", "\u{ED}\u{A0}\u{80}", "\u{F4}\u{90}\u{80}\u{80}", "\u{C0}\u{AF}", "\u{FF}"] {
            let raw = bad.unicodeScalars.map { UInt8($0.value) }
            var bytes = SkipAhead.page(tail: ", \"a\": \"x@@")
            let at = bytes.firstIndex(of: UInt8(ascii: "@"))!
            bytes.replaceSubrange(at..<(at + 2), with: raw + Array("y\", \"b\": 1".utf8))
            for validate in [true, false] {
                SkipAhead.compare(
                    bytes, "invalid UTF-8 \(raw), validateUTF8 \(validate)",
                    options: JSONParseOptions(validateUTF8: validate))
            }
        }
    }

    @Test func theDepthLimitHoldsInsideSkippedObjects() {
        // The page's items are at depth 2 and owners at 3: nest to each side of the limit.
        for limit in [3, 4, 5, 8] {
            for nesting in 0...9 {
                let tail =
                    ", \"a\": " + String(repeating: "[", count: nesting) + "0" + String(repeating: "]", count: nesting)
                SkipAhead.compare(
                    SkipAhead.page(ownerTail: nesting % 2 == 0 ? tail : "", tail: tail),
                    "nesting \(nesting) under maxDepth \(limit)", options: JSONParseOptions(maxDepth: limit),
                    chunks: [4096])
            }
        }
    }

    @Test func commentsWhenAllowed() {
        for tail in [
            ", \"a\": 1 /* c */", ", /* c */ \"a\": 1", ", \"a\": 1 // c\n", ", \"a\": [1, /* ] */ 2]",
            ", \"a\": \"/* not a comment */\"", ", \"a\": 1 /* open",
        ] {
            SkipAhead.compare(
                SkipAhead.page(tail: tail), "comment \(tail.debugDescription)",
                options: JSONParseOptions(allowComments: true))
        }
    }

    @Test func theConformanceSuiteInsideASkippedValue() throws {
        guard Corpus.isAvailable else { return } // the shared corpus is not beside the project
        for name in Corpus.files("y_") + Corpus.files("n_") + Corpus.files("i_") {
            let file = try Corpus.bytes(name)
            let text = String(decoding: file, as: UTF8.self)
            guard !text.isEmpty, text.utf8.elementsEqual(file) else { continue } // raw bytes: below
            SkipAhead.compare(SkipAhead.page(tail: ", \"x\": " + text), name, chunks: [64])
            SkipAhead.compare(
                SkipAhead.page(ownerTail: ", \"x\": " + text + ", \"y\": 2", tail: ""), name, chunks: [64])
        }
    }

    @Test func randomlyDamagedRestsOfObjects() {
        var random = TestRandom(state: 0x5EED_0B1E)
        let base = SkipAhead.page(
            ownerTail: ", \"url\": \"https://api.github.com/users/o\", \"site_admin\": false",
            tail: SkipAhead.realisticTail)
        // The damage lands after the first owner's avatar_url, mostly in the skipped bytes.
        let from = base.indices.first { base[$0...].starts(with: Array("https://a/1".utf8)) }! + 12
        let bytesToPut: [UInt8] =
            Array("\"\\{}[],:0-e.tn u/*".utf8) + [0x0A, 0x09, 0x0B, 0x0C, 0x00, 0x1F, 0x80, 0xC3, 0xFF]
        var skippedCases = 0
        for round in 0..<1500 {
            var bytes = base
            for _ in 0...Int.random(in: 0...2, using: &random) {
                let at = Int.random(in: from..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = bytesToPut.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(bytesToPut.randomElement(using: &random)!, at: at)
                }
            }
            if SkipAhead.compare(
                bytes, "damaged page \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)",
                chunks: [round % 2 == 0 ? 4096 : 33]) > 0
            {
                skippedCases += 1
            }
        }
        // Damage that the parse accepts leaves some object plain enough to skip (390 of the
        // 1,500 pages when written): the comparison is not empty.
        #expect(skippedCases > 300)
    }
}

@Suite("Validating with the skip")
struct ValidationSkipTests {
    @Test func aGeneratedPageIsCheckedByTheScanAndGivesTheSameResult() throws {
        let url = Corpus.packageRoot.appendingPathComponent("Fixtures/github/search/generated-100.json")
        let bytes = Array(try Data(contentsOf: url))
        // At once: the page is one object, checked whole by one scan.
        #expect(SkipAhead.compareValidation(bytes, "generated-100.json") == 1)
        let (outcome, engine) = SkipAhead.validation(bytes, chunk: 4096, skip: true)
        #expect(outcome.isAccepted)
        // In 4 KiB chunks: the items, owners and licenses whose end is in the same chunk.
        #expect(engine.objectsSkipped > 100)
    }

    @Test func theConformanceSuiteValidatesTheSame() throws {
        guard Corpus.isAvailable else { return } // the shared corpus is not beside the project
        var skipped = 0
        for name in Corpus.files("y_") + Corpus.files("n_") + Corpus.files("i_") {
            skipped += SkipAhead.compareValidation(try Corpus.bytes(name), name, chunks: [nil, 1, 64])
        }
        #expect(skipped > 20)
    }

    @Test func anErrorDeepInsideIsScannedForOnce() {
        for depth in [10, 63, 64, 65, 300] {
            let open = String(repeating: "{\"a\": ", count: depth), close = String(repeating: "}", count: depth)
            for inner in ["1 x", "[1, 2,]", "\"\u{1}\"", "1", "{}"] {
                let bytes = Array((open + inner + close).utf8)
                SkipAhead.compareValidation(bytes, "depth \(depth), \(inner.debugDescription)")
                SkipAhead.compareValidation(
                    bytes, "depth \(depth), \(inner.debugDescription), maxDepth 100",
                    options: JSONParseOptions(maxDepth: 100))
            }
        }
    }
}

@Suite("The skip's own scan against yajl")
struct SkipScanTests {
    /// Scans `{"k": VALUE REST` as the rest of an object after its first value; returns
    /// whether the scan accepted it, after checking that yajl accepts the same object and
    /// that the brace found is the object's last byte.
    static func scanAgreesWithYajl(
        _ rest: [UInt8], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let end = rest.withUnsafeBufferPointer { cyajl_skip_rest_of_object($0.baseAddress, $0.count, 1, 512) }
        guard end >= 0 else { return false }
        let object = Array(rest[...end])
        // Bytes above 0x7F pass the scan: the engine checks UTF-8 apart, by offset.
        if !validates([UInt8(ascii: "{")] + object, options: JSONParseOptions(validateUTF8: false)) {
            Issue.record(
                "\(what): the scan accepted what yajl rejects: \(String(decoding: object, as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func whatTheScanAcceptsYajlAcceptsToTheSameBrace() throws {
        var accepted = 0
        let names = Corpus.isAvailable ? Corpus.files("y_") + Corpus.files("n_") + Corpus.files("i_") : []
        var texts = try names.map { try Corpus.bytes($0) }
        texts += ["1", "-0.5e+3", "\"a\\u00e9\\n\"", "[1, [2, {\"x\": null}]]", "true", "false", "null", "{}", "[]"].map
        { Array($0.utf8) }
        for (index, text) in texts.enumerated() {
            let what = index < names.count ? names[index] : String(decoding: text, as: UTF8.self)
            // As a member's value, and cut after it.
            if Self.scanAgreesWithYajl(Array("\"k\": ".utf8) + text + Array("}".utf8), what) { accepted += 1 }
            _ = Self.scanAgreesWithYajl(Array("\"k\": ".utf8) + text, what + " (no brace)")
            _ = Self.scanAgreesWithYajl(
                Array("\"k\": ".utf8) + text + Array(", \"j\": 2 }".utf8), what + " (then a member)")
        }
        // The valid values of the suite and the list above mostly pass the scan.
        #expect(accepted >= (Corpus.isAvailable ? 90 : 9))
    }

    @Test func randomBytesAfterAKey() {
        var random = TestRandom(state: 0xB1A5)
        let alphabet: [UInt8] =
            Array("\"\\{}[],:0123-+eE.truefalsn u/*x ".utf8) + [0x0A, 0x09, 0x0D, 0x0B, 0x0C, 0x00, 0x1F, 0x80, 0xFF]
        var accepted = 0
        for _ in 0..<60_000 {
            let count = Int.random(in: 1...14, using: &random)
            let body = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
            if Self.scanAgreesWithYajl(Array("\"k\":".utf8) + body + [UInt8(ascii: "}")], "random") { accepted += 1 }
        }
        // Some of the random bodies are values (a number, a short string, a literal).
        #expect(accepted > 100)
    }

    @Test func bothStringScansFindTheSameEnd() {
        // Sixteen bytes at a time (SSE2, where the machine has it) and eight at a time: every
        // length around both widths, special bytes at every place.
        var random = TestRandom(state: 0x57A1)
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, UInt8(ascii: "u"), UInt8(ascii: "n")]
        var ended = 0
        for _ in 0..<40_000 {
            let count = Int.random(in: 0...70, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0x23...0x5B, using: &random) }
            for _ in 0..<Int.random(in: 0...3, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = specials.randomElement(using: &random)!
            }
            if Bool.random(using: &random) { bytes.append(0x22) }
            let (portable, vector) = bytes.withUnsafeBufferPointer {
                (
                    cyajl_skip_string_using($0.baseAddress, $0.count, 0, 0),
                    cyajl_skip_string_using($0.baseAddress, $0.count, 0, 1)
                )
            }
            #expect(portable == vector, "\(bytes)")
            // The end a byte-by-byte reading gives.
            var i = 0, expected = -1
            while i < bytes.count {
                let c = bytes[i]
                if c == 0x22 { expected = i + 1; break }
                if c < 0x20 { break }
                if c == 0x5C {
                    guard i + 1 < bytes.count else { break }
                    let e = bytes[i + 1]
                    if e == UInt8(ascii: "u") {
                        guard i + 6 <= bytes.count,
                            bytes[(i + 2)..<(i + 6)].allSatisfy({ $0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit }
                            )
                        else { break }
                        i += 6
                    } else if Array("\"\\/bfnrt".utf8).contains(e) {
                        i += 2
                    } else {
                        break
                    }
                    continue
                }
                i += 1
            }
            #expect(portable == expected, "\(bytes)")
            if expected >= 0 { ended += 1 }
        }
        #expect(ended > 15_000)
    }
}

@Suite("Skipping the members a mapping does not read")
struct MemberSkipTests {
    static let generated = Corpus.packageRoot.appendingPathComponent("Fixtures/github/search/generated-100.json")

    /// The listed keys of a table, for calling the scan directly.
    final class Listed {
        let node = PlanNode()
        init(_ names: [String]) { for name in names { node.add(name) } }
        /// `cyajl_skip_members` on `text`: where yajl would be moved, and where a scan stopped.
        func scan(_ text: String, atStart: Bool, seen: UInt64 = 0) -> (move: Int, stopped: Int) {
            var stopped = -2
            let move = Array(text.utf8).withUnsafeBufferPointer {
                cyajl_skip_members($0.baseAddress, $0.count, atStart ? 1 : 0, 512, node.listedKeys, seen, &stopped)
            }
            return (move, stopped)
        }
    }

    @Test func theScanStopsAtTheFirstListedMemberOrTheBrace() {
        let listed = Listed(["id", "stargazers_count"])
        // From an object's start: to a listed key's quote, or to the brace.
        #expect(listed.scan(#" "a": 1, "b": [1, {"id": 2}], "id": 3}"#, atStart: true) == (30, -1))
        #expect(listed.scan(#" "id": 3}"#, atStart: true) == (1, -1))
        #expect(listed.scan(#" "a": "x", "b": null }"#, atStart: true) == (21, -1))
        #expect(listed.scan(#"}"#, atStart: true) == (0, -1))
        // After a value: to the comma before a listed key, or to the brace.
        #expect(listed.scan(#", "a": true, "stargazers_count": 4}"#, atStart: false) == (11, -1))
        #expect(listed.scan(#" , "a": false }"#, atStart: false) == (14, -1))
        // A listed key already read is passed over: its first value counts.
        #expect(listed.scan(#", "id": 5, "a": 1}"#, atStart: false, seen: 1) == (17, -1))
        // A key with an escape is left to yajl and the recorder.
        #expect(listed.scan(#", "a": 1, "\u0069d": 2}"#, atStart: false) == (8, -1))
        #expect(listed.scan(#" "\n": 1}"#, atStart: true) == (1, -1))
    }

    @Test func anythingElseLeavesTheMemberItWasInToYajl() {
        let listed = Listed(["id"])
        // The member that holds the error starts at its key (at the start) or its comma.
        #expect(listed.scan(#" "a": 1, "b": [1,], "id": 2}"#, atStart: true) == (9, 17))
        #expect(listed.scan(#", "a": 1, "b": 01}"#, atStart: false) == (8, 15))
        #expect(listed.scan(#" "a": 1,}"#, atStart: true) == (1, 8))
        #expect(listed.scan(#", "a": 1 /* c */}"#, atStart: false) == (0, 9))
        #expect(listed.scan("\u{0C}\"a\": 1}", atStart: true) == (0, 0))
        // The end of the bytes before the brace (the scan stops at the token it could not end).
        #expect(listed.scan(#", "a": 1, "b": "cut"#, atStart: false) == (8, 15))
        // With no key listed (nothing more is read), a key's escape is passed over too.
        let rest = Array(#", "\u0061": 1}"#.utf8)
        #expect(
            rest.withUnsafeBufferPointer { cyajl_skip_rest_of_object($0.baseAddress, $0.count, 0, 512) } == rest.count
                - 1)
    }

    @Test func shuffledPagesWithRepeatedKeysMapTheSame() throws {
        for seed in [1, 2, 3] as [UInt64] {
            let bytes = try ShuffledPage.bytes(of: Self.generated, seed: seed, repeats: true)
            SkipAhead.compare(bytes, "generated-100 shuffled, seed \(seed)", chunks: seed == 1 ? [64, 4096] : [4096])
        }
    }

    @Test func itemsWhoseKeysComeInAnotherOrderMapToTheSameModels() throws {
        let original = Array(try Data(contentsOf: Self.generated))
        for seed in [1, 2, 3, 4] as [UInt64] {
            let bytes = try ShuffledPage.bytes(of: Self.generated, seed: seed, repeats: false)
            for strict in [false, true] {
                // (Compared first, so that a failure prints its seed and not two whole pages.)
                let spread =
                    SkipAhead.whole(SpreadPage.self, bytes, skip: true, strict: strict).0
                    == SkipAhead.whole(SpreadPage.self, original, skip: true, strict: strict).0
                #expect(spread, "spread model, seed \(seed), strict \(strict)")
                let seedModel =
                    SkipAhead.whole(SeedRepositories.self, bytes, skip: true, strict: strict).0
                    == SkipAhead.whole(SeedRepositories.self, original, skip: true, strict: strict).0
                #expect(seedModel, "seed model, seed \(seed), strict \(strict)")
            }
        }
    }

    @Test func aModelThatReadsLateKeysPassesOverTheRestInEachItem() throws {
        for bytes in [
            Array(try Data(contentsOf: Self.generated)),
            try ShuffledPage.bytes(of: Self.generated, seed: 5, repeats: false),
        ] {
            // The first page of a fresh registry teaches the plan; the next is read by it.
            let mapper = Mapper<SpreadPage>(strict: false)
            mapper.plans = PlanRegistry()
            _ = try bytes.withUnsafeBytes { try mapper.mapResult(bytes: $0) }
            let session = try bytes.withUnsafeBytes { try mapper.mapResult(bytes: $0) }
            #expect(session.value?.items?.count == 100)
            // Each item's members before, between and after the ones read, and the owner's
            // and the license's: yajl reads only the listed members.
            #expect(session.membersSkipped >= 300)
        }
    }

    @Test func randomDamageAnywhereInShuffledItems() throws {
        var random = TestRandom(state: 0xD0_5EED)
        let page = try ShuffledPage.bytes(of: Self.generated, seed: 7, repeats: true)
        // Two items of the shuffled page, as a page of their own.
        let value = try JSON(parsing: page)
        let items = Array(value["items"].arrayValue.prefix(2))
        let base = Array(
            JSON.object(JSONObject([("total_count", .number(JSONNumber(2))), ("items", .array(items))]))
                .rawString(pretty: false)!.utf8)
        let bytesToPut: [UInt8] =
            Array("\"\\{}[],:0-e.tn u/*".utf8) + [0x0A, 0x09, 0x0B, 0x0C, 0x00, 0x1F, 0x80, 0xC3, 0xFF]
        for round in 0..<300 {
            var bytes = base
            for _ in 0...random.below(3) {
                let at = 20 + random.below(bytes.count - 20)
                switch random.below(3) {
                case 0: bytes[at] = random.pick(bytesToPut)
                case 1: bytes.remove(at: at)
                default: bytes.insert(random.pick(bytesToPut), at: at)
                }
            }
            SkipAhead.compare(
                bytes, "damaged shuffled page \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)",
                chunks: [round % 2 == 0 ? 4096 : 61])
        }
    }
}
