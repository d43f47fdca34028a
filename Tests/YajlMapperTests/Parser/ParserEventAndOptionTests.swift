import Foundation
import Testing

@testable import YajlMapper

@Suite("Parser events")
struct ParserEventTests {
    @Test("every event kind arrives, in document order")
    func everyEventKind() throws {
        let json = #"{"n":null,"t":true,"f":false,"i":-12,"d":2.5e3,"s":"x","o":{},"a":[[],{"k":[1]}]}"#
        #expect(
            try events(json) == [
                .startObject,
                .key("n"), .null,
                .key("t"), .bool(true),
                .key("f"), .bool(false),
                .key("i"), .number("-12"),
                .key("d"), .number("2.5e3"),
                .key("s"), .str("x"),
                .key("o"), .startObject, .endObject,
                .key("a"), .startArray,
                .startArray, .endArray,
                .startObject, .key("k"), .startArray, .number("1"), .endArray, .endObject,
                .endArray,
                .endObject,
            ])
    }

    @Test(
        "top-level scalars",
        arguments: [
            ("null", Event.null), ("true", .bool(true)), ("false", .bool(false)),
            ("0", .number("0")), ("\"\"", .str("")), (" \"a b\" ", .str("a b")),
            ("\n\t\r 7 \n", .number("7")),
        ])
    func topLevelScalar(json: String, expected: Event) throws {
        #expect(try events(json) == [expected])
    }

    @Test("empty containers and white space between every token")
    func whiteSpace() throws {
        #expect(
            try events(" \t\r\n[ \t\r\n{ \t\r\n} \t\r\n, \t\r\n[ ] \t\r\n] \t\r\n")
                == [.startArray, .startObject, .endObject, .startArray, .endArray, .endArray])
    }

    @Test("keys and strings are distinct events, also for equal text")
    func keysAndStrings() throws {
        #expect(
            try events(#"{"a":"a","":""}"#) == [.startObject, .key("a"), .str("a"), .key(""), .str(""), .endObject])
    }

    @Test("duplicate keys are both delivered")
    func duplicateKeys() throws {
        #expect(
            try events(#"{"a":1,"a":2}"#)
                == [.startObject, .key("a"), .number("1"), .key("a"), .number("2"), .endObject])
    }

    @Test("events are delivered as they are recognised, before the input ends")
    func eventsArriveEarly() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed(#"[true, {"k": "#)
        #expect(parser.handler.events == [.startArray, .bool(true), .startObject, .key("k")])
        try parser.feed(#""v"}, 4"#)
        // The number is not complete until a byte that cannot belong to it arrives.
        #expect(parser.handler.events == [.startArray, .bool(true), .startObject, .key("k"), .str("v"), .endObject])
        try parser.feed("2]")
        try parser.finish()
        #expect(parser.handler.events.suffix(2) == [.number("42"), .endArray])
    }

    @Test("a top-level number ends only at finish")
    func topLevelNumberEndsAtFinish() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed("12")
        try parser.feed("34")
        #expect(parser.handler.events.isEmpty)
        try parser.finish()
        #expect(parser.handler.events == [.number("1234")])
    }

    @Test("feed accepts [UInt8], Data, String and raw buffers, and empty chunks")
    func feedOverloads() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed([UInt8]())
        try parser.feed(Array("[1,".utf8))
        try parser.feed(Data("2,".utf8))
        try parser.feed("")
        try parser.feed("3,")
        try [UInt8]("4]".utf8).withUnsafeBytes { try parser.feed($0) }
        try parser.feed(UnsafeRawBufferPointer(start: nil, count: 0))
        try parser.finish()
        #expect(
            parser.handler.events == [.startArray, .number("1"), .number("2"), .number("3"), .number("4"), .endArray])
        #expect(parser.bytesConsumed == 9)
    }

    @Test("finish twice is harmless; options are kept")
    func finishTwice() throws {
        let options = JSONParseOptions(allowComments: true, maxDepth: 7)
        let parser = JSONStreamParser(handler: EventRecorder(), options: options)
        #expect(parser.options == options)
        try parser.feed("[]")
        try parser.finish()
        try parser.finish()
        #expect(parser.handler.events == [.startArray, .endArray])
    }

    @Test("the handler can be changed between chunks")
    func mutateHandler() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed("[1,")
        parser.handler.events.removeAll()
        try parser.feed("2]")
        try parser.finish()
        #expect(parser.handler.events == [.number("2"), .endArray])
    }

    @Test("JSONBytes helpers compare and copy")
    func jsonBytesHelpers() throws {
        struct Check: JSONEventHandler {
            var seen: [String] = []
            mutating func key(_ name: JSONBytes) {
                #expect(name == "key")
                #expect(name.equals("key"))
                #expect(!name.equals("ke"))
                #expect(!(name == "kez"))
                seen.append(name.string)
            }
            mutating func string(_ value: JSONBytes) {
                #expect(value.equals(""))
                #expect(value == "")
                #expect(value.count == 0)
                seen.append(value.string)
            }
        }
        let check = try JSONStreamParser.parse(Array(#"{"key":""}"#.utf8), handler: Check())
        #expect(check.seen == ["key", ""])
    }
}

@Suite("Parser options")
struct ParserOptionTests {
    @Test("defaults follow RFC 8259")
    func defaults() {
        let options = JSONParseOptions()
        #expect(!options.allowComments)
        #expect(!options.allowMultipleValues)
        #expect(options.validateUTF8)
        #expect(options.maxDepth == 512)
    }

    // MARK: allowComments

    @Test(
        "comments are rejected by default, at the slash",
        arguments: [
            ("/* c */ [1]", 0), ("[1, /* c */ 2]", 4), ("[1, // c\n 2]", 4), ("// c\n[1]", 0),
            ("{\"a\": /**/ 1}", 6),
        ])
    func commentsRejectedByDefault(json: String, offset: Int) throws {
        let error = try #require(parseError(json))
        #expect(error.kind == .syntax)
        #expect(error.message.contains("comment"))
        #expect(error.offset == offset)
        #expect(!validates(Array(json.utf8)))
    }

    @Test(
        "comments are accepted when allowed",
        arguments: [
            "/* c */ [1, 2]", "[1, /* c */ 2]", "[1, // c\n 2]", "// c\n[1, 2]",
            "[1, 2] // trailing\n", "[1, 2] /* trailing */", "/* multi\nline * / ** */[1,/**/2]",
            "[1, 2] // no newline at the end",
        ])
    func commentsAllowed(json: String) throws {
        let options = JSONParseOptions(allowComments: true)
        #expect(try events(json, options: options) == [.startArray, .number("1"), .number("2"), .endArray])
        #expect(validates(Array(json.utf8), options: options))
    }

    @Test("comment markers inside strings are text, in both modes", arguments: [false, true])
    func commentMarkersInStrings(allow: Bool) throws {
        let options = JSONParseOptions(allowComments: allow)
        #expect(
            try events(#"["/* x */", "// y"]"#, options: options) == [
                .startArray, .str("/* x */"), .str("// y"), .endArray,
            ])
    }

    @Test("an unterminated comment inside a value is truncated input")
    func unterminatedComment() throws {
        let error = try #require(parseError("[1, /* never closed", options: JSONParseOptions(allowComments: true)))
        #expect(error.kind == .truncated)
        #expect(error.offset == 19)
    }

    @Test("a comment after the value, cut short by the end of input")
    func commentAfterValueCutShort() throws {
        let options = JSONParseOptions(allowComments: true)
        // A block comment left open is truncated input, after a value as inside one (yajl
        // accepts it after a complete value); a line comment may end with the input.
        for (text, offset) in [("[1] /* open", 11), ("1/*", 3), ("{}/*", 4), ("\"a\" /* x *", 10), ("[1 /* open", 10)] {
            let error = try #require(parseError(text, options: options), "\(text)")
            #expect((error.kind, error.offset) == (.truncated, offset), "\(text)")
            Self.checkSplits(text, options: options)
        }
        #expect(try events("[1] //", options: options) == [.startArray, .number("1"), .endArray])
        #expect(try events("[1] /* closed */ // open", options: options) == [.startArray, .number("1"), .endArray])
        // A lone slash there is trailing garbage.
        let error = try #require(parseError("[1] /", options: options))
        #expect(error.kind == .syntax)
        #expect(error.message == "unexpected data after the JSON value")
        #expect(error.offset == 4)
    }

    /// The same outcome split in two anywhere, for events and validation.
    static func checkSplits(
        _ text: String, options: JSONParseOptions, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let bytes = Array(text.utf8)
        let whole = outcome(bytes, options: options)
        for cut in 0...bytes.count {
            let chunks = [Array(bytes[..<cut]), Array(bytes[cut...])]
            #expect(
                outcome(chunks: chunks, options: options) == whole, "\(text) cut at \(cut)",
                sourceLocation: sourceLocation)
            #expect(
                validationError(chunks: chunks, options: options) == whole.error, "\(text) validation cut at \(cut)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("a lone slash is an error even with comments allowed")
    func loneSlash() throws {
        let error = try #require(parseError("[1, /x]", options: JSONParseOptions(allowComments: true)))
        #expect(error.kind == .syntax)
        #expect(error.offset == 5)
    }

    // MARK: allowMultipleValues

    @Test("a second value is rejected by default")
    func secondValueRejected() throws {
        let error = try #require(parseError("[1] [2]"))
        #expect(error.kind == .syntax)
        #expect(error.message == "unexpected data after the JSON value")
        #expect(error.offset == 4)
        let jsonLines = try #require(parseError("{\"a\":1}\n{\"a\":2}\n"))
        #expect(jsonLines.line == 2)
        #expect(jsonLines.column == 1)
    }

    /// yajl stops past a whole token of data after the value (`{} 123` at the `3`), or at
    /// a byte its lexer backs up to (`/`); the error is at the data's first byte either way.
    @Test(
        "data after the value is an error at its first byte",
        arguments: [
            ("{} 123", 3, 1, 4), ("{} \"a b\"", 3, 1, 4), ("{} true", 3, 1, 4), ("{} tru", 3, 1, 4),
            ("{}/", 2, 1, 3), ("{}\n/", 3, 2, 1), ("[1]\n  /*", 6, 2, 3), ("{}]", 2, 1, 3),
            ("1 2", 2, 1, 3), ("\"a\"  \"b c\"", 5, 1, 6), ("-1.5e3 x", 7, 1, 8), ("\"a\\\" b\" c", 8, 1, 9),
        ])
    func dataAfterTheValue(text: String, offset: Int, line: Int, column: Int) throws {
        let error = try #require(parseError(text))
        #expect(error.message == "unexpected data after the JSON value")
        #expect([error.offset, error.line, error.column] as [Int] == [offset, line, column])
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            #expect(
                outcome(chunks: [Array(bytes[..<cut]), Array(bytes[cut...])]).error?.offset == offset, "cut at \(cut)")
        }
        // After comments, when they are allowed.
        let commented = try #require(parseError("{} /* \" */ // x\n x", options: JSONParseOptions(allowComments: true)))
        #expect([commented.offset, commented.line, commented.column] as [Int] == [17, 2, 2])
    }

    /// A top-level number or literal ends where yajl's lexer ends it (`123x` at the `x`),
    /// and data after a value is found however far back the value ended, in one buffer and
    /// in any chunks, with comments allowed or not.
    @Test(
        "data after the value, far from it or right after a number or literal",
        arguments: [
            ("123x y", 3, false), ("falsel c", 5, false), ("nulltr", 4, false), ("true-5", 4, false),
            ("3-0", 1, false), ("1tr", 1, false), ("-0.5e+7.1", 7, false),
            ("1" + String(repeating: " ", count: 70) + "123", 71, false),
            ("{}" + String(repeating: " ", count: 70) + "123", 72, true),
            ("false" + String(repeating: " ", count: 59) + "\n/", 65, false),
            ("3" + String(repeating: " ", count: 60) + "\"a b\"", 61, false),
            ("[]/* " + String(repeating: "x", count: 50) + " */ /1", 59, true),
            ("\"" + String(repeating: "\\\"", count: 40) + "\" x", 83, true),
            ("/**/true x", 9, true), ("/**/1/", 5, true), ("//\n0,", 4, true),
            ("{} \"abc", 3, false), ("true\"", 4, false), ("3\"", 1, true), ("{}\"a\\", 2, false),
            (String(repeating: " ", count: 70) + "1 23", 72, false),
            (String(repeating: " ", count: 70) + "1 \"x y\"", 72, true),
            ("\"" + String(repeating: "a", count: 70) + "\" 123", 73, false),
            (String(repeating: " ", count: 62) + "true-5", 66, false),
            ("[1, 2]/*c*/" + String(repeating: " ", count: 60) + "98765432109876543210", 71, true),
        ])
    func dataAfterTheValueAnywhere(text: String, offset: Int, comments: Bool) throws {
        let options = JSONParseOptions(allowComments: comments)
        let bytes = Array(text.utf8)
        let whole = try #require(parseError(bytes, options: options))
        #expect(whole.offset == offset)
        #expect(whole.message == "unexpected data after the JSON value")
        #expect(outcome(chunks: [bytes], options: options).error == ErrorSummary(whole), "fed whole")
        for cut in 1..<bytes.count {
            let split = outcome(chunks: [Array(bytes[..<cut]), Array(bytes[cut...])], options: options).error
            #expect(split == ErrorSummary(whole), "cut at \(cut)")
        }
        for size in [1, 3, 16] {
            let chunks = stride(from: 0, to: bytes.count, by: size).map {
                Array(bytes[$0..<min($0 + size, bytes.count)])
            }
            #expect(validationError(chunks: chunks, options: options) == ErrorSummary(whole), "chunks of \(size)")
        }
    }

    @Test("data after a long run of white space that came in earlier chunks is located too")
    func dataAfterLongWhiteSpace() throws {
        let bytes = Array(("{}" + String(repeating: " \n", count: 150) + "  /").utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 16).map { Array(bytes[$0..<min($0 + 16, bytes.count)]) }
        let error = try #require(outcome(chunks: chunks).error)
        #expect([error.offset, error.line, error.column] as [Int] == [bytes.count - 1, 151, 3])
        #expect(error == ErrorSummary(try #require(parseError(bytes))))
    }

    @Test("JSON Lines")
    func jsonLines() throws {
        let text = "{\"id\":1,\"ok\":true}\n{\"id\":2,\"ok\":false}\r\n[]\n\"s\"\nnull\n"
        #expect(
            try events(text, options: JSONParseOptions(allowMultipleValues: true)) == [
                .startObject, .key("id"), .number("1"), .key("ok"), .bool(true), .endObject,
                .startObject, .key("id"), .number("2"), .key("ok"), .bool(false), .endObject,
                .startArray, .endArray, .str("s"), .null,
            ])
    }

    @Test(
        "concatenated values with and without white space",
        arguments: [
            (
                "[1][2]{}\"x\"true",
                [
                    Event.startArray, .number("1"), .endArray, .startArray, .number("2"), .endArray,
                    .startObject, .endObject, .str("x"), .bool(true),
                ]
            ),
            ("1 2 3", [.number("1"), .number("2"), .number("3")]),
            ("1\n-2.5\n3e4", [.number("1"), .number("-2.5"), .number("3e4")]),
            ("\"a\"\"b\"", [.str("a"), .str("b")]),
            ("nulltruefalse", [.null, .bool(true), .bool(false)]),
            ("12", [.number("12")]),
        ])
    func concatenated(json: String, expected: [Event]) throws {
        let options = JSONParseOptions(allowMultipleValues: true)
        #expect(try events(json, options: options) == expected)
        #expect(validates(Array(json.utf8), options: options))
    }

    @Test(
        "multiple values: empty or blank input is zero values; without the option it is an error",
        arguments: ["", "  \n "])
    func multipleValuesEmptyInput(json: String) throws {
        let options = JSONParseOptions(allowMultipleValues: true)
        #expect(try events(json, options: options) == [])
        #expect(validates(Array(json.utf8), options: options))
        let error = try #require(parseError(json))
        #expect(error.kind == .truncated)
        #expect(error.offset == json.utf8.count)
        #expect(error.message == "empty input: no JSON value")
    }

    @Test("multiple values: a truncated last value or bad value is still an error")
    func multipleValuesErrors() throws {
        let options = JSONParseOptions(allowMultipleValues: true)
        let truncated = try #require(parseError("[1]\n[2", options: options))
        #expect(truncated.kind == .truncated)
        #expect(truncated.line == 2)
        let bad = try #require(parseError("[1]\n[2,]", options: options))
        #expect(bad.kind == .syntax)
        #expect(bad.offset == 7)
        #expect((bad.line, bad.column) == (2, 4))
    }

    // MARK: validateUTF8

    /// Each with the offset of the first byte of the bad sequence (the lead byte when there
    /// is one, as Python's decoder reports it).
    static let invalidUTF8Cases: [(bytes: [UInt8], offset: Int)] = [
        (Array(#"[""#.utf8) + [0xFF] + Array(#""]"#.utf8), 2), // never valid
        (Array(#"["ab"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8), 4), // lead byte, then no continuation
        (Array(#"["ab"#.utf8) + [0x80] + Array(#""]"#.utf8), 4), // lone continuation byte
        (Array(#"{""#.utf8) + [0xFE] + Array(#"":1}"#.utf8), 2), // in a key
        (Array("{\"ok\":\n \"".utf8) + [0xE2, 0x82, 0x41] + Array(#""}"#.utf8), 9), // 3-byte sequence cut short
        (Array(#"["a"#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8), 3), // overlong "/"
        (Array(#"[""#.utf8) + [0xE0, 0x80, 0xAF] + Array(#""]"#.utf8), 2), // overlong, 3 bytes
        (Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8), 2), // surrogate U+D800
        (Array(#"{"k": "x", ""#.utf8) + [0xED, 0xBF, 0xBF] + Array(#"": 1}"#.utf8), 12), // surrogate in a key
        (Array(#"[""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""]"#.utf8), 2), // above U+10FFFF
        (Array(#"[""#.utf8) + [0xF5, 0x80, 0x80, 0x80] + Array(#""]"#.utf8), 2), // above U+10FFFF
    ]

    @Test("invalid UTF-8 in a string or key is rejected, at the bad sequence's first byte", arguments: invalidUTF8Cases)
    func invalidUTF8Rejected(bytes: [UInt8], offset: Int) throws {
        // Split anywhere, or read whole, by an event handler or the validator: the same error.
        var splits = [[bytes], bytes.map { [$0] }]
        for i in 1..<bytes.count { splits.append([Array(bytes[..<i]), Array(bytes[i...])]) }
        var outcomes: [ErrorSummary?] = []
        for chunks in splits {
            outcomes.append(outcome(chunks: chunks).error)
            outcomes.append(validationError(chunks: chunks, options: JSONParseOptions()))
        }
        for error in outcomes {
            #expect(error?.kind == .invalidUTF8)
            #expect(error?.message.hasPrefix("invalid UTF-8") == true)
            #expect(error?.offset == offset)
        }
        #expect(!validates(bytes))
    }

    @Test("what is wrong with the UTF-8 is named")
    func invalidUTF8Messages() throws {
        #expect(parseError([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D])?.message == "invalid UTF-8: overlong encoding")
        #expect(
            parseError([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])?.message
                == "invalid UTF-8: an encoded UTF-16 surrogate (U+D800 to U+DFFF)")
        #expect(
            parseError([0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D])?.message == "invalid UTF-8: above U+10FFFF")
        #expect(
            parseError([0x5B, 0x22, 0x61, 0x80, 0x22, 0x5D])?.message
                == "invalid UTF-8: byte 0x80 cannot start a character")
        #expect(
            parseError([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D])?.message
                == "invalid UTF-8: a character ends before its last byte")
        // Outside a string, any byte above 0x7F is yajl's unexpected character, valid UTF-8 or not.
        #expect(parseError([0x5B, 0x31, 0xC0, 0xAF, 0x5D])?.kind == .syntax)
        #expect(parseError([0x5B, 0x31, 0xC3, 0xA9, 0x5D])?.kind == .syntax)
        // Valid sequences of every length, at the edges of the ranges, pass.
        let valid: [UInt8] = [
            0x5B, 0x22, 0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80,
            0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF, 0x22, 0x5D,
        ]
        #expect(validates(valid))
        #expect(outcome(chunks: valid.map { [$0] }).isAccepted)
        #expect(validationError(chunks: valid.map { [$0] }, options: JSONParseOptions()) == nil)
    }

    @Test("invalid UTF-8 is passed through when validation is off", arguments: invalidUTF8Cases)
    func invalidUTF8Accepted(bytes: [UInt8], offset: Int) throws {
        let options = JSONParseOptions(validateUTF8: false)
        let events = try events(bytes, options: options)
        let raw = events.compactMap { event -> [UInt8]? in
            switch event {
            case .string(let b), .key(let b): b
            default: nil
            }
        }
        // The non-ASCII bytes reach the handler unchanged.
        #expect(raw.joined().filter { $0 >= 0x80 } == bytes.filter { $0 >= 0x80 })
        #expect(raw.joined().contains(bytes[offset]))
        #expect(validates(bytes, options: options))
    }

    @Test("validation off still rejects what is not UTF-8 related")
    func validationOffStillStrict() throws {
        let options = JSONParseOptions(validateUTF8: false)
        #expect(parseError("[\"a\tb\"]", options: options)?.kind == .syntax)
        #expect(parseError("[1,]", options: options)?.kind == .syntax)
        #expect(
            try events([0x5B, 0x22, 0xC3, 0xA9, 0x22, 0x5D], options: options) == [.startArray, .str("é"), .endArray])
    }

    @Test("overlong and surrogate encodings, which yajl's check of the byte pattern lets through, are rejected")
    func utf8CheckIsStrict() throws {
        #expect(parseError([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D])?.kind == .invalidUTF8)
        #expect(parseError([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])?.kind == .invalidUTF8)
        // With validation off they reach the handler as they are.
        let off = JSONParseOptions(validateUTF8: false)
        #expect(
            try events([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], options: off) == [
                .startArray, .string([0xC0, 0xAF]), .endArray,
            ])
    }

    /// The first byte of the first sequence RFC 3629 forbids, by a plain byte-by-byte
    /// reading (the reference for the vector and bitmap walk of the parser's check).
    static func firstBadSequence(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let (length, second): (Int, ClosedRange<UInt8>) =
                switch lead {
                case 0x00...0x7F: (1, 0x80...0xBF)
                case 0xC2...0xDF: (2, 0x80...0xBF)
                case 0xE0: (3, 0xA0...0xBF)
                case 0xED: (3, 0x80...0x9F)
                case 0xE1...0xEF: (3, 0x80...0xBF)
                case 0xF0: (4, 0x90...0xBF)
                case 0xF4: (4, 0x80...0x8F)
                case 0xF1...0xF3: (4, 0x80...0xBF)
                default: (0, 0x80...0xBF)
                }
            if length == 0 || i + length > bytes.count { return i }
            if length > 1 && !second.contains(bytes[i + 1]) { return i }
            if length > 2 && !(2..<length).allSatisfy({ bytes[i + $0] & 0xC0 == 0x80 }) { return i }
            i += length
        }
        return nil
    }

    /// Characters and bad sequences at every position around the check's 64- and 128-byte
    /// windows (ending at, crossing and starting on their edges), alone and in runs: the
    /// error is at the reference's offset, in one buffer and in chunks.
    @Test(
        "UTF-8 is checked the same at every position of the check's windows",
        arguments: [
            [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF],
            [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80],
            [0x80], [0xBF, 0x41], [0xC3], [0xE6, 0x97], [0xE6, 0x41, 0x41], [0xF0, 0x9F, 0x98], [0xFF],
            [0xC3, 0xA9, 0x80], [0xE6, 0x97, 0xA5, 0xBF], [0xF0, 0x9F, 0x98, 0x80, 0x80],
        ] as [[UInt8]])
    func utf8AtEveryWindowPosition(sequence: [UInt8]) throws {
        for position in Array(0..<12) + Array(56..<72) + Array(118..<140) + Array(250..<260) {
            // Once; three times apart; three times in a row.
            for (run, separator) in [(1, [UInt8(ascii: "b")]), (3, [UInt8(ascii: "b")]), (3, [])] {
                let inner =
                    Array(repeating: UInt8(ascii: "a"), count: position)
                    + Array([[UInt8]](repeating: sequence + separator, count: run).joined())
                    + Array(repeating: UInt8(ascii: "c"), count: 300)
                let bytes = Array(#"[""#.utf8) + inner + Array(#""]"#.utf8)
                let expected = Self.firstBadSequence(inner).map { $0 + 2 }
                let found = outcome(chunks: [bytes]).error
                #expect(found?.offset == expected, "at \(position), \(run) times")
                if expected != nil { #expect(found?.kind == .invalidUTF8, "at \(position)") }
                // The validator checks behind yajl rather than ahead of it.
                var behind: Int?
                do { _ = try JSONStreamParser.parse(bytes, handler: DiscardEvents()) } catch let error as JSONParseError
                { behind = error.offset }
                #expect(behind == expected, "at \(position), validated")
                let chunks = stride(from: 0, to: bytes.count, by: 61).map {
                    Array(bytes[$0..<min($0 + 61, bytes.count)])
                }
                #expect(outcome(chunks: chunks).error?.offset == expected, "at \(position), in chunks")
            }
        }
    }

    // MARK: maxDepth

    static func nested(_ depth: Int, separator: String = "") -> String {
        String(repeating: "[" + separator, count: depth) + String(repeating: "]", count: depth)
    }

    @Test("default maxDepth accepts 512 nested arrays", arguments: [false, true])
    func depth512(discard: Bool) throws {
        let json = Self.nested(512)
        if discard {
            #expect(validates(Array(json.utf8)))
        } else {
            let events = try events(json)
            #expect(events.count == 1024)
            #expect(events.prefix(512).allSatisfy { $0 == .startArray })
        }
    }

    @Test("default maxDepth rejects 513 nested arrays at the 513th bracket")
    func depth513() throws {
        let error = try #require(parseError(Self.nested(513)))
        #expect(error.kind == .tooDeep)
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.offset == 512)
        #expect((error.line, error.column) == (1, 513))
        #expect(!validates(Array(Self.nested(513).utf8)))
    }

    @Test("too deep on a later line: line and column of the opening bracket")
    func depthLineColumn() throws {
        // "[\n" 512 times, then "  [" on line 513.
        let json = String(repeating: "[\n", count: 512) + "  [" + String(repeating: "]", count: 513)
        let error = try #require(parseError(json))
        #expect(error.kind == .tooDeep)
        #expect(error.offset == 1024 + 2)
        #expect((error.line, error.column) == (513, 3))
        #expect(error.excerpt == "  [" + String(repeating: "]", count: 19) + "\n  ^")
        let discard = JSONStreamParser(handler: DiscardEvents())
        #expect(throws: error) {
            try discard.feed(json); try discard.finish()
        }
    }

    @Test(
        "custom maxDepth",
        arguments: [
            (0, "1", true), (0, "\"s\"", true), (0, "[]", false), (0, "{}", false),
            (1, "[1,2]", true), (1, "{\"a\":1}", true), (1, "[[]]", false), (1, "{\"a\":{}}", false),
            (2, "[[1],[2],[3]]", true), (2, "[[[]]]", false),
            (4, "{\"a\":[{\"b\":[1]}]}", true), (3, "{\"a\":[{\"b\":[1]}]}", false),
            (3, "[{\"a\":[]}, {\"b\":{}}, [[]]]", true), (3, "[{\"a\":[]}, {\"b\":{\"c\":{}}}]", false),
        ])
    func customDepth(maxDepth: Int, json: String, accepted: Bool) throws {
        let options = JSONParseOptions(maxDepth: maxDepth)
        #expect(outcome(json, options: options).isAccepted == accepted)
        #expect(validates(Array(json.utf8), options: options) == accepted)
        if !accepted {
            #expect(parseError(json, options: options)?.kind == .tooDeep)
        }
    }

    @Test("too deep in mixed objects and arrays points at the opener that goes too deep")
    func mixedDepthOffset() throws {
        let json = #"{"a":[{"b":[{"c":1}]}]}"#
        let error = try #require(parseError(json, options: JSONParseOptions(maxDepth: 4)))
        #expect(error.kind == .tooDeep)
        #expect(error.message == "nesting deeper than 4 levels")
        #expect(error.offset == 12) // the `{` before "c"
        #expect(error.column == 13)
        // Events up to the limit were delivered.
        #expect(
            outcome(json, options: JSONParseOptions(maxDepth: 4))
                == .rejected(
                    ErrorSummary(error), [.startObject, .key("a"), .startArray, .startObject, .key("b"), .startArray]))
    }

    @Test("100000 opening brackets are an error, not a crash", arguments: [false, true])
    func hugeNesting(discard: Bool) throws {
        let json = Array(String(repeating: "[", count: 100_000).utf8)
        let error = #expect(throws: JSONParseError.self) {
            if discard {
                _ = try JSONStreamParser.parse(json, handler: DiscardEvents())
            } else {
                _ = try JSONStreamParser.parse(json, handler: EventRecorder())
            }
        }
        #expect(error?.kind == .tooDeep)
        #expect(error?.offset == 512)
    }

    @Test("100000 nested arrays with an unlimited maxDepth: no crash, balanced or truncated")
    func hugeNestingUnlimited() throws {
        let options = JSONParseOptions(maxDepth: .max)
        let open = String(repeating: "[", count: 100_000)
        let truncated = try #require(parseError(open, options: options))
        #expect(truncated.kind == .truncated)
        #expect(truncated.offset == 100_000)
        #expect(validates(Array((open + String(repeating: "]", count: 100_000)).utf8), options: options))
    }
}
