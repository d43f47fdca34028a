/// The package's own lexer, for what yajl does not tell: where tokens start and end. It reads
/// bytes as yajl's lexer (`yajl_lex_lex` in yajl_lex.c) splits them into tokens (white space,
/// comments when allowed, strings with their escapes, numbers and literals through ``Word``,
/// one-byte punctuation), a chunk at a time, from any offset known to lie between tokens.
///
/// Its users, all in `Parsing/`:
/// - the engine follows the top-level value's surroundings with it: the white space and
///   comments before the value, a scalar value to its end, and what comes after (data after
///   the value is an error at its first byte; `YajlParserEngine+TrailingData.swift`);
/// - ``OpenTokenTracker`` keeps one as its state across chunks (the token open at a chunk's
///   end), reading through it byte by byte where comments are allowed. Without comments it
///   passes 64-byte blocks that hold no backslash by counting their quotes (a block's quote
///   count says whether a string is open after it; no token needs lexing there), and tells
///   the lexer the result;
/// - the token starts of errors (`YajlParserEngine+TokenStart.swift`) read numbers and
///   literals with its ``Word``, from the start of their run of bytes: they look back from a
///   token's end, the one place yajl reports.
///
/// The skip scan (`cyajl_skip_scan.h`) is apart: it is C, runs inside yajl's callbacks over
/// yajl's own buffer with SIMD, and checks the grammar of everything it passes, which a lexer
/// does not.
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
    /// In a string: the last byte was an unpaired backslash (set by a reader that passed the
    /// string's bytes, see below).
    var escaped = false
    /// In a block comment: the last byte was a `*`.
    private var star = false
    /// The number or literal being read.
    private var word = Word()
    /// Where the last slash that may start a comment is: a comment's start.
    private(set) var slashAt = -1
    /// Where the token being read (or read last) starts (for a string whose bytes a reader
    /// passed, set once that reader finds its opening quote).
    var tokenStart = -1
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

    /// Reads the byte at absolute offset `offset`. Returns what it made significant (a byte
    /// outside strings and comments that is not white space, quotes included): a slash read
    /// before that turned out to start no comment (at ``slashAt``), and this byte.
    @discardableResult
    mutating func read(_ byte: UInt8, at offset: Int, comments: Bool) -> (slash: Bool, byte: Bool) {
        var slash = false
        switch place {
        case .string:
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == 0x22 {
                place = .between
                endToken(at: offset + 1)
                return (false, true)
            }
            return (false, false)
        case .lineComment:
            if byte == 0x0A { place = .between }
            return (false, false)
        case .blockComment:
            if star && byte == 0x2F { place = .between }
            star = byte == 0x2A
            return (false, false)
        case .slash:
            if byte == 0x2F || byte == 0x2A {
                place = byte == 0x2F ? .lineComment : .blockComment
                star = false
                return (false, false)
            }
            // A slash that starts no comment is a token of its own (yajl rejects it).
            place = .between
            startToken(at: slashAt, punctuation: true)
            slash = true
        case .word:
            let before = word.tokens
            word.read(byte, at: offset)
            if word.isReading && word.tokens == before { return (false, true) }
            endToken(at: offset)
            if word.isReading {
                // A new number or literal glued to the last (`01`, `1true`).
                startToken(at: offset, punctuation: false)
                return (false, true)
            }
            place = .between
        case .between:
            break
        }
        if Self.isSpace(byte) { return (slash, false) }
        if byte == 0x22 {
            enterString(at: offset)
        } else if byte == 0x2F && comments {
            place = .slash
            slashAt = offset
            return (slash, false)
        } else if Self.isWordByte(byte) {
            place = .word
            word = Word()
            word.read(byte, at: offset)
            startToken(at: offset, punctuation: false)
        } else {
            startToken(at: offset, punctuation: true)
        }
        return (slash, true)
    }

    /// Whether the bytes read so far end between tokens, or in a number or literal (outside
    /// strings and comments, and not just after a slash).
    var isOutsideStrings: Bool { place == .between || place == .word }

    /// Whether the bytes read so far end in a string just after an unpaired backslash.
    var escapePending: Bool { place == .string && escaped }

    /// Puts the lexer between tokens, as at a container's start.
    mutating func reset() {
        place = .between
        escaped = false
        star = false
    }

    // For a reader that passes whole blocks of a string's bytes without reading them (the
    // token tracker's quote count): the lexer's state after such a block.

    /// The string token opening at `offset` (its quote) is being read.
    mutating func enterString(at offset: Int) {
        place = .string
        escaped = false
        startToken(at: offset, punctuation: false)
    }

    /// The string being read has closed.
    mutating func leaveString() {
        place = .between
        escaped = false
    }

    /// Notes a token starting at `offset`.
    private mutating func startToken(at offset: Int, punctuation: Bool) {
        tokenStart = offset
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
