import Testing

@testable import YajlMapper

@Suite("Parser chunk-split invariance")
struct ParserChunkingTests {
    static let validCases: [ChunkCase] = [
        ChunkCase("escapes", #"{"esc":"q\"b\\s\/b\bf\fn\nr\rt\tu\u00e9\u20AC\ud83d\ude00\u0000end","k\"ey":"v"}"#),
        ChunkCase("multibyte UTF-8", "[\"é\", \"€uro\", \"😀😀\", {\"日本\": \"語\"}, \"\u{10FFFF}\"]"),
        ChunkCase("numbers", "[0,-0,12,-34.5e+6,7E-8,123456789012345678901234567890,1e400,-1e-400, 9.75 ,0.0]"),
        ChunkCase("nested", #"{"a":[{"b":[[],{}]},{"c":{"d":[null,true,false]}}],"e":{"f":{"g":{}}}}"#),
        ChunkCase("literals and white space", " \r\n\t[ true ,\r\n false , null ]\n "),
        ChunkCase("top-level number", "-12345.6789e-10"),
        ChunkCase("top-level string", #""a\u00e9b😀""#),
        ChunkCase("multi-line object", "{\r\n  \"name\": \"x\",\r\n  \"list\": [\r\n    1,\r\n    2\r\n  ]\r\n}\r\n"),
        ChunkCase(
            "comments", "/* a */ [1, // b\n 2 /* c * / */, \"/* not */\"] // end\n",
            options: JSONParseOptions(allowComments: true)),
        ChunkCase(
            "JSON Lines", "{\"a\":1}\n{\"a\":22}\n[333]\n4444\n\"s\"\n",
            options: JSONParseOptions(allowMultipleValues: true)),
        ChunkCase("concatenated numbers", "1 22 333 -4.5e6", options: JSONParseOptions(allowMultipleValues: true)),
        ChunkCase(
            "invalid UTF-8, not validated", bytes: [0x5B, 0x22, 0xFF, 0xC3, 0x22, 0x2C, 0x22, 0xE2, 0x82, 0x22, 0x5D],
            options: JSONParseOptions(validateUTF8: false)),
        ChunkCase("depth at the limit", "[[[{\"a\":[]}]]]", options: JSONParseOptions(maxDepth: 5)),
    ]

    static let invalidCases: [ChunkCase] = [
        ChunkCase("trailing comma", "[1,2,]"),
        ChunkCase("missing colon on line 2", "{\"a\":1,\n \"b\" 2}"),
        ChunkCase("CRLF, bad token on line 4", "\r\n[1,\r\n2,\r\n}"),
        ChunkCase("truncated array", "[1,2"),
        ChunkCase("truncated string", "[\"abc"),
        ChunkCase("truncated literal", "[tru"),
        ChunkCase("truncated escape", "[\"ab\\u00"),
        ChunkCase("truncated UTF-8", bytes: [0x5B, 0x22, 0x61, 0xE2, 0x82]),
        ChunkCase("empty", ""),
        ChunkCase("blank", " \n "),
        ChunkCase("bad literal", "[true, nul]"),
        ChunkCase("bad literal 2", "[falsey]"),
        ChunkCase("malformed number", "[1.x]"),
        ChunkCase("malformed exponent", "[12.5e+]"),
        ChunkCase("minus alone", "{\"n\": -}"),
        ChunkCase("bad hex escape", "[\"ab\\u12x4\"]"),
        ChunkCase("bad escape", "[\"ab\\x\"]"),
        ChunkCase("control character in string", "[\"a\nb\"]"),
        ChunkCase("invalid UTF-8", bytes: [0x5B, 0x22, 0x61, 0xC3, 0x41, 0x22, 0x5D]),
        ChunkCase("invalid UTF-8 in key", bytes: [0x7B, 0x22, 0xE2, 0x82, 0x22, 0x3A, 0x31, 0x7D]),
        ChunkCase("form feed", "[1,\n \"x\",\u{C} 2]"),
        ChunkCase("form feed in string", "[\"ab\u{C}cd\"]"),
        ChunkCase("a character cut by a form feed", bytes: [0x5B, 0x22, 0xF0, 0x0C, 0x22, 0x5D]),
        ChunkCase("a character cut by a vertical tab", bytes: [0x5B, 0x22, 0xE6, 0x97, 0x0B, 0x22, 0x5D]),
        ChunkCase("vertical tab", "[1,\n \"x\",\u{B} 2]"),
        ChunkCase("trailing garbage", "{\"k\":\"v\"} x"),
        ChunkCase("value after a map value (known yajl limitation when split in the token)", "{\"a\":\"a\"\n 123}"),
        ChunkCase("second value", "[1]\n[2]"),
        ChunkCase("data a line below the value", "{}\n/"),
        ChunkCase("a number after the value", "{\"k\": 1} 123"),
        ChunkCase("a string after a string", "\"a\"  \"b c\""),
        ChunkCase("comment not allowed", "[1, /* c */ 2]"),
        ChunkCase("too deep", "[{\"a\":[{\"b\":[1]}]}]", options: JSONParseOptions(maxDepth: 3)),
        ChunkCase("too deep on line 3", "[\n [\n  [\n   []]]]", options: JSONParseOptions(maxDepth: 3)),
        ChunkCase(
            "bad value in JSON Lines", "{\"a\":1}\n{\"a\":}\n", options: JSONParseOptions(allowMultipleValues: true)),
        ChunkCase("unterminated comment", "[1 /* open", options: JSONParseOptions(allowComments: true)),
        ChunkCase("long line", "[" + String(repeating: "\"abcdefghij\",", count: 12) + "]"),
    ]

    @Test(
        "valid documents: every two-chunk split and byte-at-a-time give the one-call events",
        arguments: validCases)
    func validSplits(doc: ChunkCase) throws {
        let whole = outcome(doc.bytes, options: doc.options)
        #expect(whole.isAccepted, "\(whole)")
        try checkSplits(doc, whole: whole)
    }

    @Test(
        "invalid documents: every split gives the same error kind, message, offset, line and column",
        arguments: invalidCases)
    func invalidSplits(doc: ChunkCase) throws {
        let whole = outcome(doc.bytes, options: doc.options)
        #expect(!whole.isAccepted, "\(whole)")
        try checkSplits(doc, whole: whole)
    }

    @Test(
        "three chunks at every pair of split points",
        arguments: [
            ChunkCase("escapes", #"["\u00e9\ud83d\ude00x\n", -1.5e3]"#),
            ChunkCase("multibyte", "{\"é\":\"😀\"}"),
            ChunkCase("bad", "[\"é\", 1.e]"),
        ])
    func threeChunks(doc: ChunkCase) {
        let whole = outcome(doc.bytes, options: doc.options)
        let n = doc.bytes.count
        for i in 0...n {
            for j in i...n {
                let chunks = [Array(doc.bytes[..<i]), Array(doc.bytes[i..<j]), Array(doc.bytes[j...])]
                let split = outcome(chunks: chunks, options: doc.options)
                if split != whole {
                    recordDivergence(split, whole, "split at \(i), \(j)")
                    return
                }
            }
        }
    }

    private func checkSplits(_ doc: ChunkCase, whole: ParseOutcome) throws {
        let bytes = doc.bytes
        let wholeValidation = validationError(chunks: [bytes], options: doc.options)
        #expect(wholeValidation == whole.error, "validation differs from event parse")
        var failures = 0
        for i in 0...bytes.count {
            let chunks = [Array(bytes[..<i]), Array(bytes[i...])]
            let split = outcome(chunks: chunks, options: doc.options)
            if split != whole {
                failures += 1
                if failures <= 3 { recordDivergence(split, whole, "split at \(i)") }
            }
            let validation = validationError(chunks: chunks, options: doc.options)
            if validation != split.error {
                failures += 1
                if failures <= 3 { Issue.record("validation split at \(i): \(String(describing: validation))") }
            }
        }
        let bytewise = bytes.map { [$0] }
        let bytewiseOutcome = outcome(chunks: bytewise, options: doc.options)
        if bytewiseOutcome != whole { recordDivergence(bytewiseOutcome, whole, "byte at a time") }
        #expect(
            validationError(chunks: bytewise, options: doc.options) == bytewiseOutcome.error,
            "byte at a time, validating")
        #expect(failures == 0)
    }

    @Test("an error's excerpt has a caret even when the input came in single bytes")
    func excerptWhenChunked() throws {
        let bytes = Array("{\"a\":1,\n \"b\" 2}".utf8)
        let parser = JSONStreamParser(handler: EventRecorder())
        let error = #expect(throws: JSONParseError.self) {
            for byte in bytes { try parser.feed([byte]) }
            try parser.finish()
        }
        let excerpt = try #require(error?.excerpt)
        #expect(excerpt.hasPrefix(" \"b\" 2"))
        #expect(excerpt.hasSuffix("\n     ^"))
    }
}

@Suite("Parser truncation")
struct ParserTruncationTests {
    static let githubRepository = """
        {
          "id": 1296269,
          "name": "Hello-World",
          "full_name": "octocat/Hello-World",
          "owner": {"login": "octocat", "id": 1, "site_admin": false, "score": -1.5e-3},
          "description": "This your first repo! \\u00e9 \\ud83d\\ude00 ✓ 😀",
          "topics": ["api", "b\\n\\"c\\""],
          "license": null,
          "private": true,
          "stars": 80,
          "forks": []
        }

        """

    static let cases: [TruncationCase] = [
        TruncationCase(
            name: "GitHub repository", text: githubRepository,
            completePrefixes: [githubRepository.utf8.count - 1]),
        TruncationCase(
            name: "array of everything with CRLF",
            text: "[1, -2.5e+3, true, false, null, \"\\ud83d\\ude00é\", {\"k\": [{}]}]\r\n",
            completePrefixes: [62, 63]),
        TruncationCase(
            name: "top-level number", text: "-12.5e30",
            completePrefixes: [2, 3, 5, 7]),
        TruncationCase(
            name: "top-level number with trailing space", text: "123 ",
            completePrefixes: [1, 2, 3]),
        TruncationCase(name: "top-level string", text: "\"a\\u00e9😀\\n\"", completePrefixes: []),
        TruncationCase(name: "top-level literal", text: "false", completePrefixes: []),
        TruncationCase(
            name: "JSON Lines", text: "{\"a\":1}\n[2]\n",
            completePrefixes: [0, 7, 8, 11], options: JSONParseOptions(allowMultipleValues: true)),
        // Not ending in a comment: see ParserOptionTests.commentAfterValueCutShort.
        TruncationCase(
            name: "comments", text: "/* c */ {\"a\": /* d */ 1} \n",
            completePrefixes: [24, 25], options: JSONParseOptions(allowComments: true)),
    ]

    @Test(
        "every prefix either is a complete document or throws a truncation error at its end",
        arguments: cases)
    func everyPrefix(doc: TruncationCase) throws {
        let bytes = Array(doc.text.utf8)
        #expect(outcome(bytes, options: doc.options).isAccepted)
        #expect(doc.completePrefixes.allSatisfy { $0 < bytes.count })
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let result = outcome(prefix, options: doc.options)
            let validating = validationError(chunks: [prefix], options: doc.options)
            #expect(result.error == validating, "prefix \(length): validation differs")
            if doc.completePrefixes.contains(length) {
                #expect(result.isAccepted, "prefix \(length) should be complete: \(result)")
                continue
            }
            guard let error = result.error else {
                Issue.record("prefix \(length) was accepted: \(result)")
                continue
            }
            #expect(error.kind == .truncated, "prefix \(length): \(error)")
            #expect(error.offset == length, "prefix \(length): \(error)")
            let lines = prefix.split(separator: 0x0A, omittingEmptySubsequences: false)
            #expect(error.line == lines.count, "prefix \(length): \(error)")
            #expect(error.column == lines.last!.count + 1, "prefix \(length): \(error)")
        }
    }

    @Test("a complete top-level number prefix gives that number")
    func numberPrefixes() throws {
        #expect(try events("-1") == [.number("-1")])
        #expect(try events("-12.5") == [.number("-12.5")])
        #expect(try events("-12.5e3") == [.number("-12.5e3")])
    }

    @Test("truncation fed in chunks gives the same error as in one call")
    func truncatedChunks() throws {
        let bytes = Array(Self.githubRepository.utf8)
        for length in stride(from: 0, to: bytes.count, by: 13) {
            let prefix = Array(bytes[..<length])
            #expect(outcome(chunks: prefix.map { [$0] }) == outcome(prefix), "prefix \(length)")
        }
    }
}
