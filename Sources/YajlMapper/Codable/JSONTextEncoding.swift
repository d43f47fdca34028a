import Foundation

/// The encodings JSON text may come in (RFC 4627, section 3), told apart as `JSONDecoder`
/// tells them: by a byte order mark, else by where the first characters, which are ASCII,
/// have their zero bytes.
enum JSONTextEncoding: Equatable, CustomStringConvertible {
    /// UTF-8 (with or without `EF BB BF`, which the parser skips).
    case utf8
    /// UTF-16, big-endian.
    case utf16BigEndian
    /// UTF-16, little-endian.
    case utf16LittleEndian
    /// UTF-32, big-endian.
    case utf32BigEndian
    /// UTF-32, little-endian.
    case utf32LittleEndian

    /// The encoding of `bytes`, and the length of its byte order mark (0 for UTF-8's, which
    /// the parser skips itself).
    static func detect(_ bytes: UnsafeRawBufferPointer) -> (encoding: JSONTextEncoding, markLength: Int) {
        func byte(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        switch (byte(0), byte(1), byte(2), byte(3)) {
        case (0, 0, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFF, 0xFE, 0, 0): return (.utf32LittleEndian, 4)
        // What `JSONDecoder` takes for UTF-32's little-endian mark (as UTF-16's, it would be
        // followed by U+0000, which no JSON text starts with).
        case (0xFE, 0xFF, 0, 0): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0, 0, 0, .some(let d)) where d != 0: return (.utf32BigEndian, 0)
        case (.some(let a), 0, 0, 0) where a != 0: return (.utf32LittleEndian, 0)
        case (0, .some(let b), 0, .some(let d)) where b != 0 && d != 0: return (.utf16BigEndian, 0)
        case (.some(let a), 0, .some(let c), 0) where a != 0 && c != 0: return (.utf16LittleEndian, 0)
        // One UTF-16 character: a document that is a single digit.
        case (0, .some(let b), nil, nil) where b != 0: return (.utf16BigEndian, 0)
        case (.some(let a), 0, nil, nil) where a != 0: return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }

    /// The text of `bytes` in UTF-8, without its byte order mark, when it is in UTF-16 or
    /// UTF-32; `nil` when it is UTF-8 already (read as it is).
    /// - Throws: `DecodingError.dataCorrupted` when the text is not valid in its encoding (a
    ///   lone surrogate, a code unit cut short).
    static func utf8(of bytes: UnsafeRawBufferPointer) throws -> [UInt8]? {
        let (encoding, markLength) = detect(bytes)
        let text = UnsafeRawBufferPointer(rebasing: bytes[markLength...])
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        let failed: Bool
        switch encoding {
        case .utf8: return nil
        case .utf16BigEndian, .utf16LittleEndian:
            failed = !transcode(text, from: UTF16.self, bigEndian: encoding == .utf16BigEndian, into: &output)
        case .utf32BigEndian, .utf32LittleEndian:
            failed = !transcode(text, from: UTF32.self, bigEndian: encoding == .utf32BigEndian, into: &output)
        }
        guard !failed else {
            let message = "The given data was not valid JSON: it is not valid \(encoding)."
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: message))
        }
        return output
    }

    /// Appends the UTF-8 of `text`, in `Codec`'s code units of the given byte order, to `output`.
    /// - Returns: whether the whole text was valid.
    private static func transcode<Codec: UnicodeCodec>(
        _ text: UnsafeRawBufferPointer, from codec: Codec.Type, bigEndian: Bool, into output: inout [UInt8]
    ) -> Bool where Codec.CodeUnit: FixedWidthInteger {
        let units = CodeUnits<Codec.CodeUnit>(text, bigEndian: bigEndian)
        guard text.count % MemoryLayout<Codec.CodeUnit>.size == 0 else { return false }
        return !Swift.transcode(units, from: Codec.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
    }

    /// The encoding's name, as errors give it.
    var description: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16BigEndian: "UTF-16 (big-endian)"
        case .utf16LittleEndian: "UTF-16 (little-endian)"
        case .utf32BigEndian: "UTF-32 (big-endian)"
        case .utf32LittleEndian: "UTF-32 (little-endian)"
        }
    }
}

/// The code units of UTF-16 or UTF-32 text, read in their byte order.
private struct CodeUnits<Unit: FixedWidthInteger>: IteratorProtocol {
    /// The text.
    let bytes: UnsafeRawBufferPointer
    /// Whether the units are big-endian.
    let bigEndian: Bool
    /// Where the next unit starts.
    var offset = 0

    /// The units of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    mutating func next() -> Unit? {
        guard offset + MemoryLayout<Unit>.size <= bytes.count else { return nil }
        let raw = bytes.loadUnaligned(fromByteOffset: offset, as: Unit.self)
        offset += MemoryLayout<Unit>.size
        return bigEndian ? Unit(bigEndian: raw) : Unit(littleEndian: raw)
    }
}
