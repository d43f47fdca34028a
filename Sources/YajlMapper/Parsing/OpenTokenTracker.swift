import Foundation

/// Knows, at each chunk's end, which token is still open there (a string, a number or a
/// comment) and where it starts, and can keep an open string's bytes so far.
///
/// yajl hands a string over only when its token ends, decoded; a token cut by chunks is in
/// yajl's own buffer meanwhile, out of reach. The raw bytes matter when the decoding may
/// hide a surrogate escape with no UTF-8 form (see `YajlParserEngine+Escapes.swift`), and
/// to locate the token. Where a long token starts matters because yajl reads it again with
/// every chunk (see `YajlParserEngine.feed(_:)`). So the tracker follows quotes,
/// backslashes and comments from the last point known to lie between tokens (just after a
/// container's start, noted by the engine, or the last chunk's end) to the chunk's end.
/// That is a short stretch in structured JSON, and each byte is followed at most once. It
/// keeps bytes only while a string is open: as many as yajl's buffer holds for it.
struct OpenTokenTracker {
    /// Where the input stands at the last chunk's end: in a string (from its opening quote),
    /// in a comment (from its first slash), after a slash, or between tokens.
    private var lexer = JSONLexer(from: 0)
    /// In a string: the last chunk ended with an unpaired backslash (the next byte is escaped).
    var escapePending: Bool { lexer.escapePending }
    /// The opening quote of the string token open at the last chunk's end.
    var openStart: Int? { lexer.place == .string ? lexer.tokenStart : nil }
    /// Whether the last chunk ended outside strings and comments.
    private var isOutsideStringsAndComments: Bool {
        switch lexer.place {
        case .string, .lineComment, .blockComment: false
        case .between, .slash, .word: true
        }
    }

    /// Between tokens: the number or literal read at the last chunk's end (yajl reads one
    /// byte past a number to end it, so one that ends a chunk is still open), and whether it
    /// is the first of its run of such bytes and comes just after a colon (white space
    /// apart): an object member's value.
    private(set) var word = JSONLexer.Word()
    private(set) var wordAfterColon = false
    /// The last byte of the chunks followed that is not white space (nor in a comment, with
    /// comments allowed), where it is, and the one before the run of number and literal
    /// bytes it ends (kept as comments are followed, byte by byte).
    private(set) var lastSignificant: UInt8 = 0
    private var lastSignificantAt = -1
    private var previousSignificant: UInt8 = 0
    private var beforeRun: UInt8 = 0
    private var wordStart: Int? { word.isOpen ? word.start : nil }
    /// Where the token open at the last chunk's end starts: a string, a number, a literal or
    /// a comment (yajl keeps such a token in its buffer, and reads it again with the next
    /// chunk).
    var openTokenStart: Int? {
        switch lexer.place {
        case .string: lexer.tokenStart
        case .lineComment, .blockComment: lexer.slashAt
        case .between, .slash, .word: wordStart
        }
    }

    /// Where the number or literal open at the last chunk's end starts.
    var openWordStart: Int? { isOutsideStringsAndComments ? wordStart : nil }

    /// Whether the last chunk ended outside strings and comments, and not after a slash (a
    /// quote there opens a string).
    var isOutsideStrings: Bool { lexer.isOutsideStrings }

    /// The open token's bytes, from its opening quote to the last chunk's end (when kept).
    private(set) var openBytes: [UInt8] = []
    /// Whether ``openBytes`` is kept (it was for every chunk of the open token).
    private var keptBytes = true
    /// ``openStart`` when ``openBytes`` holds the open token's bytes.
    var keptStart: Int? { keptBytes ? openStart : nil }

