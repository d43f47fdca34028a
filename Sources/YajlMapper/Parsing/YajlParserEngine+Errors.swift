import CYajl

/// Errors located in the input, from yajl's messages or the engine's own checks; messages
/// that say what was found, as `JSONDecoder`'s do (yajl's "invalid char in json text" and
/// "unallowed token at this point in JSON text" name neither).
extension YajlParserEngine {
    /// Reads yajl's error message and turns it into a located ``JSONParseError``.
    /// Wraps `yajl_get_error` and `yajl_free_error`.
    func yajlError() -> JSONParseError {
        yajlRejectedToken = false
        var raw = "syntax error"
        if let text = yajl_get_error(handle, 0, nil, 0) {
            raw = String(cString: text)
            yajl_free_error(handle, text)
        }
        var message = raw.trimmingWhitespace()
        let lexical = message.hasPrefix("lexical error: ")
        for prefix in ["lexical error: ", "parse error: "] where message.hasPrefix(prefix) {
            message.removeFirst(prefix.count)
        }
        if message.hasSuffix(".") { message.removeLast() }
        var kind = JSONParseError.Kind.syntax
        var offset = currentOffset
        if message.contains("premature EOF") || (lexical && finished) {
            // `yajl_complete_parse` ends a pending token by parsing one space: a lexical
            // error then means the input stopped inside a token (`tru`, `1.`, `"\u12`).
            kind = .truncated
            offset = bytesBefore
            message =
                !sawContent
                ? "empty input: no JSON value"
                : "unexpected end of input (the JSON text is truncated)"
        } else {
            // yajl reports the offset just past the token or byte it rejected, except that
            // its lexer backs up to the offending byte for every lexical error but an
            // invalid character, and its parser moves back by the token's length after a
            // map value: point at the token's first byte, or at the offending byte.
            if message == "trailing garbage" {
                // Where the data starts; else the byte before yajl's offset, but not before
                // the chunk it is reading (its lexer backs up to a bad byte, at most to there).
                offset = trailingDataStart() ?? max(offset - 1, finished ? 0 : bytesBefore)
            } else if lexical {
                if message == "invalid char in json text" { offset = max(offset - 1, 0) }
            } else if Self.movedBack.contains(message) {
                offset = movedBackTokenStart(offset)
                yajlRejectedToken = true
            } else {
                offset = tokenStart(endingAt: offset)
                yajlRejectedToken = true
            }
            switch message {
            case "invalid char in json text": message = unexpectedCharacterMessage(at: offset)
            case "unallowed token at this point in JSON text": message = unexpectedTokenMessage(at: offset)
            default: message = Self.clearerMessages[message] ?? message
            }
        }
        return makeError(kind: kind, message: message, at: offset)
    }

    /// Parse errors after which yajl has already moved its offset back by the token's
    /// length ("try to restore error offset"), but not past the chunk's start (see
    /// ``movedBackTokenStart(_:)``).
    private static let movedBack: Set<String> = ["after key and value, inside map, I expect ',' or '}'"]

    /// yajl's wording, where a plainer one helps.
    private static let clearerMessages = [
        "trailing garbage": "unexpected data after the JSON value",
        "invalid string in json text": "invalid literal (expected true, false or null)",
    ]

    /// Gives a handler's error the position of the token being delivered, when the error
    /// asks for one (see ``JSONLocatableError``).
    func locate(_ error: any Error) -> any Error {
        guard let locatable = error as? any JSONLocatableError, locatable.location == nil else { return error }
        let located = makeError(kind: .syntax, message: "", at: max(currentOffset - 1, 0))
        return locatable.located(
            at: JSONLocation(offset: located.offset, line: located.line, column: located.column),
            excerpt: located.excerpt)
    }

    /// The first offset ``knownBytes(from:to:)`` can give.
    var earliestKnownOffset: Int {
        oneShotInput == nil ? min(bytesBefore - tail.count, openToken.keptStart ?? bytesBefore) : 0
    }

