import Foundation
import SearchSeedModel
import Testing

@testable import YajlMapper

/// Reads no key of its objects: each is skipped from its opening brace.
struct SkipNothing: Mappable, Equatable {
    init?(map: Map) {}
    mutating func mapping(map: Map) {}
}

struct SkipNothingPage: Mappable, Equatable {
    var items: [SkipNothing]?
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

/// Reads keys spread through a search item: before, between and after the ones it skips,
/// late ones, keys of the tails the tests put after `description` (`a`, `x`, `y`), and a
/// path into the owner past `avatar_url`.
struct SpreadRepository: Mappable {
    var name: String?
    var ownerLogin: String?
    var siteAdmin: Bool?
    var stars: Int?
    var size: Int?
    var homepage: String?
    var a: Int?
    var x: [Int]?
    var y: Int?
    var license: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        stars <- map["stargazers_count"]
        ownerLogin <- map["owner.login"]
        siteAdmin <- map["owner.site_admin"]
        size <- map["size"]
        homepage <- map["homepage"]
        a <- map["a"]
        x <- map["x"]
        y <- map["y"]
        license <- map["license.spdx_id"]
    }
}

struct SpreadPage: Mappable {
    var total: Int?
    var items: [SpreadRepository]?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        items <- map["items"]
        total <- map["total_count"]
    }
}

/// What a mapping gave, compared as text (models, problems, errors).
enum SkipOutcome: Equatable, CustomStringConvertible {
    case mapped(String, problems: [String])
    case parseError(ErrorSummary)
    case failed(String)

    var description: String {
        switch self {
        case .mapped(let value, let problems): "mapped \(value) \(problems)"
        case .parseError(let error): "parse error \(error)"
        case .failed(let error): "failed \(error)"
        }
    }
}

enum SkipAhead {
    static func options(_ base: JSONParseOptions, skip: Bool) -> JSONParseOptions {
        var options = base
        options.skipsUnreadObjects = skip
        return options
    }

    static func failure(_ error: any Error) -> SkipOutcome {
        if let error = error as? JSONParseError { return .parseError(ErrorSummary(error)) }
        return .failed(String(describing: error))
    }

    /// The whole document mapped at once; with how many objects were skipped.
    static func whole<T: BaseMappable>(
        _: T.Type, _ bytes: [UInt8], skip: Bool, strict: Bool,
        options: JSONParseOptions = JSONParseOptions()
    ) -> (SkipOutcome, skipped: Int) {
        // A registry of its own, taught by a first mapping: the count is then the planned
        // parse's, whichever tests ran before in the process.
        let mapper = Mapper<T>(strict: strict)
        mapper.plans = PlanRegistry()
        do {
            _ = try? bytes.withUnsafeBytes {
                try mapper.mapResult(bytes: $0, options: Self.options(options, skip: skip))
            }
            let result = try bytes.withUnsafeBytes {
                try mapper.mapResult(bytes: $0, options: Self.options(options, skip: skip))
            }
            let value = result.value.map { String(describing: $0) } ?? "nil"
            return (.mapped(value, problems: result.problems.map(\.description)), result.objectsSkipped)
        } catch {
            return (failure(error), 0)
        }
    }

    /// The `items` array streamed element by element, the input fed `chunk` bytes at a time.
    static func stream<T: BaseMappable>(
        _: T.Type, _ bytes: [UInt8], chunk: Int, skip: Bool, strict: Bool,
        options: JSONParseOptions = JSONParseOptions()
    ) -> (SkipOutcome, skipped: Int) {
        var elements: [String] = []
        let stream = MappingStreamParser<T>(
            mapper: Mapper<T>(strict: strict), elementsAt: "items",
            options: Self.options(options, skip: skip)
        ) { elements.append(String(describing: $0)) }
        do {
            var from = 0
            while from < bytes.count {
                try stream.feed(Array(bytes[from..<min(from + chunk, bytes.count)]))
                from += chunk
            }
            let summary = try stream.finish()
            return (
                .mapped(
                    "\(elements) \(summary.envelope) \(summary.count)",
                    problems: summary.problems.map { $0.description }),
                summary.objectsSkipped
            )
        } catch {
            return (.failed("\(elements) then \(failure(error))"), 0)
        }
    }

