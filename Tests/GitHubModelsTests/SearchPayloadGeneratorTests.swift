import Foundation
import Testing
import YajlMapper

@testable import GitHubModels

/// Records, per search item, the keys of the item object and of its owner, in order.
private struct KeyOrderRecorder: JSONEventHandler {
    var itemKeys: [[String]] = []
    var ownerKeys: [[String]] = []
    /// Open containers: `true` for an object.
    private var stack: [Bool] = []
    private var lastItemKey = ""

    mutating func startObject() {
        stack.append(true)
        // Envelope = 1, items array = 2, item = 3, owner = 4.
        if stack.count == 3 { itemKeys.append([]) }
        if stack.count == 4 && lastItemKey == "owner" { ownerKeys.append([]) }
    }

    mutating func endObject() { stack.removeLast() }
    mutating func startArray() { stack.append(false) }
    mutating func endArray() { stack.removeLast() }

    mutating func key(_ name: JSONBytes) {
        if stack.count == 3 {
            lastItemKey = name.string
            itemKeys[itemKeys.count - 1].append(lastItemKey)
        } else if stack.count == 4 && lastItemKey == "owner" {
            ownerKeys[ownerKeys.count - 1].append(name.string)
        }
    }
}

private func foundationObject(_ bytes: [UInt8]) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(bytes))
    return try #require(object as? [String: Any])
}

private func items(_ envelope: [String: Any]) throws -> [[String: Any]] {
    try #require(envelope["items"] as? [[String: Any]])
}