    /// Follows a chunk yajl has read whole, which starts at absolute offset `chunkStart`;
    /// `between` is an absolute offset known to lie between tokens (the last container's
    /// start yajl met, in this chunk or before). `keepingBytes`: keep the open token's
    /// bytes (see ``openBytes``); without, only where it starts is known.
    mutating func follow(
        _ chunk: UnsafeRawBufferPointer, at chunkStart: Int, between: Int, comments: Bool,
        keepingBytes: Bool = true
    ) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        var i = 0
        if between > chunkStart, between <= chunkStart + chunk.count {
            // A container started in this chunk: nothing before it matters.
            lexer.reset()
            i = between - chunkStart
            lastSignificant = base.load(fromByteOffset: i - 1, as: UInt8.self)
            lastSignificantAt = between - 1
            beforeRun = 0
        }
        if comments {
            followWithComments(base, from: i, count: chunk.count, chunkStart: chunkStart)
        } else {
            followQuotes(base, from: i, count: chunk.count, chunkStart: chunkStart)
            if let start = openStart, start >= chunkStart {
                // (Before this chunk's own last byte is noted: from the last chunk, or the
                // container's start, when only white space comes before the quote here.)
                var k = start - chunkStart
                while k > i, JSONLexer.isSpace(base.load(fromByteOffset: k - 1, as: UInt8.self)) { k -= 1 }
                beforeOpenQuote = k > i ? base.load(fromByteOffset: k - 1, as: UInt8.self) : lastSignificant
            }
        }
        noteWord(base, from: i, count: chunk.count, chunkStart: chunkStart, comments: comments)
        // Bytes not kept before cannot be kept from the middle of a token.
        let keeps = keepingBytes && (keptBytes || (openStart ?? chunkStart) >= chunkStart)
        keptBytes = keeps
        if keeps {
            keepOpenBytes(chunk, at: chunkStart)
        } else if openBytes.capacity > 0 {
            openBytes = []
        }
    }

    /// Without comments, only quotes and backslashes matter. Most 64-byte blocks hold no
    /// backslash: each quote there opens or closes a string, so the block's count of quotes
    /// decides, and only the last block with quotes is looked at again for where an open
    /// string starts. A block with a backslash is followed byte by byte.
    private mutating func followQuotes(_ base: UnsafeRawPointer, from start: Int, count: Int, chunkStart: Int) {
        var i = start
        // The block whose last quote opened the string still open, when that came from a count.
        var openedIn: Int?
        while i < count {
            if i &+ 64 <= count && !lexer.escapePending {
                let (quotes, backslash) = Self.quotes(in: base + i)
                if !backslash {
                    if quotes & 1 == 1 {
                        if lexer.place == .string {
                            lexer.leaveString()
                            openedIn = nil
                        } else {
                            lexer.enterString(at: -1)
                            openedIn = i
                        }
                    } else if quotes > 0, lexer.place == .string {
                        // Closed and opened again: the last quote opened it.
                        openedIn = i
                    }
                    i &+= 64
                    continue
                }
            }
            let end = min(i &+ 64, count)
            while i < end {
                let byte = base.load(fromByteOffset: i, as: UInt8.self)
                if lexer.place == .string {
                    if lexer.escaped {
                        lexer.escaped = false
                    } else if byte == 0x5C {
                        lexer.escaped = true
                    } else if byte == 0x22 {
                        lexer.leaveString()
                    }
                } else if byte == 0x22 {
                    lexer.enterString(at: chunkStart &+ i)
                    openedIn = nil
                }
                i &+= 1
            }
        }
        if let block = openedIn, lexer.place == .string {
            var k = block + 63
            while base.load(fromByteOffset: k, as: UInt8.self) != 0x22 { k -= 1 }
            lexer.tokenStart = chunkStart + k
        }
    }

    /// The number of quotes among the 64 bytes at `p`, and whether a backslash is there.
    @inline(__always)
    private static func quotes(in p: UnsafeRawPointer) -> (Int, Bool) {
        let quote = SIMD16<UInt8>(repeating: 0x22), backslash = SIMD16<UInt8>(repeating: 0x5C)
        var counts = SIMD16<UInt8>(), escapes = SIMD16<UInt8>()
        for k in 0..<4 {
            let v = p.loadUnaligned(fromByteOffset: 16 &* k, as: SIMD16<UInt8>.self)
            // A lane that matches is all ones: subtracting it adds one.
            counts &-= unsafeBitCast(v .== quote, to: SIMD16<UInt8>.self)
            escapes |= unsafeBitCast(v .== backslash, to: SIMD16<UInt8>.self)
        }
        let words = unsafeBitCast(escapes, to: SIMD2<UInt64>.self)
        // Each byte counts at most 4: the two halves add without carries, and the multiply
        // sums a word's bytes into its top byte.
        let halves = unsafeBitCast(counts, to: SIMD2<UInt64>.self)
        let count = ((halves[0] &+ halves[1]) &* 0x0101_0101_0101_0101) >> 56
        return (Int(truncatingIfNeeded: count), words[0] | words[1] != 0)
    }

    /// Between tokens at the chunk's end: reads the number or literal that ends the chunk,
    /// from the start of its run of such bytes (or on from the last chunk's, when the run
    /// fills this one).
    private mutating func noteWord(
        _ base: UnsafeRawPointer, from start: Int, count: Int, chunkStart: Int,
        comments: Bool
    ) {
        defer { if !comments { noteLastSignificant(base, from: start, count: count) } }
        guard lexer.isOutsideStrings else {
            word = JSONLexer.Word()
            return
        }
        var k = count
        while k > start, JSONLexer.isWordByte(base.load(fromByteOffset: k - 1, as: UInt8.self)) { k -= 1 }
        if k == count {
            word = JSONLexer.Word()
            return
        }
        // The run's first token may be a member's value; a token after it in the run is not.
        var firstMayFollowColon = false
        if k > start || start > 0 || !word.isOpen {
            // A fresh token at the chunk's start, glued to a literal that ended the last
            // chunk (`true` then `1`), follows that literal, not a colon.
            let gluedToLast = k == 0 && word.isReading
            word = JSONLexer.Word()
            if gluedToLast {
                wordAfterColon = false
            } else if comments {
                wordAfterColon = beforeRun == 0x3A
            } else {
                var j = k
                while j > start, JSONLexer.isSpace(base.load(fromByteOffset: j - 1, as: UInt8.self)) { j -= 1 }
                let before =
                    j > start ? base.load(fromByteOffset: j - 1, as: UInt8.self) : start > 0 ? 0 : lastSignificant
                wordAfterColon = before == 0x3A
            }
            firstMayFollowColon = true
        }
        let tokens = word.tokens
        word.read(base, from: k, to: count, at: chunkStart)
        if word.tokens - tokens > (firstMayFollowColon ? 1 : 0) { wordAfterColon = false }
    }

    /// Notes the chunk's last byte that is not white space.
    private mutating func noteLastSignificant(_ base: UnsafeRawPointer, from start: Int, count: Int) {
        var k = count
        while k > start, JSONLexer.isSpace(base.load(fromByteOffset: k - 1, as: UInt8.self)) { k -= 1 }
        if k > start {
            lastSignificant = base.load(fromByteOffset: k - 1, as: UInt8.self)
        } else if start > 0 {
            lastSignificant = 0
        }
    }

    /// With comments allowed: a byte outside strings and comments that is not white space.
    private mutating func noteSignificant(_ byte: UInt8, at offset: Int) {
        if !(JSONLexer.isWordByte(byte) && JSONLexer.isWordByte(lastSignificant) && lastSignificantAt == offset - 1) {
            beforeRun = lastSignificant
        }
        previousSignificant = lastSignificant
        lastSignificant = byte
        lastSignificantAt = offset
    }

    /// Without comments: the last byte that is not white space before the opening quote of
    /// the string open at the last chunk's end.
    private var beforeOpenQuote: UInt8 = 0

    /// The last byte that is not white space (nor in a comment) before the opening quote of
    /// the string open at the last chunk's end (`comments`: as the chunks were followed).
    func significantBeforeOpenString(comments: Bool) -> UInt8? {
        guard let start = openStart else { return nil }
        if !comments { return beforeOpenQuote }
        // With comments, the quote is the last such byte followed.
        return lastSignificantAt == start ? previousSignificant : nil
    }

    /// Quotes, backslashes and comments, through the lexer byte by byte (a comment can hold
    /// quotes), noting each significant byte; a string's plain bytes and a line comment are
    /// passed by a scan to their next quote, backslash or newline.
    private mutating func followWithComments(_ base: UnsafeRawPointer, from start: Int, count: Int, chunkStart: Int) {
        var i = start
        while i < count {
            if lexer.place == .string && !lexer.escaped {
                while i < count {
                    let byte = base.load(fromByteOffset: i, as: UInt8.self)
                    if byte == 0x22 || byte == 0x5C { break }
                    i += 1
                }
                if i == count { break }
            } else if lexer.place == .lineComment {
                guard let hit = memchr(base + i, 0x0A, count - i) else { break }
                i = base.distance(to: UnsafeRawPointer(hit))
            }
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            let significant = lexer.read(byte, at: chunkStart + i, comments: true)
            if significant.slash { noteSignificant(0x2F, at: lexer.slashAt) }
            if significant.byte { noteSignificant(byte, at: chunkStart + i) }
            i += 1
        }
    }

    /// Keeps the bytes of the token open at the chunk's end, and only those.
    private mutating func keepOpenBytes(_ chunk: UnsafeRawBufferPointer, at chunkStart: Int) {
        guard let start = openStart else {
            // A long token's buffer is given back; a short one's is kept for the next.
            if openBytes.capacity > 1 << 16 { openBytes = [] } else { openBytes.removeAll(keepingCapacity: true) }
            return
        }
        if start < chunkStart {
            // Open since an earlier chunk, and all through this one.
            openBytes.append(contentsOf: chunk)
        } else {
            openBytes.removeAll(keepingCapacity: true)
            openBytes.append(contentsOf: chunk[(start - chunkStart)...])
        }
    }
}