    /// The input's bytes from `from` to `to` (absolute offsets) and `from`, when they are
    /// still known: in the current chunk, in the bytes kept from just before it, or in the
    /// string token open at its start.
    func knownBytes(from: Int, to: Int) -> ([UInt8], Int)? {
        if let input = oneShotInput, from >= 0, from <= to, to <= input.count {
            return (Array(UnsafeRawBufferPointer(rebasing: input[from..<to])), from)
        }
        let tailStart = bytesBefore - tail.count
        let openStart = openToken.keptStart ?? tailStart
        guard to >= from, from >= earliestKnownOffset, to <= bytesBefore + chunk.count else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(to - from)
        if from < bytesBefore {
            let (kept, keptStart) = from >= tailStart ? (tail, tailStart) : (openToken.openBytes, openStart)
            bytes.append(contentsOf: kept[(from - keptStart)..<(min(to, bytesBefore) - keptStart)])
        }
        if to > bytesBefore, let base = chunk.baseAddress {
            let start = max(from, bytesBefore) - bytesBefore
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: to - bytesBefore - start))
        }
        return (bytes, from)
    }

    /// Makes `error` the parse's failure, which every later call throws, and throws it.
    func fail(_ error: any Error) throws -> Never {
        failure = error
        throw error
    }

    /// Builds an error at an absolute offset, inside the current chunk or before it.
    func makeError(kind: JSONParseError.Kind, message: String, at offset: Int) -> JSONParseError {
        countDeferredLines()
        // Bytes known: `tail` (just before the chunk) then the chunk itself.
        let inChunk = max(0, min(offset - bytesBefore, chunk.count))
        var line = lines.line
        var lineStart = lines.lineStart
        if offset < lineStart, let (known, knownStart) = knownBytes(from: earliestKnownOffset, to: bytesBefore) {
            // Before a line break already counted (an offset in an earlier chunk): take back
            // the breaks between, and find its own line's start, in the bytes still known.
            let at = max(offset - knownStart, 0)
            line -= known[at...].filter { $0 == 0x0A }.count
            lineStart = known[..<at].lastIndex(of: 0x0A).map { knownStart + $0 + 1 } ?? knownStart
        }
        if inChunk > 0, let base = chunk.baseAddress {
            var counter = LineCounter(offset: bytesBefore, line: line, lineStart: lineStart)
            counter.count(to: bytesBefore + inChunk, in: base, at: bytesBefore)
            (line, lineStart) = (counter.line, counter.lineStart)
        }
        let column = offset - lineStart + 1
        return JSONParseError(
            kind: kind, message: message, offset: offset, line: line, column: column,
            excerpt: excerpt(at: offset, lineStart: lineStart))
    }

    /// The line's text around `offset` (at most 40 bytes before, 20 after) and a caret line,
    /// from the bytes still known (the open string's, far into an earlier chunk, included).
    private func excerpt(at offset: Int, lineStart: Int) -> String {
        let start = max(lineStart, offset - 40, earliestKnownOffset)
        let stop = min(offset + 20, bytesBefore + chunk.count)
        let known = offset >= start && start <= stop ? knownBytes(from: start, to: stop)?.0 ?? [] : []
        let at = min(offset - start, known.count)
        // Keep the caret aligned: control characters become spaces.
        func shown(_ text: ArraySlice<UInt8>) -> String { String(decoding: text.map { max($0, 0x20) }, as: UTF8.self) }
        let prefix = shown(known[..<max(at, 0)])
        return prefix + shown(known[max(at, 0)...].prefix { $0 != 0x0A }) + "\n"
            + String(repeating: " ", count: prefix.count) + "^"
    }

    /// The message for a byte yajl's lexer refused outside strings, at `offset`.
    func unexpectedCharacterMessage(at offset: Int) -> String {
        guard let byte = knownBytes(from: offset, to: offset + 1)?.0.first else { return "unexpected character" }
        switch byte {
        case 0x27: return "unexpected character \"'\" (JSON strings take double quotes)"
        case 0x21...0x7E: return "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        // (The sequence a byte above 0x7F starts can be cut by the chunk's end: the byte is named.)
        case 0x80...: return "unexpected byte \(UTF8Check.hex(byte)) outside a string"
        default: return "unexpected control character U+00\(UTF8Check.hex(byte).dropFirst(2))"
        }
    }

    /// The message for a whole token the grammar does not allow where it is, at `offset`.
    func unexpectedTokenMessage(at offset: Int) -> String {
        // A token begun long before the chunk (its first byte no longer kept) is the string
        // or number the tracker saw open at the chunk's start.
        guard
            let first = knownBytes(from: offset, to: offset + 1)?.0.first
                ?? (offset == openToken.openStart ? 0x22 : offset == openToken.openWordStart ? 0x30 : nil)
        else {
            return "unexpected token"
        }
        switch first {
        case 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A: return "unexpected '\(Character(Unicode.Scalar(first)))'"
        case 0x22: return "unexpected string"
        case 0x2D, 0x30...0x39: return "unexpected number"
        case 0x74: return "unexpected true"
        case 0x66: return "unexpected false"
        case 0x6E: return "unexpected null"
        default: return "unexpected token"
        }
    }
}

extension String {
    /// The string without white space at either end.
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