    /// Validates `bytes` fed `chunk` bytes at a time (`nil`: at once); with the engine, for
    /// its counts.
    static func validation(
        _ bytes: [UInt8], chunk: Int?, skip: Bool, options: JSONParseOptions = JSONParseOptions()
    )
        -> (ParseOutcome, engine: YajlParserEngine)
    {
        let parser = JSONStreamParser(handler: DiscardEvents(), options: Self.options(options, skip: skip))
        do {
            var from = 0
            let step = chunk ?? max(bytes.count, 1)
            while from < bytes.count {
                try parser.feed(Array(bytes[from..<min(from + step, bytes.count)]))
                from += step
            }
            try parser.finish()
            return (.accepted([]), parser.engine)
        } catch let error as JSONParseError {
            return (.rejected(ErrorSummary(error), []), parser.engine)
        } catch {
            return (
                .rejected(
                    ErrorSummary(JSONParseError(kind: .syntax, message: "\(error)", offset: -1, line: -1, column: -1)),
                    []),
                parser.engine
            )
        }
    }

    /// Validates `bytes` with the skip on and off, at once and in chunks; records each
    /// difference. Returns how many objects the validation at once skipped.
    @discardableResult
    static func compareValidation(
        _ bytes: [UInt8], _ what: String, options: JSONParseOptions = JSONParseOptions(),
        chunks: [Int?] = [nil, 1, 7, 64, 4096], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var skipped = 0
        for chunk in chunks {
            let (on, engine) = validation(bytes, chunk: chunk, skip: true, options: options)
            let (off, _) = validation(bytes, chunk: chunk, skip: false, options: options)
            if on != off {
                Issue.record(
                    "\(what), validated in chunks of \(chunk.map(String.init) ?? "all"): skipping gave \(on), not \(off)",
                    sourceLocation: sourceLocation)
            }
            // Each byte is read by the scans at most once.
            #expect(engine.bytesScannedForSkips <= bytes.count, sourceLocation: sourceLocation)
            if chunk == nil { skipped = engine.objectsSkipped }
        }
        return skipped
    }

    /// Maps `bytes` every way with the skip on and off, with the seed model (which reads the
    /// first keys of each object) and with ``SpreadRepository`` (which reads keys before,
    /// between and after the skipped ones); records each difference. Returns how many objects
    /// the seed model's one-shot lenient mapping skipped.
    @discardableResult
    static func compare(
        _ bytes: [UInt8], _ what: String, options: JSONParseOptions = JSONParseOptions(),
        chunks: [Int] = [1, 7, 64, 4096], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        compareValidation(bytes, what, options: options, chunks: [nil] + chunks, sourceLocation: sourceLocation)
        compare(
            SpreadPage.self, SpreadRepository.self, bytes, what + " (spread model)", options: options, chunks: chunks,
            sourceLocation: sourceLocation)
        return compare(
            SeedRepositories.self, SeedRepository.self, bytes, what, options: options, chunks: chunks,
            sourceLocation: sourceLocation)
    }

