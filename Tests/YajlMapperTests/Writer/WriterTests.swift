import Foundation
import Testing

@testable import YajlMapper

@Suite("Writer")
struct WriterTests {
    @Test func compactAndPretty() throws {
        let json: JSON = ["name": "yajl", "list": [1, true, nil], "empty": [:], "none": []]
        #expect(try json.serialized() == #"{"name":"yajl","list":[1,true,null],"empty":{},"none":[]}"#)
        let pretty = try json.serialized(.pretty)
        #expect(pretty.hasSuffix("\n"))
        #expect(pretty.contains("\n  \"name\": \"yajl\",\n"))
        #expect(pretty.contains("\n    1,\n"))
        #expect(try JSON(parsing: pretty) == json)
    }

    @Test func escaping() throws {
        let tricky =
            "quote \" backslash \\ slash / nl \n tab \t cr \r bs \u{08} ff \u{0C} nul \u{00} bell \u{07} é 日本 😀"
        let text = try JSON.string(tricky).serialized()
        #expect(text.contains(#"\""#))
        #expect(text.contains(#"\\"#))
        #expect(text.contains(#"\n"#))
        #expect(text.contains(#"\t"#))
        #expect(!text.utf8.contains { $0 < 0x20 }) // no raw control characters
        #expect(try JSON(parsing: text).string == tricky)
        #expect(text.contains("/")) // solidus is not escaped
    }

    @Test func numbersAreWrittenExactly() throws {
        let text = "[123456789012345678901234567890,-0,1E400,0.1,2.50]"
        #expect(try JSON(parsing: text).serialized() == text)
        #expect(try JSON(floatLiteral: 0.1).serialized() == "0.1")
        #expect(JSONNumber("not a number") == nil) // so the writer never gets invalid number text
    }

    @Test func invalidUTF8IsRefused() throws {
        let writer = JSONWriter()
        let bad: [UInt8] = [0x61, 0xFF]
        #expect(throws: JSONWriteError.invalidUTF8) {
            try bad.withUnsafeBytes { try writer.string(JSONBytes($0)) }
        }
    }

    @Test func anObjectDoesNotCloseAfterAKey() throws {
        // yajl's generator would write `{"a"}`: a key, or a string in a key's place, then the close.
        for style: JSONWriter.Style in [.compact, .pretty] {
            let afterKey = JSONWriter(style: style)
            try afterKey.startObject()
            try afterKey.key("a")
            #expect(throws: JSONWriteError.invalidState) { try afterKey.endObject() }
            let afterString = JSONWriter(style: style)
            try afterString.startObject()
            try afterString.key("a")
            try afterString.startArray()
            try afterString.endArray()
            try afterString.string("b")
            #expect(throws: JSONWriteError.invalidState) { try afterString.endObject() }
            let whole = JSONWriter(style: style)
            try whole.startObject()
            try whole.key("a")
            try whole.startObject()
            try whole.endObject()
            try whole.string("b")
            try whole.null()
            try whole.endObject()
            try whole.finish()
            #expect(
                try JSON.parseAll(whole.output) == [
                    .object(JSONObject([("a", .object(JSONObject([]))), ("b", .null)]))
                ])
        }
    }

    @Test func misuseIsAnErrorNotACrash() throws {
        let writer = JSONWriter()
        try writer.startObject()
        #expect(throws: JSONWriteError.keyExpected) { try writer.number(JSONNumber(1)) }
        let second = JSONWriter()
        try second.null()
        #expect(throws: JSONWriteError.multipleValues) { try second.null() }
        let open = JSONWriter()
        try open.startArray()
        #expect(throws: JSONWriteError.incomplete) { try open.finish() }
    }

    @Test func depthBeyondTheGeneratorLimit() throws {
        var json: JSON = 1
        for _ in 0..<200 { json = [json] }
        #expect(throws: JSONWriteError.tooDeep) { try json.serialized() }
    }

    @Test func multipleValuesOnePerLine() throws {
        let writer = JSONWriter(style: .compact, multipleValues: true)
        for json: JSON in [["a": 1], [2], "three"] { try writer.write(json) }
        try writer.finish(newline: true)
        #expect(writer.outputString == "{\"a\":1}\n[2]\n\"three\"\n")
        let pretty = JSONWriter(style: .pretty, multipleValues: true)
        try pretty.write(["a": 1])
        try pretty.write([2])
        try pretty.finish()
        #expect(try JSON.parseAll(pretty.output) == [["a": 1], [2]])
    }

    @Test func streamingReformatFromParserEvents() throws {
        let source = #"{"b": [1, 2.0, {"c": null}], "a": "\u00e9\ud83d\ude00"}"#
        let writer = JSONWriter(style: .compact)
        _ = try JSONStreamParser.parse(Array(source.utf8), handler: writer)
        #expect(writer.outputString == #"{"b":[1,2.0,{"c":null}],"a":"é😀"}"#)
    }

    @Test func sinkReceivesOutput() throws {
        var pieces: [UInt8] = []
        let writer = JSONWriter(style: .compact) { pieces.append(contentsOf: $0) }
        try writer.write(["k": [1, 2, 3]])
        #expect(pieces.isEmpty) // buffered until 64 KiB or finish
        try writer.finish()
        #expect(String(decoding: pieces, as: UTF8.self) == #"{"k":[1,2,3]}"#)
    }

    /// parse → write → parse gives an equal value, for every accepted suite file.
    @Test func roundTripsTheConformanceSuite() throws {
        let dir = Corpus.testParsing
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        var checked = 0
        for name in names.sorted() where name.hasPrefix("y_") {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            let value = try JSON(parsing: data)
            for style in [JSONWriter.Style.compact, .pretty] {
                let text = try value.serializedBytes(style)
                #expect(try JSON(parsing: text) == value, "\(name) \(style)")
            }
            checked += 1
        }
        #expect(checked == 95)
    }
}
