import Foundation

/// The values the containers read (`Bool`, `String`, `Double` and `Float` as
/// ``TapeArrayElement``s): each from one token, with `JSONDecoder`'s error for a token of
/// another kind.
extension TapeDecoder {
    /// The error for a value that is not a string where one is read.
    func notString(_ type: Any.Type, at index: Int, node: CodingPathNode, step: PathStep) -> DecodingError {
        kind(at: index) == .invalidString ? invalidString(at: index) : mismatch(type, at: index, node: node, step: step)
    }

    /// An integer, exactly: a fraction, or a value out of the type's range, is `dataCorrupted`.
    @inline(__always)
    func unboxInteger<T: FixedWidthInteger>(
        _ type: T.Type, at index: Int, node: CodingPathNode, step: PathStep
    ) throws -> T {
        guard kind(at: index) == .number else { throw mismatch(T.self, at: index, node: node, step: step) }
        if let short = tape.withText(at: index, JSONNumber.shortInteger), let value = T(exactly: short) { return value }
        guard let value = try? JSONNumber(unchecked: tape.string(at: index)).exactInteger(T.self) else {
            throw numberDoesNotFit(T.self, at: index, node: node, step: step)
        }
        return value
    }

    /// A `Double` or `Float`, which `parse` makes from a number's literal, correctly rounded.
    /// Too large a magnitude, or one that rounds to zero from a non-zero literal, is
    /// `dataCorrupted`, as in `JSONDecoder`.
    @inline(__always)
    func unboxFloatingPoint<F: BinaryFloatingPoint>(
        at index: Int, node: CodingPathNode, step: PathStep, _ parse: (UnsafeBufferPointer<UInt8>) -> F?
    ) throws -> F {
        switch kind(at: index) {
        case .number:
            if let value = tape.withText(at: index, parse), value.isFinite,
                value != 0 || tape.withText(at: index, JSONNumber.isZeroLiteral)
            {
                return value
            }
            throw numberDoesNotFit(F.self, at: index, node: node, step: step)
        case .string:
            if let value = nonConforming(at: index, F.self) { return value }
            throw typeMismatch(F.self, at: index, node: node, step: step)
        case .invalidString:
            throw invalidString(at: index)
        default:
            throw mismatch(F.self, at: index, node: node, step: step)
        }
    }

    /// Infinity or NaN spelled as the non-conforming float strategy says, else `nil`.
    func nonConforming<F: FloatingPoint>(at index: Int, _ type: F.Type) -> F? {
        guard case .convertFromString(let positive, let negative, let nan) = options.floats else { return nil }
        let text = tape.string(at: index)
        if text == positive { return F.infinity }
        if text == negative { return -F.infinity }
        if text == nan { return F.nan }
        return nil
    }

    /// A `Decimal`, from the number's literal.
    func unboxDecimal(at index: Int, node: CodingPathNode, step: PathStep) throws -> Decimal {
        guard kind(at: index) == .number else { throw mismatch(Decimal.self, at: index, node: node, step: step) }
        guard let value = Decimal(string: tape.string(at: index), locale: Locale(identifier: "en_US_POSIX")) else {
            throw numberDoesNotFit(Decimal.self, at: index, node: node, step: step)
        }
        return value
    }

    /// A `URL`, from a string.
    func unboxURL(at index: Int, node: CodingPathNode, step: PathStep) throws -> URL {
        let text = try String.unbox(self, index, node, step)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(context(at: index, node: node, step: step, "Invalid URL string."))
        }
        return url
    }

    /// A `Date`, as the date strategy says.
    func unboxDate(at index: Int, node: CodingPathNode, step: PathStep, place: DecodePlan?) throws -> Date {
        switch options.dates {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try Double.unbox(self, index, node, step))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try Double.unbox(self, index, node, step) / 1000)
        case .iso8601:
            guard kind(at: index) == .string else { throw notString(String.self, at: index, node: node, step: step) }
            if let date = tape.withText(at: index, Self.internetDate) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(tape.string(at: index)) { return date }
            throw DecodingError.dataCorrupted(
                context(at: index, node: node, step: step, "Expected date string to be ISO8601-formatted."))
        #if canImport(Darwin)
            // Elsewhere `.formatted` is made as a `.custom` strategy.
            case .formatted(let formatter):
                let text = try String.unbox(self, index, node, step)
                guard let date = formatter.date(from: text) else {
                    throw DecodingError.dataCorrupted(
                        context(
                            at: index, node: node, step: step,
                            "Date string does not match format expected by formatter."))
                }
                return date
        #endif
        case .custom(let decode):
            return try withCurrent(index, node: node.adding(step), place: place) { try decode(self) }
        default:
            return try withCurrent(index, node: node.adding(step), place: place) { try Date(from: self) }
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` or with `±HH:MM`, the form `.iso8601` reads, parsed without
    /// a formatter; `nil` for any other text (which the formatter then decides).
    static func internetDate(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        let n = text.count
        guard n == 20 || n == 25, text[10] == UInt8(ascii: "T"), text[4] == UInt8(ascii: "-"),
            text[7] == UInt8(ascii: "-"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":")
        else { return nil }
        if n == 20 {
            guard text[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard text[19] == UInt8(ascii: "+") || text[19] == UInt8(ascii: "-"), text[22] == UInt8(ascii: ":")
            else { return nil }
        }
        return ISO8601DateTransform.parse(text)
    }

    /// `Data`, as the data strategy says.
    func unboxData(at index: Int, node: CodingPathNode, step: PathStep, place: DecodePlan?) throws -> Data {
        switch options.data {
        case .base64:
            let text = try String.unbox(self, index, node, step)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    context(at: index, node: node, step: step, "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let decode):
            return try withCurrent(index, node: node.adding(step), place: place) { try decode(self) }
        default:
            return try withCurrent(index, node: node.adding(step), place: place) { try Data(from: self) }
        }
    }
}

extension TapeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { kind(at: current) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try Bool.unbox(self, current, node, .none) }
    func decode(_ type: String.Type) throws -> String { try String.unbox(self, current, node, .none) }
    func decode(_ type: Double.Type) throws -> Double { try Double.unbox(self, current, node, .none) }
    func decode(_ type: Float.Type) throws -> Float { try Float.unbox(self, current, node, .none) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try unbox(T.self, at: current, node: node, step: .none, place: place)
    }

    /// An integer of any width.
    @inline(__always)
    private func integer<T: FixedWidthInteger>() throws -> T {
        try unboxInteger(T.self, at: current, node: node, step: .none)
    }
}
