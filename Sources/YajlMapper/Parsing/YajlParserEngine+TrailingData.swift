/// Where data after a complete JSON value starts.
///
/// yajl reports such data ("trailing garbage") at the offset its lexer stopped at, which
/// is past a whole token (`{} 123` at the `3`) or, for a byte its lexer backs up to, at
/// that byte; one before it was then reported, and after a chunk's end that could be a
/// newline already counted, which put the error before its own line. So the engine follows
/// the white space and comments before and after the top-level value itself, chunk by
/// chunk (only those: a few bytes in most documents).
extension YajlParserEngine {
    /// The offset of the first byte after the value that is not white space (nor in a
    /// comment, when comments are allowed), or `nil` when it cannot be known.
    func trailingDataStart() -> Int? {
        guard let scan = spaceAfterValue() else { return nil }
        // A slash last of all starts no comment: yajl found data, so it is the data.
        return scan.dataAt ?? (scan.place == .slash ? scan.slashAt : nil)
    }

    /// The error for data after the top-level value, when that data starts before `offset`
    /// (a document of one value only).
    func trailingDataError(before offset: Int) -> JSONParseError? {
        guard !options.allowMultipleValues, let at = trailingDataStart(), at < offset else { return nil }
        return makeError(kind: .syntax, message: "unexpected data after the JSON value", at: at)
    }

    /// Whether the input so far ends inside a block comment after the top-level value.
    func endsInBlockComment() -> Bool {
        spaceAfterValue().map { $0.dataAt == nil && $0.place == .blockComment } ?? false
    }

    /// The white space and comments after the top-level value, followed up to the end of
    /// the chunk yajl is reading; `nil` before the value has ended.
    private func spaceAfterValue() -> JSONLexer? {
        // The chunks gone by were followed; the one yajl is reading is followed from there.
        func followed(_ scan: JSONLexer) -> JSONLexer {
            var scan = scan
            if scan.dataAt == nil, let base = chunk.baseAddress {
                scan.follow(
                    base, count: chunk.count, at: bytesBefore, comments: options.allowComments, until: .firstToken)
            }
            return scan
        }
        var scan = after
        if valueEnd == nil {
            guard let start = followed(lead).dataAt else { return nil }
            var scalar = self.scalar ?? JSONLexer(from: start)
            if let base = chunk.baseAddress {
                scalar.follow(base, count: chunk.count, at: bytesBefore, comments: false, until: .firstTokenEnd)
            }
            guard let end = scalar.firstTokenEnd else { return nil }
            scan = JSONLexer(from: end)
        }
        return followed(scan)
    }

    /// Follows a chunk yajl has read through the white space and comments around the
    /// top-level value, and through the value itself when it is a string, number or literal
    /// (no callback marks where it ends): the value's start, and the first byte after it.
    func followSpace(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !options.allowMultipleValues else { return }
        if lead.dataAt == nil {
            lead.follow(base, count: bytes.count, at: bytesBefore, comments: options.allowComments, until: .firstToken)
        }
        if valueEnd == nil, let start = lead.dataAt {
            if scalar == nil { scalar = JSONLexer(from: start) }
            scalar!.follow(base, count: bytes.count, at: bytesBefore, comments: false, until: .firstTokenEnd)
            if let end = scalar!.firstTokenEnd {
                valueEnd = end
                after = JSONLexer(from: end)
                scalar = nil
            }
        }
        if valueEnd != nil, after.dataAt == nil {
            after.follow(base, count: bytes.count, at: bytesBefore, comments: options.allowComments, until: .firstToken)
        }
    }
}
