import Testing

@testable import YajlMapper

@Suite("Parser errors")
struct ParserErrorTests {
    @Test(
        "line, column and offset on multi-line input",
        arguments: [
            // (json, offset, line, column)
            ("{\"a\":1,\n \"b\" 2}", 13, 2, 6),
            ("[\n1,\n2,\n]", 8, 4, 1),
            ("[\n  1,\n  2\n  3]", 13, 4, 3),
            ("\n\n\n   x", 6, 4, 4),
            ("{\r\n\"a\":1,\r\n\"b\" 2}", 15, 3, 5),
            ("\r\n[1,\r\n2,\r\n}", 11, 4, 1),
            ("[\r\n\r\n\r\n,]", 7, 4, 1),
            ("[\"é\",\n \"ü\" 1]", 13, 2, 7), // columns count bytes
            ("[1,\n2,\n", 7, 3, 1), // truncated: the end of input
        ])
    func location(json: String, offset: Int, line: Int, column: Int) throws {
        let error = try #require(parseError(json))
        #expect(error.offset == offset)
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.description == "line \(line), column \(column): \(error.message)")
    }

    @Test("an unexpected token is located at its first byte")
    func unexpectedTokenAtItsStart() throws {
        // After a map value yajl moves back by the token's length, which for a string it
        // counts without quotes (two bytes into it); elsewhere it is past the token.
        let number = try #require(parseError("{\"a\":\"a\"\n 123}"))
        #expect(number.message == mapValueError)
        #expect((number.offset, number.line, number.column) == (10, 2, 2))
        #expect(parseError("{\"a\":1 true}")?.offset == 7)
        #expect(parseError("{\"a\":1 \"abc\"}")?.offset == 7)
        #expect(parseError("{\"a\":1\"abc\"}")?.offset == 6)
        #expect(parseError("{\"a\":\"x\" \"y\\\"z\"}")?.offset == 9)
        #expect(parseError("{\"a\":[] []}")?.offset == 8)
        // A missing comma between members, the commonest slip: at the next key's quote.
        let comma = try #require(parseError("{\n  \"name\": \"x\"\n  \"full_name\": \"y\"\n}"))
        #expect((comma.line, comma.column) == (3, 3))
        #expect(parseError("[\"a\" \"bc\"]")?.offset == 5)
        #expect(parseError("[\"a\" 123]")?.offset == 5)
        #expect(parseError("[true false]")?.offset == 6)
        #expect(parseError("{1: 2}")?.offset == 1)
        #expect(parseError("[-0-1]")?.offset == 3)
    }

    /// Tokens with nothing between them, where a lexer must tell where one ends, and runs of
    /// them longer than the 64 bytes kept from before a chunk.
    @Test(
        "glued tokens are located at the offending one's first byte, in one buffer and split anywhere",
        arguments: [
            (#"{"a":""1}"#, 7), (#"{"a":""]"#, 7), (#"{"a":"":"#, 7), (#"{"a":""true}"#, 7), (#"{"a":1""}"#, 6),
            (#"{"a":1"b"}"#, 6), (#"{"a":true"b"}"#, 9), (#"{"a":42]"#, 7), (#"{"a":false]"#, 10), (#"{"a":1-2-3}"#, 6),
            (#"{"a":"x""y"}"#, 8), (#"{"a": "" ""}"#, 9), ("{\"a\":\n\"\"\n1}", 9),
            ("[0" + String(repeating: "9", count: 80) + "]", 2),
            (#"{"a":0"# + String(repeating: "9", count: 80) + "}", 6),
            ("[1.5-" + String(repeating: "9", count: 80) + "]", 4),
            ("[" + String(repeating: "7", count: 70) + "true]", 71),
            (#"{"a":"# + String(repeating: "9", count: 80) + "]", 85),
            // A number that ends the input, right after a value: yajl meets it only at the end.
            (#"[""12"#, 3), (#"{"a":1 23"#, 7), (#"{""12"#, 3), (#"[true 1"#, 6),
            ("[1 " + String(repeating: "2", count: 70), 3),
        ])
    func gluedTokens(text: String, offset: Int) {
        Self.checkEverySplit(text, offset: offset)
    }

    /// With a comment between the colon and the member's value, and long top-level values
    /// before data that does not belong (the value's end is followed chunk by chunk).
    @Test(
        "comments before glued values, and data after long top-level values, split anywhere",
        arguments: [
            (#"{"a":/**/00}"#, 10), (#"{"a":/**/1true}"#, 10), (#"{"a":/**/1.5-2}"#, 12), (#"{"a":/**/42]"#, 11),
            ("{\"a\"://\n00}", 9), ("{\"a\"://\n\"\"1}", 10), ("{\"a\"://\n \"\"1}", 11), (#"{"a":/* */ ""1}"#, 13),
            (#"{"a":/**/"# + String(repeating: "7", count: 71) + "true}", 80),
            (String(repeating: "7", count: 70) + "true", 70), (String(repeating: "7", count: 70) + #""x""#, 70),
            (String(repeating: "7", count: 70) + " /", 71), (String(repeating: "7", count: 70) + #".5"x"#, 72),
            (String(repeating: "7", count: 70) + #""x"#, 70), (String(repeating: "7", count: 70) + #" "x"#, 71),
            ("\"" + String(repeating: "s", count: 70) + #"" "x"#, 73),
            // A literal member value, then a token glued to it alone in a chunk.
            (#"{"a":true1}"#, 9), (#"{"a":false0.5}"#, 10), (#"{"a":null"b"}"#, 9), (#"{"a":/**/true1}"#, 13),
            (#"{"a":true/**/1}"#, 13), (#"{"a":1 23"#, 7),
        ])
    func commentsAndLongTopLevelValues(text: String, offset: Int) {
        Self.checkEverySplit(text, offset: offset, options: JSONParseOptions(allowComments: true))
    }

    /// A slash that starts no comment, or data after the value, just before a form feed or
    /// vertical tab or inside a string with invalid UTF-8: the earlier error, on every path.
    /// (yajl rejects a slash that starts no comment at the byte after it, the form feed.)
    @Test(
        "a bad comment or data after the value just before a form feed or vertical tab",
        arguments: [
            ("/\u{C}", 1, JSONParseError.Kind.invalidCharacter), ("[/\u{C}]", 2, .invalidCharacter),
            ("[1,/\u{B}]", 4, .invalidCharacter), ("/\u{B}false", 1, .invalidCharacter),
            ("\"x\\/y\"/*/*/ \"\\\"\u{C}", 12, .syntax), ("1 \"a\u{C}", 2, .syntax), ("{} \"\u{B}", 3, .syntax),
            ("[] x\u{C}", 3, .syntax),
        ])
    func earlierErrorBeforeABadByte(text: String, offset: Int, kind: JSONParseError.Kind) throws {
        let options = JSONParseOptions(allowComments: true)
        Self.checkEverySplit(text, offset: offset, options: options)
        let reports = ParserFormFeedOnEveryPathTests.reports(Array(text.utf8), options: options)
        #expect(
            reports.events?.kind == kind && reports.validation == reports.events && reports.mapping == reports.events,
            "\(reports)")
    }

    static let earlierThanBadUTF8: [([UInt8], Int)] = [
        (Array("/\"".utf8) + [0xED, 0xA0, 0x80, 0x22], 1),
        (Array("1 \"".utf8) + [0xFF, 0x22], 2),
        (Array("{} \"ab".utf8) + [0xC0, 0xAF, 0x22], 3),
    ]

    @Test("a bad comment or data after the value before invalid UTF-8 comes first", arguments: earlierThanBadUTF8)
    func earlierErrorBeforeBadUTF8(bytes: [UInt8], offset: Int) throws {
        let options = JSONParseOptions(allowComments: true)
        let reports = ParserFormFeedOnEveryPathTests.reports(bytes, options: options)
        let error = try #require(reports.events)
        #expect((error.kind, error.offset) == (.syntax, offset))
        #expect(reports.validation == error && reports.mapping == error, "\(reports)")
        for cut in 0...bytes.count {
            let chunks = [Array(bytes[..<cut]), Array(bytes[cut...])]
            #expect(outcome(chunks: chunks, options: options).error == error, "cut at \(cut)")
            #expect(validationError(chunks: chunks, options: options) == error, "validation cut at \(cut)")
        }
    }

    /// A byte JSON does not allow right after a token the grammar rejects, or inside it: the
    /// token comes first when the byte follows it (yajl ends a number only at the next byte,
    /// which for a handler of the caller's is never given to it), the byte when it is inside
    /// the token (as yajl's own UTF-8 check, a lexical one, would say), however the input
    /// is cut and on every path. And the colon before an empty string value more than 64
    /// bytes back.
    @Test(
        "a bad byte after or inside a rejected token, and a member's colon far back",
        arguments: [
            ("[1 2\u{C}]", 3, JSONParseError.Kind.syntax), ("01\u{B}", 1, .syntax), ("\"\"1\u{C}", 2, .syntax),
            ("[1 23\u{C}]", 3, .syntax), ("{\"a\":1 2\u{B}}", 7, .syntax), ("[1 2.\u{C}]", 5, .invalidCharacter),
            ("[1\"\u{C}\"]", 3, .invalidCharacter), ("[1 /\u{C}]", 3, .syntax),
            ("{\"a\":" + String(repeating: " ", count: 63) + "\"\"1}", 70, .syntax),
            ("[1 " + String(repeating: "2", count: 100) + "\u{C}]", 3, .syntax),
            ("{\"a\":1,\"b\":" + String(repeating: "\n", count: 70) + "\"\"-0}", 83, .syntax),
        ])
    func badByteAfterARejectedToken(text: String, offset: Int, kind: JSONParseError.Kind) throws {
        Self.checkEverySplit(text, offset: offset)
        let reports = ParserFormFeedOnEveryPathTests.reports(Array(text.utf8))
        #expect(reports.events?.offset == offset && reports.events?.kind == kind, "\(reports)")
        #expect(reports.validation == reports.events && reports.mapping == reports.events, "\(reports)")
    }

    static let rejectedStringsWithBadUTF8: [([UInt8], Int)] = [
        ([0x5B, 0x31, 0x22, 0xFF, 0x22, 0x5D], 3),
        (Array("[\"é\"\"".utf8) + [0xFF, 0x22, 0x5D], 6),
        (Array("[0.5\"".utf8) + [0xE2, 0x82, 0x22, 0x5D], 5),
        (Array("{\"a\":1 \"xy".utf8) + [0xC0, 0xAF, 0x22, 0x7D], 10),
    ]

    @Test(
        "invalid UTF-8 inside a string the grammar rejects is reported at the bad byte, however cut",
        arguments: rejectedStringsWithBadUTF8)
    func invalidUTF8InsideARejectedString(bytes: [UInt8], offset: Int) throws {
        let reports = ParserFormFeedOnEveryPathTests.reports(bytes)
        let error = try #require(reports.events)
        #expect((error.offset, error.kind) == (offset, .invalidUTF8))
        #expect(reports.validation == error && reports.mapping == error, "\(reports)")
        for cut in 0...bytes.count {
            let chunks = [Array(bytes[..<cut]), Array(bytes[cut...])]
            #expect(outcome(chunks: chunks).error == error, "cut at \(cut)")
            #expect(validationError(chunks: chunks, options: JSONParseOptions()) == error, "validation cut at \(cut)")
        }
    }

    /// The error is at `offset` in one buffer (read at once, and fed as one chunk), and the
    /// same for every split in two, in three for short texts (a middle chunk can hold one
    /// token alone) and byte at a time, for an event handler and for validation.
    static func checkEverySplit(
        _ text: String, offset: Int, options: JSONParseOptions = JSONParseOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let bytes = Array(text.utf8)
        let whole = outcome(bytes, options: options)
        #expect(whole.error?.offset == offset, "\(text): \(whole)", sourceLocation: sourceLocation)
        #expect(
            parseError(bytes, options: options, sourceLocation: sourceLocation).map(ErrorSummary.init) == whole.error,
            "\(text) read at once", sourceLocation: sourceLocation)
        var cuts = (0...bytes.count).map { [$0] }
        if bytes.count <= 40 {
            cuts += (1..<bytes.count).flatMap { first in (first + 1..<bytes.count).map { [first, $0] } }
        }
        for cut in cuts {
            let bounds = [0] + cut + [bytes.count]
            let chunks = (0..<bounds.count - 1).map { Array(bytes[bounds[$0]..<bounds[$0 + 1]]) }
            let split = outcome(chunks: chunks, options: options)
            let validation = validationError(chunks: chunks, options: options)
            if split != whole || validation != whole.error {
                Issue.record(
                    "\(text) cut at \(cut): \(split), validation \(String(describing: validation)), expected \(whole)",
                    sourceLocation: sourceLocation)
                break
            }
        }
        #expect(
            outcome(chunks: bytes.map { [$0] }, options: options) == whole, "\(text) byte at a time",
            sourceLocation: sourceLocation)
    }

    @Test("a token after a map value split across chunks is located as in one buffer")
    func afterMapValueSplit() throws {
        for (text, cut) in [
            ("{\"a\":\"a\"\n 123}", 12), ("{\"a\":1 \"abcd\"}", 9), ("{\"a\":1 \"abcd\"}", 8),
            ("{\"a\":1 \"abcd\"}", 10), ("{\"a\":0 1}", 7), ("{\"a\":01}", 6), ("{\"a\":1 fal}", 9),
            ("[01]", 2), ("[1 2345]", 4), ("[\"a\" \"bcd\"]", 7), ("{\"a\":1\"bc\"}", 7),
        ] {
            let bytes = Array(text.utf8)
            let whole = outcome(bytes)
            #expect(whole.error != nil)
            #expect(outcome(chunks: [Array(bytes[..<cut]), Array(bytes[cut...])]) == whole, "\(text) cut at \(cut)")
        }
    }

    @Test("messages name what was found, the same however the input is cut")
    func messagesNameWhatWasFound() throws {
        let cases: [(String, Int, String)] = [
            ("[1,,2]", 3, "unexpected ','"), ("[\"a\",]", 5, "unexpected ']'"), ("{\"a\":[}", 6, "unexpected '}'"),
            (":", 0, "unexpected ':'"), ("[+1]", 1, "unexpected character '+'"),
            ("{\"a\": @}", 6, "unexpected character '@'"),
            ("[\u{01}]", 1, "unexpected control character U+0001"),
            ("[\u{7F}]", 1, "unexpected control character U+007F"),
            ("[é]", 1, "unexpected byte 0xC3 outside a string"),
            ("[1,\u{FEFF}2]", 3, "unexpected byte 0xEF outside a string"),
            ("{'a': 1}", 1, #"unexpected character "'" (JSON strings take double quotes)"#),
        ]
        for (text, offset, message) in cases {
            Self.checkEverySplit(text, offset: offset)
            #expect(parseError(text)?.message == message, "\(text)")
            #expect(
                parseError(text, options: JSONParseOptions(allowComments: true))?.message == message,
                "\(text), comments on")
        }
    }

    @Test("the excerpt shows the line and a caret under the problem")
    func excerpt() throws {
        let error = try #require(parseError("{\"a\":1,\n \"b\" 2}"))
        #expect(error.excerpt == " \"b\" 2}\n     ^")
        let first = try #require(parseError("[1 2]"))
        #expect(first.excerpt == "[1 2]\n   ^")
        let atStart = try #require(parseError("x"))
        #expect(atStart.excerpt == "x\n^")
    }

    @Test("the excerpt of a CRLF line ends in a blank, not a carriage return")
    func excerptCRLF() throws {
        let error = try #require(parseError("[1,\r\n  2 3,\r\n4]"))
        #expect((error.line, error.column) == (2, 5))
        #expect(error.excerpt == "  2 3, \n    ^")
        #expect(!error.excerpt.contains("\r"))
    }

    @Test("control characters become blanks so the caret stays aligned")
    func excerptTabs() throws {
        let error = try #require(parseError("[\t1\t2]"))
        #expect(error.offset == 4)
        #expect(error.excerpt == "[ 1 2]\n    ^")
    }

    @Test("long lines are cut around the problem")
    func excerptLongLine() throws {
        let json = "[" + String(repeating: "1,", count: 50) + "x" + String(repeating: ",1", count: 50) + "]"
        let error = try #require(parseError(json))
        #expect(error.offset == 101)
        let lines = error.excerpt.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines[0] == String(repeating: "1,", count: 20) + "x" + String(repeating: ",1", count: 9) + ",")
        #expect(lines[1] == String(repeating: " ", count: 40) + "^")
    }

    @Test("an error in a later chunk counts the lines of the earlier chunks")
    func laterChunk() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed("[1,\n2,\n")
        try parser.feed("3,\n  4")
        let error = #expect(throws: JSONParseError.self) { try parser.feed(" 5]") }
        #expect(error?.offset == 14)
        #expect(error?.line == 4)
        #expect(error?.column == 5)
        #expect(error?.excerpt == "  4 5]\n    ^")
    }

    @Test("after an error, feed and finish throw the same error again")
    func errorIsSticky() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed("[1,")
        let error = try #require(#expect(throws: JSONParseError.self) { try parser.feed("]") })
        #expect(throws: error) { try parser.feed("2]") }
        #expect(throws: error) { try parser.feed("") }
        #expect(throws: error) { try parser.finish() }
        #expect(throws: error) { try parser.finish() }
        #expect(parser.handler.events == [.startArray, .number("1")])
    }

    @Test("an error raised by finish is sticky too")
    func finishErrorIsSticky() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed("{\"a\":")
        let error = try #require(#expect(throws: JSONParseError.self) { try parser.finish() })
        #expect(error.kind == .truncated)
        #expect(throws: error) { try parser.finish() }
        #expect(throws: error) { try parser.feed("1}") }
    }

    @Test("a form feed error is sticky")
    func formFeedIsSticky() throws {
        let parser = JSONStreamParser(handler: DiscardEvents())
        let error = try #require(#expect(throws: JSONParseError.self) { try parser.feed("[1,\u{C}") })
        #expect(error.kind == .invalidCharacter)
        #expect(throws: error) { try parser.feed("2]") }
        #expect(throws: error) { try parser.finish() }
    }
}

@Suite("Parser handler errors")
struct ParserHandlerErrorTests {
    static let json = #"{"n":null,"t":true,"x":-1.5,"s":"str","a":[{}],"f":false}"#
    static let allEvents: [Event] = [
        .startObject, .key("n"), .null, .key("t"), .bool(true), .key("x"), .number("-1.5"),
        .key("s"), .str("str"), .key("a"), .startArray, .startObject, .endObject, .endArray,
        .key("f"), .bool(false), .endObject,
    ]

    @Test("the event list is complete")
    func allEventsDelivered() throws {
        #expect(try events(Self.json) == Self.allEvents)
    }

    @Test("a handler error is rethrown unchanged and stops the parse", arguments: 0..<17)
    func handlerErrorStops(throwAt: Int) throws {
        for byteAtATime in [false, true] {
            let parser = JSONStreamParser(handler: ThrowingHandler(throwAt: throwAt))
            let stop = HandlerStop(event: Self.allEvents[throwAt])
            #expect(throws: stop) {
                if byteAtATime {
                    for byte in Self.json.utf8 { try parser.feed([byte]) }
                } else {
                    try parser.feed(Self.json)
                }
                try parser.finish()
            }
            // No event after the failing one.
            #expect(parser.handler.events == Array(Self.allEvents.prefix(throwAt)))
            // The handler's error stays the parser's error.
            #expect(throws: stop) { try parser.feed("[]") }
            #expect(throws: stop) { try parser.finish() }
            #expect(parser.handler.events == Array(Self.allEvents.prefix(throwAt)))
        }
    }

    @Test("a handler error raised while finishing is rethrown by finish")
    func handlerErrorInFinish() throws {
        let parser = JSONStreamParser(handler: ThrowingHandler(throwAt: 0))
        try parser.feed("12")
        #expect(throws: HandlerStop(event: .number("12"))) { try parser.finish() }
        #expect(throws: HandlerStop(event: .number("12"))) { try parser.finish() }
    }

    @Test("the static parse rethrows the handler's error unchanged")
    func staticParse() throws {
        #expect(throws: HandlerStop(event: .str("str"))) {
            _ = try JSONStreamParser.parse(Array(Self.json.utf8), handler: ThrowingHandler(throwAt: 8))
        }
    }

    @Test("a handler error takes precedence over a later syntax error in the same chunk")
    func handlerErrorBeforeSyntaxError() throws {
        #expect(throws: HandlerStop(event: .startArray)) {
            _ = try JSONStreamParser.parse(Array("[1,]".utf8), handler: ThrowingHandler(throwAt: 0))
        }
    }
}
