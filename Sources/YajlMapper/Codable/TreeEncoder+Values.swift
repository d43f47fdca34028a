import Foundation

extension TreeEncoder {
    /// `text` as it is (a number's), in the arena.
    func raw(_ text: String) -> EncodingNode.Value {
        let start = arena.bytes.count
        arena.bytes.append(contentsOf: text.utf8)
        return .bytes(start..<arena.bytes.count)
    }

    /// A string, quoted and escaped as `JSONEncoder` writes it.
    func string(_ text: String) -> EncodingNode.Value {
        let start = arena.bytes.count
        var text = text
        text.withUTF8 { EncodingWriter.appendString($0, to: &arena.bytes, escapesSlashes: options.escapesSlashes) }
        return .bytes(start..<arena.bytes.count)
    }

    /// `true` or `false`.
    func bool(_ value: Bool) -> EncodingNode.Value { raw(value ? "true" : "false") }

    /// `null`.
    func null() -> EncodingNode.Value { raw("null") }

    /// An integer's digits, written without a `String`.
    func integer<T: FixedWidthInteger>(_ value: T) -> EncodingNode.Value {
        let start = arena.bytes.count
        if value < 0 { arena.bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var i = 40
            repeat {
                i -= 1
                digits[i] = 0x30 + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            arena.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
        return .bytes(start..<arena.bytes.count)
    }

    /// A `Double` or `Float` as `JSONEncoder` writes it: its shortest text that reads back to
    /// it, without a trailing `.0`; infinity and NaN as the non-conforming float strategy says.
    func float<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) throws -> EncodingNode.Value {
        guard value.isFinite else {
            guard case .convertToString(let positive, let negative, let nan) = options.floats else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription:
                            "Unable to encode \(T.self).\(value) directly in JSON. Use "
                            + "JSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the "
                            + "value should be encoded."))
            }
            return string(value.isNaN ? nan : value < 0 ? negative : positive)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return raw(text)
    }

    /// A `Date`, as the date strategy says.
    func boxDate(_ date: Date, node: CodingPathNode) throws -> EncodingNode.Value {
        switch options.dates {
        case .secondsSince1970:
            return try float(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            return try float(1000 * date.timeIntervalSince1970)
        case .iso8601:
            return string(Self.internetDate(date))
        #if canImport(Darwin)
            // Elsewhere `.formatted` is made as a `.custom` strategy.
            case .formatted(let formatter):
                return string(formatter.string(from: date))
        #endif
        case .custom(let encode):
            return try produce(node: node) { try encode(date, self) } ?? .node(EncodingNode(isObject: true))
        default:
            return try produce(node: node) { try date.encode(to: self) } ?? .node(EncodingNode(isObject: true))
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, as `.iso8601` writes it (whole seconds, rounded down):
    /// the mapper's ISO 8601 formatter for the years 1 to 9999, Foundation's outside them.
    static func internetDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > -62_135_596_800, seconds < 253_402_300_800 else {
            return ISO8601DateFormatter().string(from: date)
        }
        return ISO8601DateTransform.string(from: date, keepsFraction: false)
    }

    /// `Data`, as the data strategy says.
    func boxData(_ data: Data, node: CodingPathNode) throws -> EncodingNode.Value {
        switch options.data {
        case .base64:
            return string(data.base64EncodedString())
        case .custom(let encode):
            return try produce(node: node) { try encode(data, self) } ?? .node(EncodingNode(isObject: true))
        default:
            return try produce(node: node) { try data.encode(to: self) } ?? .node(EncodingNode(isObject: true))
        }
    }
}

extension TreeEncoder: SingleValueEncodingContainer {
    func encodeNil() throws { setValue(null()) }
    func encode(_ value: Bool) throws { setValue(bool(value)) }
    func encode(_ value: String) throws { setValue(string(value)) }
    func encode(_ value: Double) throws { setValue(try float(value)) }
    func encode(_ value: Float) throws { setValue(try float(value)) }
    func encode(_ value: Int) throws { setValue(integer(value)) }
    func encode(_ value: Int8) throws { setValue(integer(value)) }
    func encode(_ value: Int16) throws { setValue(integer(value)) }
    func encode(_ value: Int32) throws { setValue(integer(value)) }
    func encode(_ value: Int64) throws { setValue(integer(value)) }
    func encode(_ value: Int128) throws { setValue(integer(value)) }
    func encode(_ value: UInt) throws { setValue(integer(value)) }
    func encode(_ value: UInt8) throws { setValue(integer(value)) }
    func encode(_ value: UInt16) throws { setValue(integer(value)) }
    func encode(_ value: UInt32) throws { setValue(integer(value)) }
    func encode(_ value: UInt64) throws { setValue(integer(value)) }
    func encode(_ value: UInt128) throws { setValue(integer(value)) }
    func encode<T: Encodable>(_ value: T) throws { setValue(try box(value, node: node)) }

    /// The value's one value; a conflict where it has one already (`JSONEncoder` stops the
    /// program there).
    @inline(__always)
    private func setValue(_ value: EncodingNode.Value) {
        guard slot == nil else {
            return noteConflict(
                at: node, "Attempt to encode a value through a single value container where a value is already encoded."
            )
        }
        slot = value
    }
}
