#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    private enum Place: Equatable {
        case between
        /// In a string token that starts at this absolute offset (its opening quote).
        case string(start: Int)
        /// In a comment that starts at this absolute offset (its first slash).
        case lineComment(start: Int)
        case blockComment(start: Int)
    }

    /// Where the input stands at the last chunk's end.
    private var place = Place.between
    /// In a string: the last chunk ended with an unpaired backslash (the next byte is escaped).
    private(set) var escapePending = false
    /// Between tokens: the last chunk ended with a `/` (a comment may start).
    private var slashPending = false
    /// In a block comment: the last chunk ended with a `*` (the comment may end).
    private var starPending = false
    /// The opening quote of the string token open at the last chunk's end.
    var openStart: Int? {
        if case .string(let start) = place { return start }
        return nil
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
        switch place {
        case .string(let start), .lineComment(let start), .blockComment(let start): start
        case .between: wordStart
        }
    }

    /// Where the number or literal open at the last chunk's end starts.
    var openWordStart: Int? { place == .between ? wordStart : nil }

    /// Whether the last chunk ended outside strings and comments, and not after a slash (a
    /// quote there opens a string).
    var isOutsideStrings: Bool { place == .between && !slashPending }

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
            place = .between
            escapePending = false
            slashPending = false
            starPending = false
            i = between - chunkStart
            lastSignificant = base.load(fromByteOffset: i - 1, as: UInt8.self)
            lastSignificantAt = between - 1
            beforeRun = 0
        }
        if comments {
            followWithComments(base, from: i, count: chunk.count, chunkStart: chunkStart)
        } else {
            followQuotes(base, from: i, count: chunk.count, chunkStart: chunkStart)
            if case .string(let start) = place, start >= chunkStart {
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
            if i &+ 64 <= count && !escapePending {
                let (quotes, backslash) = Self.quotes(in: base + i)
                if !backslash {
                    if quotes & 1 == 1 {
                        if case .string = place {
                            place = .between
                            openedIn = nil
                        } else {
                            place = .string(start: -1)
                            openedIn = i
                        }
                    } else if quotes > 0, case .string = place {
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
                if case .string = place {
                    if escapePending {
                        escapePending = false
                    } else if byte == 0x5C {
                        escapePending = true
                    } else if byte == 0x22 {
                        place = .between
                    }
                } else if byte == 0x22 {
                    place = .string(start: chunkStart &+ i)
                    openedIn = nil
                }
                i &+= 1
            }
        }
        if let block = openedIn, case .string = place {
            var k = block + 63
            while base.load(fromByteOffset: k, as: UInt8.self) != 0x22 { k -= 1 }
            place = .string(start: chunkStart + k)
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
        guard place == .between, !slashPending else {
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
        guard case .string(let start) = place else { return nil }
        if !comments { return beforeOpenQuote }
        // With comments, the quote is the last such byte followed.
        return lastSignificantAt == start ? previousSignificant : nil
    }

    /// Quotes, backslashes and comments, byte by byte (a comment can hold quotes).
    private mutating func followWithComments(_ base: UnsafeRawPointer, from start: Int, count: Int, chunkStart: Int) {
        var i = start
        func byte(_ k: Int) -> UInt8 { base.load(fromByteOffset: k, as: UInt8.self) }
        while i < count {
            switch place {
            case .between:
                if slashPending {
                    slashPending = false
                    if byte(i) == 0x2F { place = .lineComment(start: chunkStart + i - 1); i += 1; continue }
                    if byte(i) == 0x2A { place = .blockComment(start: chunkStart + i - 1); i += 1; continue }
                    noteSignificant(0x2F, at: chunkStart + i - 1)
                }
                let b = byte(i)
                i += 1
                if b == 0x22 {
                    place = .string(start: chunkStart + i - 1)
                    noteSignificant(b, at: chunkStart + i - 1)
                } else if b == 0x2F {
                    slashPending = true
                } else if !JSONLexer.isSpace(b) {
                    noteSignificant(b, at: chunkStart + i - 1)
                }
            case .string:
                if escapePending {
                    escapePending = false
                    i += 1
                    continue
                }
                // To the next quote; it is escaped after an odd number of backslashes (the
                // byte at `i` is not escaped, so the count stops there).
                guard let hit = memchr(base + i, 0x22, count - i) else {
                    escapePending = Self.backslashes(before: count, downTo: i, base) % 2 == 1
                    i = count
                    continue
                }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if Self.backslashes(before: at, downTo: i, base) % 2 == 0 {
                    place = .between
                    noteSignificant(0x22, at: chunkStart + at)
                }
                i = at + 1
            case .lineComment:
                guard let hit = memchr(base + i, 0x0A, count - i) else { i = count; continue }
                i = base.distance(to: UnsafeRawPointer(hit)) + 1
                place = .between
            case .blockComment:
                let b = byte(i)
                i += 1
                if starPending && b == 0x2F {
                    place = .between
                    starPending = false
                } else {
                    starPending = b == 0x2A
                }
            }
        }
    }

    /// How many backslashes come just before index `end`, looking no further back than `start`.
    private static func backslashes(before end: Int, downTo start: Int, _ base: UnsafeRawPointer) -> Int {
        var k = end
        while k > start, base.load(fromByteOffset: k - 1, as: UInt8.self) == 0x5C { k -= 1 }
        return end - k
    }

    /// Keeps the bytes of the token open at the chunk's end, and only those.
    private mutating func keepOpenBytes(_ chunk: UnsafeRawBufferPointer, at chunkStart: Int) {
        guard case .string(let start) = place else {
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
