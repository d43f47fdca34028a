/// The package's own lexer, for what yajl does not tell: where tokens start and end. It reads
/// bytes as yajl's lexer (`yajl_lex_lex` in yajl_lex.c) splits them into tokens (white space,
/// comments when allowed, strings with their escapes, numbers and literals through ``Word``,
/// one-byte punctuation), a chunk at a time, from any offset known to lie between tokens.
///
/// The engine follows the top-level value's surroundings with it: the white space and
/// comments before the value, a scalar value to its end, and what comes after (data after the
/// value is an error at its first byte). ``OpenTokenTracker`` and the token starts of errors
/// read numbers and literals with its ``Word``. Two scans do not go through it, each for speed
/// where every byte passes: the tracker counts quotes 64 bytes at a time (a block without a
/// backslash needs no lexing to know whether a string is open after it), and the skip scan
/// (`cyajl_skip_scan.h`) is C, run inside yajl's callbacks over yajl's own buffer, and checks
/// the grammar of what it skips besides.
struct JSONLexer {
    /// Where the bytes read so far end.
    enum Place: Equatable {
        /// Between tokens (in white space, or just after a token).
        case between
        /// Just after a `/` that may start a comment.
        case slash
        /// In a string.
        case string
        /// In a `//` comment.
        case lineComment
        /// In a `/* */` comment.
        case blockComment
        /// In a number or a literal (see ``Word``).
        case word
    }

    /// What ``follow(_:count:at:comments:until:)`` reads up to.
    enum Stop {
        /// The first byte of the first token.
        case firstToken
        /// The end of the first token (or its first byte, when it is a container's start).
        case firstTokenEnd
    }

    /// Where the bytes read so far end.
    private(set) var place = Place.between
    /// In a string: the last byte was an unpaired backslash.
    private var escaped = false
    /// In a block comment: the last byte was a `*`.
    private var star = false
    /// The number or literal being read.
    private var word = Word()
    /// Where the slash that may start a comment is.
    private var slashAt = -1
    /// How many tokens have started.
    private(set) var tokens = 0
    /// Where the first token starts.
    private var firstStart = -1
    /// Just past the first token, once it ended (a string or a word).
    private(set) var firstTokenEnd: Int?
    /// Whether the first token is one byte of punctuation (a container's start, or junk).
    private var firstIsPunctuation = false
    /// Everything before this absolute offset has been read.
    private var scannedTo: Int

    /// A lexer that starts reading at `offset`, between tokens.
    init(from offset: Int) { scannedTo = offset }

    /// The first byte of the first token, once read.
    var dataAt: Int? { tokens > 0 ? firstStart : nil }

    /// The offset of a slash the bytes read so far end with, outside comments.
    var pendingSlash: Int? { place == .slash ? slashAt : nil }

    /// Whether the bytes read so far end inside a block comment.
    var isInBlockComment: Bool { place == .blockComment }

    /// Reads the bytes of a chunk at absolute offset `chunkStart` from where the last one
    /// left off, until `stop`.
    mutating func follow(_ base: UnsafeRawPointer, count: Int, at chunkStart: Int, comments: Bool, until stop: Stop) {
        var i = max(scannedTo - chunkStart, 0)
        while i < count, !isDone(stop) {
            if place == .string && !escaped {
                // To the next quote or backslash.
                while i < count {
                    let byte = base.load(fromByteOffset: i, as: UInt8.self)
                    if byte == 0x22 || byte == 0x5C { break }
                    i += 1
                }
                if i == count { break }
            }
            read(base.load(fromByteOffset: i, as: UInt8.self), at: chunkStart + i, comments: comments)
            i += 1
        }
        scannedTo = max(scannedTo, chunkStart + i)
    }

    /// Whether the bytes read so far reach `stop`.
    private func isDone(_ stop: Stop) -> Bool {
        switch stop {
        case .firstToken: tokens > 0
        case .firstTokenEnd: firstTokenEnd != nil || firstIsPunctuation
        }
    }

    /// Reads the byte at absolute offset `offset`.
    mutating func read(_ byte: UInt8, at offset: Int, comments: Bool) {
        switch place {
        case .string:
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                place = .between
                endToken(at: offset + 1)
            }
            return
        case .lineComment:
            if byte == 0x0A { place = .between }
            return
        case .blockComment:
            if star && byte == 0x2F { place = .between }
            star = byte == 0x2A
            return
        case .slash:
            if byte == 0x2F || byte == 0x2A {
                place = byte == 0x2F ? .lineComment : .blockComment
                star = false
                return
            }
            // A slash that starts no comment is a token of its own (yajl rejects it).
            place = .between
            startToken(at: slashAt, punctuation: true)
        case .word:
            let before = word.tokens
            word.read(byte, at: offset)
            if word.isReading && word.tokens == before { return }
            endToken(at: offset)
            if word.isReading {
                // A new number or literal glued to the last (`01`, `1true`).
                startToken(at: offset, punctuation: false)
                return
            }
            place = .between
        case .between:
            break
        }
        if Self.isSpace(byte) { return }
        if byte == 0x22 {
            place = .string
            escaped = false
            startToken(at: offset, punctuation: false)
        } else if byte == 0x2F && comments {
            place = .slash
            slashAt = offset
        } else if Self.isWordByte(byte) {
            place = .word
            word = Word()
            word.read(byte, at: offset)
            startToken(at: offset, punctuation: false)
        } else {
            startToken(at: offset, punctuation: true)
        }
    }

    /// Notes a token starting at `offset`.
    private mutating func startToken(at offset: Int, punctuation: Bool) {
        if tokens == 0 {
            firstStart = offset
            firstIsPunctuation = punctuation
        }
        tokens += 1
    }

    /// Notes that the token being read ends just before `offset`.
    private mutating func endToken(at offset: Int) {
        if tokens == 1 && firstTokenEnd == nil { firstTokenEnd = offset }
    }

    /// JSON's four white-space bytes.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// A byte of a number or a literal (`-`, `+`, `.`, digits and letters).
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x2B, 0x2D, 0x2E, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }
}