@Suite("Search payload generator")
struct SearchPayloadGeneratorTests {
    @Test("equal seeds give equal bytes, different seeds different bytes")
    func determinism() {
        let a = SearchPayloadGenerator(seed: 7).generate(items: 40)
        let b = SearchPayloadGenerator(seed: 7).generate(items: 40)
        let c = SearchPayloadGenerator(seed: 8).generate(items: 40)
        #expect(a == b)
        #expect(a != c)
        #expect(SearchPayloadGenerator().generate(items: 5) == SearchPayloadGenerator(seed: 1).generate(items: 5))
        #expect(
            SearchPayloadGenerator(seed: 7).generate(items: 40, pretty: true)
                == SearchPayloadGenerator(seed: 7).generate(items: 40, pretty: true))
    }

    @Test("chunked writing gives the same bytes as generate", arguments: [false, true])
    func chunkedWriting(pretty: Bool) {
        let generator = SearchPayloadGenerator(seed: 3)
        var chunks = 0
        var joined: [UInt8] = []
        generator.write(items: 60, pretty: pretty, chunkSize: 10_000) { chunk in
            chunks += 1
            joined.append(contentsOf: chunk)
        }
        #expect(chunks > 10)
        #expect(joined == generator.generate(items: 60, pretty: pretty))
    }

    @Test(
        "output is valid JSON for Foundation and for the yajl validator",
        arguments: [(0, false), (1, false), (100, false), (100, true)])
    func validJSON(count: Int, pretty: Bool) throws {
        let bytes = SearchPayloadGenerator(seed: 11).generate(items: count, pretty: pretty)
        _ = try JSONStreamParser<DiscardEvents>.parse(bytes, handler: DiscardEvents())
        let envelope = try foundationObject(bytes)
        #expect(try items(envelope).count == count)
    }

    @Test("envelope: total_count at least the item count, incomplete_results false")
    func envelope() throws {
        for count in [0, 1, 30, 250] {
            let envelope = try foundationObject(SearchPayloadGenerator(seed: UInt64(count)).generate(items: count))
            #expect(Array(envelope.keys).sorted() == ["incomplete_results", "items", "total_count"])
            let total = try #require(envelope["total_count"] as? Int)
            #expect(total >= count)
            #expect(envelope["incomplete_results"] as? Bool == false)
            #expect(try items(envelope).count == count)
        }
    }

    @Test("every item has every field, in wire order")
    func keyOrder() throws {
        let bytes = SearchPayloadGenerator(seed: 5).generate(items: 50)
        let recorder = try JSONStreamParser.parse(bytes, handler: KeyOrderRecorder())
        #expect(SearchPayloadGenerator.itemKeys.count == 81)
        #expect(SearchPayloadGenerator.ownerKeys.count == 19)
        #expect(Set(SearchPayloadGenerator.itemKeys).count == 81)
        #expect(recorder.itemKeys.count == 50)
        #expect(recorder.ownerKeys.count == 50)
        for keys in recorder.itemKeys {
            #expect(keys == SearchPayloadGenerator.itemKeys)
        }
        for keys in recorder.ownerKeys {
            #expect(keys == SearchPayloadGenerator.ownerKeys)
        }
        let first = try #require(recorder.itemKeys.first)
        #expect(first.count == 81)
        #expect(Array(first.prefix(6)) == ["id", "node_id", "name", "full_name", "private", "owner"])
        #expect(first[first.count - 3..<first.count] == ["default_branch", "permissions", "score"])
        #expect(first.firstIndex(of: "created_at")! < first.firstIndex(of: "license")!)
        #expect(recorder.ownerKeys.first?.first == "login")
        #expect(recorder.ownerKeys.first?.last == "site_admin")
    }

    @Test("pretty and compact output hold equal values")
    func prettyEqualsCompact() throws {
        let generator = SearchPayloadGenerator(seed: 21)
        let compact = generator.generate(items: 80)
        let pretty = generator.generate(items: 80, pretty: true)
        #expect(pretty.count > compact.count)
        #expect(!compact.contains(UInt8(ascii: "\n")))
        #expect(pretty.starts(with: Array("{\n  \"total_count\": ".utf8)))
        let a = try foundationObject(compact) as NSDictionary
        let b = try foundationObject(pretty) as NSDictionary
        #expect(a.isEqual(b))
    }

    @Test("values look like GitHub's")
    func realisticValues() throws {
        let bytes = SearchPayloadGenerator(seed: 1).generate(items: 300)
        let list = try items(foundationObject(bytes))
        let ids = list.compactMap { $0["id"] as? Int }
        #expect(ids.count == 300)
        #expect(ids.contains { $0 > Int(UInt32.max) })
        #expect(ids.contains { $0 > Int(Int32.max) && $0 <= Int(UInt32.max) })
        for key in ["description", "homepage", "language", "license", "mirror_url"] {
            #expect(list.contains { $0[key] is NSNull }, "some \(key) is null")
            #expect(list.contains { !($0[key] is NSNull) }, "some \(key) is not null")
        }
        let descriptions = list.compactMap { $0["description"] as? String }
        #expect(descriptions.contains { $0.contains("\"") })
        #expect(descriptions.contains { $0.contains("\\") })
        #expect(descriptions.contains { $0.contains("\n") && $0.contains("\t") })
        #expect(descriptions.contains { $0.contains("\u{01}") })
        #expect(descriptions.contains { $0.unicodeScalars.contains { $0.properties.isEmoji && $0.value > 0x2000 } })
        let names = list.compactMap { $0["name"] as? String }
        #expect(names.contains { $0.unicodeScalars.contains { $0.value > 0x7F } })
        // Escapes as written: short forms and \u00XX for other control characters.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#"\u0001"#))
        #expect(text.contains(#"\""#))
        #expect(text.contains(#"\\"#))
        #expect(text.contains(#"\n"#))
        #expect(text.contains(#"\t"#))

        let iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
        for item in list {
            for key in ["created_at", "updated_at", "pushed_at"] {
                let date = try #require(item[key] as? String)
                #expect(date.wholeMatch(of: iso) != nil, "\(key) \(date)")
            }
            let fullName = try #require(item["full_name"] as? String)
            let owner = try #require(item["owner"] as? [String: Any])
            let login = try #require(owner["login"] as? String)
            #expect(fullName == login + "/" + (item["name"] as? String ?? ""))
            #expect(item["html_url"] as? String == "https://github.com/" + fullName)
            #expect(item["url"] as? String == "https://api.github.com/repos/" + fullName)
            #expect(item["score"] is NSNumber)
            #expect(item["topics"] is [String])
            #expect((item["permissions"] as? [String: Bool])?.count == 5)
            if let license = item["license"] as? [String: Any] {
                #expect(license.keys.sorted() == SearchPayloadGenerator.licenseKeys.sorted())
            }
        }
    }

    @Test("a compact item is about 5 KB")
    func itemSize() {
        let bytes = SearchPayloadGenerator(seed: 2).generate(items: 500)
        let perItem = Double(bytes.count) / 500
        #expect(perItem > 4_500 && perItem < 6_000, "\(perItem) bytes per item")
    }

    @Test("formatting helpers match GitHub's own values")
    func formatting() {
        #expect(FixtureFormatting.base64("010:Repository256256652") == "MDEwOlJlcG9zaXRvcnkyNTYyNTY2NTI=")
        #expect(FixtureFormatting.base64("07:License13") == "MDc6TGljZW5zZTEz")
        let seconds = FixtureFormatting.secondsSince1970(year: 2020, month: 4, day: 16) + 15 * 3600 + 33 * 60 + 40
        #expect(seconds == 1_587_051_220)
        #expect(FixtureFormatting.iso8601(secondsSince1970: seconds) == "2020-04-16T15:33:40Z")
        #expect(FixtureFormatting.iso8601(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(FixtureFormatting.scoreLiteral(hundredThousandths: 100_000) == Array("1.0".utf8))
        #expect(FixtureFormatting.scoreLiteral(hundredThousandths: 9_344_427) == Array("93.44427".utf8))
        #expect(FixtureFormatting.scoreLiteral(hundredThousandths: 5_701_680) == Array("57.0168".utf8))
    }
}
