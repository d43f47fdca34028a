import Testing

@testable import YajlMapper

/// Strings much longer than the chunks they come in: yajl reads a token cut by chunks from
/// its start again at every chunk, so the engine lets chunks wait while a long string is
/// open (see `YajlParserEngine.feed(_:)`), and the tracker counts quotes a block at a time.
@Suite("Long strings in small chunks")
struct ParserLongTokenTests {
    /// `{"a": [1, 2], "blob": "<length x's, with escapes>", "b": true}` and where the blob's
    /// opening quote is.
    static func document(length: Int, escapes: Bool = false) -> (bytes: [UInt8], quote: Int) {
        var blob = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        if escapes {
            for i in stride(from: 1000, to: length - 2, by: 7919) { blob[i] = 0x5C; blob[i + 1] = 0x22 }
        }
        let head = Array(#"{"a": [1, 2], "blob": ""#.utf8)
        return (head + blob + Array(#"", "b": true}"#.utf8), head.count - 1)
    }

    static func chunks(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    @Test(
        "a 1 MB string in 1 KiB chunks is read a bounded number of times, not once per chunk",
        arguments: [false, true])
    func aLongStringIsNotReadAgainAtEveryChunk(validating: Bool) throws {
        let (bytes, _) = Self.document(length: 1 << 20)
        let engine: YajlParserEngine
        if validating {
            let parser = JSONStreamParser(handler: DiscardEvents())
            for chunk in Self.chunks(bytes, size: 1024) { try parser.feed(chunk) }
            try parser.finish()
            engine = parser.engine
        } else {
            let parser = JSONStreamParser(handler: EventRecorder())
            for chunk in Self.chunks(bytes, size: 1024) { try parser.feed(chunk) }
            try parser.finish()
            #expect(parser.handler.events == (try events(bytes)))
            engine = parser.engine
        }
        // yajl would read the token again at each of its 1,025 chunks (about 512 times its
        // length in all). Chunks wait once it is open for 64 KiB, each time until they reach a
        // quarter of its length: about 12 more calls up to 1 MB.
        #expect(engine.yajlParseCalls < 100, "\(engine.yajlParseCalls) calls")
    }

    @Test("a long number or comment in small chunks is read a bounded number of times too")
    func longNumbersAndCommentsAreNotReadAgainAtEveryChunk() throws {
        let digits = [UInt8](repeating: UInt8(ascii: "7"), count: 1 << 20)
        let cases: [([UInt8], JSONParseOptions)] = [
            (Array("[1, -".utf8) + digits + Array(".5e+3]".utf8), JSONParseOptions()),
            (Array("[1 /*".utf8) + digits + Array("*/, 2]".utf8), JSONParseOptions(allowComments: true)),
            (Array("[1, //".utf8) + digits + Array("\n 2]".utf8), JSONParseOptions(allowComments: true)),
        ]
        for (bytes, options) in cases {
            let parser = JSONStreamParser(handler: EventRecorder(), options: options)
            for chunk in Self.chunks(bytes, size: 1024) { try parser.feed(chunk) }
            try parser.finish()
            #expect(parser.handler.events == (try events(bytes, options: options)))
            #expect(parser.engine.yajlParseCalls < 100, "\(parser.engine.yajlParseCalls) calls")
        }
        // A number cut by chunks and then a bad byte: the same error as in one buffer.
        let bad = Array("[".utf8) + digits + Array("x]".utf8)
        #expect(outcome(chunks: Self.chunks(bad, size: 1000)) == outcome(bad))
    }

    @Test(
        "tokens of tens of kilobytes in chunks of a few bytes are read a bounded number of times",
        arguments: [1, 7, 100])
    func mediumTokensInTinyChunks(size: Int) throws {
        let digits = [UInt8](repeating: UInt8(ascii: "7"), count: 60_000)
        let cases: [([UInt8], JSONParseOptions)] = [
            (Array("[1, -".utf8) + digits + Array(".5]".utf8), JSONParseOptions()),
            (Array("[\"".utf8) + digits + Array("\", 2]".utf8), JSONParseOptions()),
            (Array("[1 /*".utf8) + digits + Array("*/, 2]".utf8), JSONParseOptions(allowComments: true)),
        ]
        for (bytes, options) in cases {
            let parser = JSONStreamParser(handler: EventRecorder(), options: options)
            for chunk in Self.chunks(bytes, size: size) { try parser.feed(chunk) }
            try parser.finish()
            #expect(parser.handler.events == (try events(bytes, options: options)))
            // Without waiting: one call per chunk, each reading the token so far again (60,000
            // calls and 1.8 billion bytes read for one byte at a time). Chunks wait once the
            // token is 4 KiB and 16 times a chunk: up to 4,096 calls before, a few dozen after.
            #expect(parser.engine.yajlParseCalls < 4_096 / size + 100, "\(parser.engine.yajlParseCalls) calls")
        }
    }

    @Test("data after a top-level string or number longer than 64 KiB is an error wherever the input is cut")
    func dataAfterALongTopLevelValue() {
        let long = 70_000
        let cases: [([UInt8], Int)] = [
            (Array("1".utf8) + [UInt8](repeating: 0x30, count: long) + Array(#" "a"#.utf8), long + 2),
            (Array(#"""#.utf8) + [UInt8](repeating: 0x61, count: long) + Array(#"" "a"#.utf8), long + 3),
            (Array("1".utf8) + [UInt8](repeating: 0x30, count: long) + Array("\n\n  /".utf8), long + 5),
        ]
        for (bytes, offset) in cases {
            let whole = outcome(bytes)
            #expect(whole.error?.offset == offset)
            for size in [1000, 65536] {
                #expect(outcome(chunks: Self.chunks(bytes, size: size)) == whole)
                #expect(
                    validationError(chunks: Self.chunks(bytes, size: size), options: JSONParseOptions()) == whole.error)
            }
        }
    }

    @Test("while chunks wait, they count as consumed, and the events are those of one buffer")
    func waitingChunksAreConsumedAndGiveTheSameEvents() throws {
        let (bytes, _) = Self.document(length: 300_000, escapes: true)
        let parser = JSONStreamParser(handler: EventRecorder())
        var fed = 0
        for chunk in Self.chunks(bytes, size: 4096) {
            try parser.feed(chunk)
            fed += chunk.count
            #expect(parser.bytesConsumed == fed)
        }
        try parser.finish()
        #expect(parser.handler.events == (try events(bytes)))
    }

    @Test(
        "errors in or after a long string are where one buffer puts them, at every chunk size",
        arguments: [1000, 4096, 65536])
    func errorsAfterWaitingAreLocatedAsInOneBuffer(size: Int) {
        let (bytes, quote) = Self.document(length: 400_000)
        var cases: [(String, [UInt8])] = []
        // A control character deep in the string; a bad token after it; a form feed after it;
        // the document cut inside the string; a lone surrogate escape far into it.
        var control = bytes
        control[quote + 350_000] = 0x01
        cases.append(("control character", control))
        cases.append(("bad token", Array(bytes.dropLast()) + Array(", x}".utf8)))
        cases.append(("form feed", Array(bytes.dropLast()) + [0x0C, 0x7D]))
        cases.append(("truncated", Array(bytes[..<(quote + 390_000)])))
        var surrogate = bytes
        surrogate.replaceSubrange((quote + 380_000)..<(quote + 380_006), with: Array(#"\ud800"#.utf8))
        cases.append(("lone surrogate", surrogate))
        for (name, input) in cases {
            let whole = outcome(input)
            #expect(whole.error != nil, "\(name)")
            #expect(outcome(chunks: Self.chunks(input, size: size)) == whole, "\(name)")
            #expect(
                validationError(chunks: Self.chunks(input, size: size), options: JSONParseOptions())
                    == validationError(chunks: [input], options: JSONParseOptions()), "\(name)")
        }
    }

    /// The tracker's state after each chunk against a byte-by-byte reference, on quotes,
    /// backslashes and letters in runs long enough to fill whole 64-byte blocks with and
    /// without backslashes, cut at many sizes.
    @Test("counting quotes a block at a time finds the same open strings as following each byte")
    func blockCountingMatchesAByteByByteReference() {
        var random = TestRandom(state: 7)
        for _ in 0..<300 {
            var text: [UInt8] = []
            while text.count < 2000 {
                switch random.next() % 6 {
                case 0: text.append(0x22)
                case 1: text.append(0x5C)
                case 2: text += Array(repeating: 0x5C, count: Int(random.next() % 4) + 1)
                default: text += Array(repeating: UInt8(ascii: "a"), count: Int(random.next() % 150))
                }
            }
            for size in [1, 63, 64, 65, 100, 128, 700] {
                var tracker = OpenTokenTracker()
                var reference = Reference()
                for from in stride(from: 0, to: text.count, by: size) {
                    let end = min(from + size, text.count)
                    text[from..<end].withUnsafeBytes { tracker.follow($0, at: from, between: 0, comments: false) }
                    for i in from..<end { reference.step(text[i], at: i) }
                    #expect(
                        tracker.openStart == reference.start && tracker.escapePending == reference.escape,
                        "size \(size), after \(end) bytes")
                    let kept = reference.start.map { Array(text[$0..<end]) } ?? []
                    #expect(tracker.openBytes == kept, "size \(size), after \(end) bytes")
                }
            }
        }
    }

    /// Quotes open and close strings; a backslash in a string escapes the next byte.
    struct Reference {
        var start: Int?
        var escape = false

        mutating func step(_ byte: UInt8, at offset: Int) {
            guard start != nil else {
                if byte == 0x22 { start = offset }
                return
            }
            if escape {
                escape = false
            } else if byte == 0x5C {
                escape = true
            } else if byte == 0x22 {
                start = nil
            }
        }
    }
}
