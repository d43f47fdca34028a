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
            guard let end = topLevelScalarEnd(from: followed(lead).dataAt) else { return nil }
            scan = SpaceScan(from: end)
        }
        scan = followed(scan)
        // A slash last of all starts no comment: yajl found data, so it is the data.
        return scan.dataAt ?? scan.pendingSlash
    }

    /// Follows a chunk yajl has read through the white space and comments around the
    /// top-level value: the value's start, and the first byte after it.
    func followSpace(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !options.allowMultipleValues else { return }
        if lead.dataAt == nil { lead.follow(base, count: bytes.count, at: bytesBefore, comments: options.allowComments) }
        if valueEnd == nil, let end = topLevelScalarEnd(from: lead.dataAt) {
            valueEnd = end
            after = SpaceScan(from: end)
        }
        if valueEnd != nil, after.dataAt == nil {
            after.follow(base, count: bytes.count, at: bytesBefore, comments: options.allowComments)
        }
    }

    /// The end of a document's only value when it is a string, number or literal (no
    /// callback marks it): the end of its token, as yajl's lexer reads it (`123x` ends at
    /// the `x`, `truex` at the `x`), or `nil` when its bytes are not all known yet.
    private func topLevelScalarEnd(from start: Int?) -> Int? {
        // (At most the first 64 KiB of the token are looked at, each time: a longer string
        // is not followed to its end, so a stream of one huge string costs no more.)
        guard lastBetween == 0, let start,
              let (bytes, _) = knownBytes(from: start, to: min(bytesBefore + chunk.count, start + 1 << 16)),
              !bytes.isEmpty else { return nil }
        if bytes[0] == 0x22 {
            var i = 1
            while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
            return i < bytes.count ? start + i + 1 : nil
        }
        return bytes.withUnsafeBytes { Self.wordLength($0) }.map { start + $0 }
    }

    /// The length of the number or literal that `bytes` start with, as yajl's lexer reads
    /// it (`123x` is 3 bytes long, `truex` 4), or `nil` when it reaches the last byte (it
    /// may go on in bytes not read yet) or the first byte starts neither.
    static func wordLength(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let first = bytes.first else { return nil }
        var i = 0
        func digits() { while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 } }
        switch first {
        case 0x74, 0x6E: return bytes.count >= 4 ? 4 : nil  // true, null
        case 0x66: return bytes.count >= 5 ? 5 : nil  // false
        case 0x2D, 0x30...0x39:
            // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
            if bytes[i] == 0x2D { i += 1 }
            if i < bytes.count, bytes[i] == 0x30 { i += 1 } else { digits() }
            if i < bytes.count, bytes[i] == 0x2E { i += 1; digits() }
            if i < bytes.count, bytes[i] | 0x20 == 0x65 {
                i += 1
                if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                digits()
            }
            // A token that reaches the last byte read may go on in bytes not read yet.
            return i < bytes.count ? i : nil
        default:
            return nil
        }
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
                if byte == 0x2F { place = .lineComment } else if byte == 0x2A { place = .blockComment } else { dataAt = chunkStart + i - 1 }
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