    /// Maps `bytes` with `Page` at once and its `items` streamed as `Item`, with the skip on
    /// and off; records each difference. Returns how many objects the lenient mapping skipped.
    @discardableResult
    static func compare<Page: BaseMappable, Item: BaseMappable>(
        _: Page.Type, _: Item.Type, _ bytes: [UInt8], _ what: String, options: JSONParseOptions = JSONParseOptions(),
        chunks: [Int] = [1, 7, 64, 4096], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var skipped = 0
        for strict in [false, true] {
            let (on, count) = whole(Page.self, bytes, skip: true, strict: strict, options: options)
            let (off, none) = whole(Page.self, bytes, skip: false, strict: strict, options: options)
            if on != off {
                Issue.record(
                    "\(what), strict \(strict): skipping gave \(on), not \(off)", sourceLocation: sourceLocation)
            }
            #expect(none == 0, sourceLocation: sourceLocation)
            if !strict { skipped = count }
            for chunk in chunks {
                let (on, _) = stream(Item.self, bytes, chunk: chunk, skip: true, strict: strict, options: options)
                let (off, _) = stream(Item.self, bytes, chunk: chunk, skip: false, strict: strict, options: options)
                if on != off {
                    Issue.record(
                        "\(what), streamed in chunks of \(chunk), strict \(strict): skipping gave \(on), not \(off)",
                        sourceLocation: sourceLocation)
                }
            }
        }
        return skipped
    }

    /// A page of two items whose first has `ownerTail` after `owner.avatar_url` and `tail`
    /// after `description` (each starts with its comma).
    static func page(ownerTail: String = "", tail: String) -> [UInt8] {
        Array(
            ("{\"total_count\": 2, \"incomplete_results\": false, \"items\": [{\"id\": 1, \"name\": \"n\", \"full_name\": \"o/n\", "
                + "\"owner\": {\"login\": \"o\", \"avatar_url\": \"https://a/1\"\(ownerTail)}, "
                + "\"html_url\": \"https://h/1\", \"description\": \"d\"\(tail)},\n"
                + "{\"id\": 2, \"name\": \"m\", \"full_name\": \"o/m\", \"owner\": {\"login\": \"p\", "
                + "\"avatar_url\": \"https://a/2\", \"url\": \"u\"}, \"html_url\": \"https://h/2\", "
                + "\"description\": null, \"fork\": false}]}").utf8)
    }

    /// A realistic rest of an item: every kind of value, escapes, nesting, non-ASCII text.
    static let realisticTail = """
        , "fork": false, "url": "https://api.github.com/repos/o/n", "keys_url": "https://api.github.com/repos/o/n/keys{/key_id}",
        "created_at": "2019-01-02T03:04:05Z", "homepage": null, "size": 12345, "stargazers_count": 0,
        "language": "C\\u002B\\u002B", "has_issues": true, "license": {"key": "mit", "name": "MIT \\"License\\"",
        "spdx_id": "MIT", "url": null}, "topics": ["json", "café", "\\ud83d\\ude00", []], "score": 93.44427,
        "ratio": -1.5e-3, "big": 12345678901234567890123, "zero": 0, "neg": -0.0E+00, "nested": [[{"a": [1, {"b": {}}]}], {}],
        "tab\\tkey": "line\\nbreak\\/\\\\ \\b\\f\\r", "empty": "", "last": [null, true, false]
        """
}

/// A page with every object's keys in another order, and some members given twice.
enum ShuffledPage {
    /// `value` with each object's members shuffled; with `repeats`, about one object in
    /// three gets one of its members again, later, with another value.
    static func shuffled(_ value: JSON, _ random: inout TestRandom, repeats: Bool) -> JSON {
        switch value {
        case .array(let elements):
            return .array(elements.map { shuffled($0, &random, repeats: repeats) })
        case .object(let object):
            var members = Array(zip(object.keys, object.values.map { shuffled($0, &random, repeats: repeats) }))
            random.shuffle(&members)
            if repeats, !members.isEmpty, random.percent(33) {
                let again = members[random.below(members.count)].0
                members.insert((again, .string("again")), at: members.count - random.below(min(members.count, 3)))
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }

    static func bytes(of url: URL, seed: UInt64, repeats: Bool) throws -> [UInt8] {
        var random = TestRandom(state: seed)
        let page = try JSON(parsing: Array(try Data(contentsOf: url)))
        return Array(shuffled(page, &random, repeats: repeats).rawString(pretty: seed % 2 == 0)!.utf8)
    }
}
