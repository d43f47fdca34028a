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
        return scan.dataAt ?? scan.pendingSlash
    }

    /// The error for data after the top-level value, when that data starts before `offset`
    /// (a document of one value only).
    func trailingDataError(before offset: Int) -> JSONParseError? {
        guard !options.allowMultipleValues, let at = trailingDataStart(), at < offset else { return nil }
        return makeError(kind: .syntax, message: "unexpected data after the JSON value", at: at)
    }

    /// Whether the input so far ends inside a block comment after the top-level value.
    func endsInBlockComment() -> Bool {
        spaceAfterValue().map { $0.dataAt == nil && $0.isInBlockComment } ?? false
    }

    /// The white space and comments after the top-level value, followed up to the end of
    /// the chunk yajl is reading; `nil` before the value has ended.
    private func spaceAfterValue() -> SpaceScan? {
        // The chunks gone by were followed; the one yajl is reading is followed from there.
        func followed(_ scan: SpaceScan) -> SpaceScan {
            var scan = scan
            if scan.dataAt == nil, let base = chunk.baseAddress {
                scan.follow(base, count: chunk.count, at: bytesBefore, comments: options.allowComments)
            }
            return scan
        }
        var scan = after
        if valueEnd == nil {
            guard let start = followed(lead).dataAt else { return nil }
            var scalar = self.scalar ?? ScalarScan(start: start)
            if let base = chunk.baseAddress { scalar.follow(base, count: chunk.count, at: bytesBefore) }
            guard let end = scalar.end else { return nil }
            scan = SpaceScan(from: end)
        }
        return followed(scan)
    }

    /// Follows a chunk yajl has read through the white space and comments around the
    /// top-level value, and through the value itself when it is a string, number or literal
    /// (no callback marks where it ends): the value's start, and the first byte after it.
    func followSpace(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !options.allowMultipleValues else { return }
        if lead.dataAt == nil {
            lead.follow(base, count: bytes.count, at: bytesBefore, comments: options.allowComments)
        }
        if valueEnd == nil, let start = lead.dataAt {
            if scalar == nil { scalar = ScalarScan(start: start) }
            scalar!.follow(base, count: bytes.count, at: bytesBefore)
            if let end = scalar!.end {
                valueEnd = end
                after = SpaceScan(from: end)
                scalar = nil
            }
        }
        if valueEnd != nil, after.dataAt == nil {
            after.follow(base, count: bytes.count, at: bytesBefore, comments: options.allowComments)
        }
    }
}

/// Follows a top-level string, number or literal from its first byte to its end, chunk by
/// chunk, as yajl's lexer reads it (`123x` ends at the `x`, `truex` at the `x`). A container
/// is left to the engine, which notes where it closes.
struct ScalarScan {
    private enum Kind { case unknown, string, word, container }
    private let start: Int
    private var kind = Kind.unknown
    private var word = WordLexer()
    /// In a string: the last byte followed was an unpaired backslash.
    private var escape = false
    /// Everything before this absolute offset has been followed.
    private var scannedTo: Int
    /// Just past the value, once it ended.
    private(set) var end: Int?

    init(start: Int) {
        self.start = start
        scannedTo = start
    }

    mutating func follow(_ base: UnsafeRawPointer, count: Int, at chunkStart: Int) {
        var i = max(scannedTo - chunkStart, 0)
        while end == nil, kind != .container, i < count {
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            switch kind {
            case .unknown:
                if byte == 0x22 {
                    kind = .string
                } else if OpenTokenTracker.isWordByte(byte) {
                    kind = .word
                    word.read(byte, at: chunkStart + i)
                } else {
                    kind = .container
                }
                i += 1
            case .string:
                if escape {
                    escape = false
                    i += 1
                    continue
                }
                // To the next quote or backslash.
                var j = i
                while j < count {
                    let b = base.load(fromByteOffset: j, as: UInt8.self)
                    if b == 0x22 || b == 0x5C { break }
                    j += 1
                }
                if j == count {
                    i = count
                } else if base.load(fromByteOffset: j, as: UInt8.self) == 0x5C {
                    escape = true
                    i = j + 1
                } else {
                    end = chunkStart + j + 1
                    i = j + 1
                }
            case .word:
                word.read(byte, at: chunkStart + i)
                if !word.isReading || word.tokens > 1 { end = chunkStart + i }
                i += 1
            case .container:
                break
            }
        }
        scannedTo = max(scannedTo, chunkStart + i)
    }
}

/// Follows white space and comments from an offset to the first byte of anything else,
/// across chunks.
struct SpaceScan {
    private enum Place { case space, slash, lineComment, blockComment, blockStar }
    private var place = Place.space
    /// Everything before this absolute offset has been followed.
    private var scannedTo: Int
    /// The first byte that is neither white space nor in a comment.
    private(set) var dataAt: Int?

    init(from offset: Int) { scannedTo = offset }

    /// The offset of a slash the bytes followed so far end with, outside comments.
    var pendingSlash: Int? { place == .slash ? scannedTo - 1 : nil }

    /// Whether the bytes followed so far end inside a block comment.
    var isInBlockComment: Bool { place == .blockComment || place == .blockStar }

    /// Follows the bytes of a chunk at absolute offset `chunkStart` from where the last one
    /// left off.
    mutating func follow(_ base: UnsafeRawPointer, count: Int, at chunkStart: Int, comments: Bool) {
        var i = max(scannedTo - chunkStart, 0)
        while dataAt == nil, i < count {
            let byte = base.load(fromByteOffset: i, as: UInt8.self)
            switch place {
            case .space:
                if byte == 0x2F && comments {
                    place = .slash
                } else if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    dataAt = chunkStart + i
                }
            case .slash:
                // A slash that starts no comment is data itself.
                if byte == 0x2F {
                    place = .lineComment
                } else if byte == 0x2A {
                    place = .blockComment
                } else {
                    dataAt = chunkStart + i - 1
                }
            case .lineComment:
                if byte == 0x0A { place = .space }
            case .blockComment:
                if byte == 0x2A { place = .blockStar }
            case .blockStar:
                place = byte == 0x2F ? .space : byte == 0x2A ? .blockStar : .blockComment
            }
            i += 1
        }
        scannedTo = max(scannedTo, chunkStart + i)
    }
}
