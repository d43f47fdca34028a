extension JSONLexer {
    /// The lexer's reader of numbers and literals, a byte at a time as yajl's lexer reads them,
    /// to know where the token being read starts: `01` is two numbers, `-0-1` too, `1true` a
    /// number then a literal.
    ///
    /// Also used alone where a token's bytes are not all at hand: the token open at a chunk's end
    /// (see ``OpenTokenTracker``), and the token yajl rejected (see
    /// `YajlParserEngine+TokenStart.swift`). Bytes that start no token (`+`, `.`, other letters)
    /// read as one token to the next byte that is not a number's or a literal's: yajl rejects
    /// them anyway.
    struct Word {
        private enum Phase: Equatable {
            case none, minus, zero, integer, dot, fraction, exponent, exponentSign, exponentDigits, other
            /// In `true` (0), `false` (1) or `null` (2), with this many of its bytes read.
            case literal(Int, Int)
        }

        private static let literals: [[UInt8]] = [Array("true".utf8), Array("false".utf8), Array("null".utf8)]

        private var phase = Phase.none
        /// Where the token being read starts (absolute).
        private(set) var start = 0
        /// How many tokens have started since the lexer was made.
        private(set) var tokens = 0

        /// Whether a token is being read that the next byte may continue: any number (yajl reads
        /// one byte past it to end it) and a literal read in part.
        var isOpen: Bool {
            switch phase {
            case .none: false
            case .literal(let which, let read): read < Self.literals[which].count
            default: true
            }
        }

        /// Whether the last byte read belongs to a token.
        var isReading: Bool { phase != .none }

        /// Reads the byte at absolute offset `offset`.
        mutating func read(_ byte: UInt8, at offset: Int) {
            if let next = continued(by: byte) {
                phase = next
                return
            }
            guard JSONLexer.isWordByte(byte) else {
                phase = .none
                return
            }
            start = offset
            tokens += 1
            switch byte {
            case 0x2D: phase = .minus
            case 0x30: phase = .zero
            case 0x31...0x39: phase = .integer
            case 0x74: phase = .literal(0, 1)
            case 0x66: phase = .literal(1, 1)
            case 0x6E: phase = .literal(2, 1)
            default: phase = .other
            }
        }

        /// Reads bytes `from..<to` of a buffer at absolute offset `at`.
        mutating func read(_ base: UnsafeRawPointer, from: Int, to: Int, at: Int) {
            var i = from
            while i < to {
                read(base.load(fromByteOffset: i, as: UInt8.self), at: at + i)
                i += 1
            }
        }

        /// The phase after `byte` when it goes on with the token being read, else `nil`.
        private func continued(by byte: UInt8) -> Phase? {
            let digit = byte >= 0x30 && byte <= 0x39
            let e = byte | 0x20 == 0x65
            switch phase {
            case .none: return nil
            case .minus: return byte == 0x30 ? .zero : digit ? .integer : nil
            case .zero: return byte == 0x2E ? .dot : e ? .exponent : nil
            case .integer: return digit ? .integer : byte == 0x2E ? .dot : e ? .exponent : nil
            case .dot: return digit ? .fraction : nil
            case .fraction: return digit ? .fraction : e ? .exponent : nil
            case .exponent: return byte == 0x2B || byte == 0x2D ? .exponentSign : digit ? .exponentDigits : nil
            case .exponentSign, .exponentDigits: return digit ? .exponentDigits : nil
            case .other: return JSONLexer.isWordByte(byte) ? .other : nil
            case .literal(let which, let read):
                let word = Self.literals[which]
                return read < word.count && word[read] == byte ? .literal(which, read + 1) : nil
            }
        }
    }
}
