import Testing

@testable import YajlMapper

@Suite("Parser numbers")
struct ParserNumberTests {
    static let validNumbers = [
        "0", "-0", "1", "-1", "7", "10", "2147483648", "-2147483649",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616",
        "123456789012345678901234567890", "-123456789012345678901234567890",
        "1E400", "-1E400", "1e-400", "1e+400", "1.5E+308", "4.9e-324", "2.2250738585072014e-308",
        "1.7976931348623157e308", "1.7976931348623157e309",
        "0.0", "-0.0", "-0.0e-0", "0e0", "0E+0", "1.0", "2.5e3", "2.5E-3", "-12.5e3",
        "0.00000000000000000000000000000000000001",
        "3.141592653589793238462643383279502884197169399375105820974944592307816406286",
        "100000000000000000000000000000000000000000000000000000000000000000000000000000e-1000",
    ]

    @Test("a number arrives as its exact text, at top level", arguments: validNumbers)
    func topLevel(text: String) throws {
        #expect(try events(text) == [.number(text)])
        #expect(try events(" \(text)\n") == [.number(text)])
    }

    @Test("a number arrives as its exact text, in arrays and objects", arguments: validNumbers)
    func nested(text: String) throws {
        #expect(try events("[\(text),\(text)]") == [.startArray, .number(text), .number(text), .endArray])
        #expect(try events("{\"n\":\(text)}") == [.startObject, .key("n"), .number(text), .endObject])
    }

    @Test(
        "malformed numbers are rejected",
        arguments: [
            "01", "-01", "00", "1.", "-1.", ".1", "-.1", "+1", "1e", "1E+", "1e-", "-", "--1", "1.e1", "1.5.2",
            "0x1F", "1_000", "1,000.0x", "Infinity", "-Infinity", "NaN", "1e1.5", "1ee5", "- 1", "2.", "0.e1",
            "\u{661}", "１",
        ])
    func malformed(text: String) throws {
        let error = try #require(parseError("[\(text)]"))
        #expect(error.kind == .syntax)
        #expect(!validates(Array("[\(text)]".utf8)))
    }

    @Test(
        "where a malformed number is reported",
        arguments: [
            ("[1.x]", 3, "malformed number, a digit is required after the decimal point"),
            ("[-x]", 2, "malformed number, a digit is required after the minus sign"),
            ("[1e]", 3, "malformed number, a digit is required after the exponent"),
            ("[1E+,2]", 4, "malformed number, a digit is required after the exponent"),
            ("[01]", 2, "after array element, I expect ',' or ']'"),
            ("[+1]", 1, "unexpected character '+'"),
        ])
    func malformedLocation(json: String, offset: Int, message: String) throws {
        let error = try #require(parseError(json))
        #expect(error.offset == offset)
        #expect(error.message == message)
    }

    @Test("a top-level number cut short by the end of input is truncated", arguments: ["-", "1.", "1e", "1e+", "-0."])
    func truncatedNumber(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.kind == .truncated)
        #expect(error.offset == text.utf8.count)
    }
}

@Suite("Parser strings and escapes")
struct ParserStringTests {
    @Test(
        "every escape form",
        arguments: [
            (#"\""#, [UInt8(0x22)]), (#"\\"#, [0x5C]), (#"\/"#, [0x2F]),
            (#"\b"#, [0x08]), (#"\f"#, [0x0C]), (#"\n"#, [0x0A]), (#"\r"#, [0x0D]), (#"\t"#, [0x09]),
            (#"\u0041"#, [0x41]), (#"\u00e9"#, [0xC3, 0xA9]), (#"\u00E9"#, [0xC3, 0xA9]),
            (#"\u20AC"#, [0xE2, 0x82, 0xAC]), (#"\uFFFF"#, [0xEF, 0xBF, 0xBF]), (#"\u001f"#, [0x1F]),
            (#"\ud83d\ude00"#, [0xF0, 0x9F, 0x98, 0x80]), (#"\uD834\uDD1E"#, [0xF0, 0x9D, 0x84, 0x9E]),
            (#"\uDBFF\uDFFF"#, [0xF4, 0x8F, 0xBF, 0xBF]),
            (#"\u0000"#, [0x00]),
            (#"a\"b\\c\/d\be\ff\ng\rh\ti"#, Array("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti".utf8)),
        ])
    func escape(escaped: String, expected: [UInt8]) throws {
        #expect(try events("[\"\(escaped)\"]") == [.startArray, .string(expected), .endArray])
        #expect(
            try events("{\"\(escaped)\":\"x\(escaped)y\"}")
                == [.startObject, .key(expected), .string([0x78] + expected + [0x79]), .endObject])
    }

    @Test("\\u0000 gives a string holding a NUL, never cut short")
    func embeddedNUL() throws {
        #expect(
            try events(#"["a\u0000b", "\u0000"]"#) == [.startArray, .string([0x61, 0, 0x62]), .string([0]), .endArray])
        #expect(try events(#"{"k\u0000":0}"#) == [.startObject, .key([0x6B, 0]), .number("0"), .endObject])
    }

    @Test("raw multibyte UTF-8 is passed through")
    func rawUTF8() throws {
        #expect(try events("[\"é€😀\", \"日本語\"]") == [.startArray, .str("é€😀"), .str("日本語"), .endArray])
        #expect(try events("{\"ключ\":\"значение\"}") == [.startObject, .key("ключ"), .str("значение"), .endObject])
    }

    /// Surrogate escapes with no UTF-8 form. yajl itself turns a lone high surrogate into
    /// "?", combines one with any `\u` escape after it, and encodes a lone low one as bytes
    /// that are not UTF-8: a handler gets an error at the escape instead. The validator,
    /// which reads no string, accepts them (RFC 8259 allows them in the text).
    @Test(
        "lone and mismatched surrogate escapes are an error where the string is read",
        arguments: [
            (#"\ud800"#, 0, "high"),
            (#"ab\ud800cd"#, 2, "high"),
            (#"\uD83D"#, 0, "high"),
            (#"\udc00"#, 0, "low"),
            (#"\ude00\ud83d"#, 0, "low"),
            (#"\ud83d\ude00\ud800\u0041"#, 12, "high"), // a pair, then a high one before a non-surrogate
            (#"x\\\udc00"#, 3, "low"), // an escaped backslash, then the escape
        ])
    func loneSurrogate(escaped: String, at index: Int, which: String) throws {
        let text = "[\"\(escaped)\"]"
        let bytes = Array(text.utf8)
        let error = try #require(parseError(text))
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == 2 + index, "at the backslash of the escape")
        #expect(error.message.hasPrefix("lone UTF-16 surrogate escape"))
        #expect(error.message.contains("a \(which) surrogate"))
        #expect(validates(bytes))
        // The same in a key, and split anywhere.
        #expect(parseError("{\"\(escaped)\": 1}")?.offset == 2 + index)
        for i in 1..<bytes.count {
            #expect(
                outcome(chunks: [Array(bytes[..<i]), Array(bytes[i...])]).error?.offset == 2 + index, "split at \(i)")
        }
        #expect(throws: JSONParseError.self) { try JSON(parsing: bytes) }
    }

    /// A string token cut by chunks far from its opening quote: the escape is still found,
    /// whatever the chunk size, as in one buffer. Quotes in comments and escaped quotes and
    /// backslashes before it do not mislead the search for the token's start.
    @Test(
        "a lone surrogate escape far into a string cut by chunks is an error at the escape",
        arguments: [
            (JSONParseOptions(), #"{"k": "x", "s": ""#),
            (JSONParseOptions(allowComments: true), "/* \" */ {\"k\": \"x\\\"\\\\\", // \"\n \"s\": \""),
        ])
    func loneSurrogateFarIntoACutString(options: JSONParseOptions, prefix: String) throws {
        let filler = String(repeating: #"ab\"\\"#, count: 60)
        let text = prefix + filler + #"\ud800"# + filler + #""}"#
        let bytes = Array(text.utf8)
        let at = prefix.utf8.count + filler.utf8.count
        let whole = try #require(parseError(bytes, options: options))
        #expect(whole.offset == at)
        #expect(
            whole.excerpt.hasPrefix(#"\"#) && whole.excerpt.hasSuffix("\n" + String(repeating: " ", count: 40) + "^"))
        for size in [1, 2, 7, 16, 64, 65, 100, 250] {
            let chunks = stride(from: 0, to: bytes.count, by: size).map {
                Array(bytes[$0..<min($0 + size, bytes.count)])
            }
            let parser = JSONStreamParser(handler: EventRecorder(), options: options)
            let error = #expect(throws: JSONParseError.self) {
                for chunk in chunks { try parser.feed(chunk) }
                try parser.finish()
            }
            #expect(error?.offset == at, "chunks of \(size)")
            #expect(error?.message.hasPrefix(#"lone UTF-16 surrogate escape \ud800"#) == true, "chunks of \(size)")
            // The string's bytes are kept while it is open: the excerpt is the same as in one buffer.
            #expect(error?.excerpt == whole.excerpt, "chunks of \(size)")
        }
        // Without the escape, every chunking reads the same string.
        let clean = Array((prefix + filler + #""}"#).utf8)
        let expected = try events(clean, options: options)
        for size in [1, 3, 64] {
            let chunks = stride(from: 0, to: clean.count, by: size).map {
                Array(clean[$0..<min($0 + size, clean.count)])
            }
            #expect(outcome(chunks: chunks, options: options) == .accepted(expected), "chunks of \(size)")
        }
    }

    @Test("paired surrogate escapes, and text that only looks like an escape, are read")
    func pairedSurrogates() throws {
        #expect(try events(#"["\ud83d\ude00", "\uD834\uDD1E"]"#) == [.startArray, .str("😀"), .str("𝄞"), .endArray])
        #expect(try events(#"["\\ud800"]"#) == [.startArray, .str(#"\ud800"#), .endArray])
    }

    @Test(
        "invalid escapes and raw control characters are rejected, at the bad byte",
        arguments: [
            (#"["\x"]"#, 3, "inside a string, '\\' occurs before a character which it may not"),
            (#"["ab\'"]"#, 5, "inside a string, '\\' occurs before a character which it may not"),
            (#"["\U0041"]"#, 3, "inside a string, '\\' occurs before a character which it may not"),
            (#"["\u12x4"]"#, 6, "invalid (non-hex) character occurs after '\\u' inside string"),
            (#"["\u"]"#, 4, "invalid (non-hex) character occurs after '\\u' inside string"),
            ("[\"a\tb\"]", 3, "invalid character inside string"),
            ("[\"a\nb\"]", 3, "invalid character inside string"),
            ("[\"\u{1}\"]", 2, "invalid character inside string"),
            ("{\"k\u{1F}\":1}", 3, "invalid character inside string"),
            ("['a']", 1, #"unexpected character "'" (JSON strings take double quotes)"#),
        ])
    func invalidString(json: String, offset: Int, message: String) throws {
        let error = try #require(parseError(json))
        #expect(error.kind == .syntax)
        #expect(error.offset == offset)
        #expect(error.message == message)
        #expect(!validates(Array(json.utf8)))
    }
}

/// What the parser says of each byte that yajl takes for white space but JSON does not.
let nonJSONSpaces: [(byte: String, message: String)] = [
    ("\u{C}", "form feed (U+000C) is not allowed in JSON"),
    ("\u{B}", "vertical tab (U+000B) is not allowed in JSON"),
]

@Suite("Parser form feed and vertical tab")
struct ParserFormFeedTests {
    /// The cases are written with a form feed; each runs with every byte of `nonJSONSpaces`.
    @Test(
        "form feed and vertical tab are rejected anywhere, at their offset",
        arguments: [
            ("\u{C}[1]", 0, 1, 1), ("[\u{C}1]", 1, 1, 2), ("[1,\u{C}2]", 3, 1, 4), ("[1\u{C},2]", 2, 1, 3),
            ("[\"a\u{C}\"]", 3, 1, 4), ("{\"k\u{C}\":1}", 3, 1, 4), ("{\"k\":\u{C}1}", 5, 1, 6),
            ("[1]\u{C}", 3, 1, 4), ("[1] \u{C}\n", 4, 1, 5), ("[\n1,\u{C}2]", 4, 2, 3), ("\u{C}", 0, 1, 1),
            ("12\u{C}", 2, 1, 3),
        ], [0, 1])
    func rejected(json: (String, Int, Int, Int), space: Int) throws {
        let (template, offset, line, column) = json
        let (byte, message) = nonJSONSpaces[space]
        let bytes = Array(String(template.map { $0 == "\u{C}" ? Character(byte) : $0 }).utf8)
        let error = try #require(parseError(bytes))
        #expect(error.kind == .invalidCharacter)
        #expect(error.message == message)
        #expect(error.offset == offset)
        #expect((error.line, error.column) == (line, column))
        #expect(!validates(bytes))
        // Also with every option that widens what is accepted.
        let lenient = JSONParseOptions(allowComments: true, allowMultipleValues: true, validateUTF8: false)
        #expect(parseError(bytes, options: lenient).map(ErrorSummary.init) == ErrorSummary(error))
    }

    @Test("form feed inside a comment is rejected too")
    func inComment() throws {
        let error = try #require(parseError("[1 /* \u{C} */]", options: JSONParseOptions(allowComments: true)))
        #expect(error.kind == .invalidCharacter)
        #expect(error.offset == 6)
    }

    @Test(
        "of a vertical tab and a form feed, the first one is reported",
        arguments: [
            ("[1,\u{B}2,\u{C}3]", 3, "vertical tab (U+000B) is not allowed in JSON"),
            ("[1,\u{C}2,\u{B}3]", 3, "form feed (U+000C) is not allowed in JSON"),
        ])
    func firstOfBoth(json: String, offset: Int, message: String) throws {
        let error = try #require(parseError(Array(json.utf8)))
        #expect(error.offset == offset)
        #expect(error.message == message)
    }

    @Test("the JSON white space bytes are accepted between tokens")
    func jsonSpaces() throws {
        #expect(try events("[ \t\r\n1\n\t ,\r2 ]") == [.startArray, .number("1"), .number("2"), .endArray])
    }

    @Test("events before the form feed are delivered, none after")
    func eventsBefore() throws {
        #expect(
            outcome("[true,\"s\",\u{C}null]")
                == .rejected(
                    ErrorSummary(
                        JSONParseError(
                            kind: .invalidCharacter, message: "form feed (U+000C) is not allowed in JSON",
                            offset: 10, line: 1, column: 11)),
                    [.startArray, .bool(true), .str("s")]))
    }

    @Test("a form feed in a later chunk is found at its absolute offset")
    func laterChunk() throws {
        let parser = JSONStreamParser(handler: EventRecorder())
        try parser.feed("[1,\n")
        try parser.feed("2,")
        let error = #expect(throws: JSONParseError.self) { try parser.feed("3\u{C}]") }
        #expect(error?.kind == .invalidCharacter)
        #expect(error?.offset == 7)
        #expect(error?.line == 2)
        #expect(error?.column == 4)
    }

    @Test("the \\f escape is fine: only the raw byte is rejected")
    func escapedFormFeed() throws {
        #expect(try events(#"["\f"]"#) == [.startArray, .string([0x0C]), .endArray])
    }
}
