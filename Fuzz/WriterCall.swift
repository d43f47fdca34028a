import YajlMapper

/// One call on a ``JSONWriter``, decoded from the fuzzer's bytes.
enum WriterCall {
    case null, bool(Bool), number(JSONNumber), string(String), key(String)
    /// `string(_: JSONBytes)`; the bytes may be invalid UTF-8.
    case bytes([UInt8])
    case startObject, endObject, startArray, endArray

    /// Makes the call.
    func apply(to writer: JSONWriter) throws {
        switch self {
        case .null: try writer.null()
        case .bool(let value): try writer.bool(value)
        case .number(let number): try writer.number(number)
        case .string(let text): try writer.string(text)
        case .key(let name): try writer.key(name)
        case .bytes(let bytes): try bytes.withUnsafeBytes { try writer.string(JSONBytes($0)) }
        case .startObject: try writer.startObject()
        case .endObject: try writer.endObject()
        case .startArray: try writer.startArray()
        case .endArray: try writer.endArray()
        }
    }

    /// Number texts a writer must keep as they are.
    static let numbers = [
        "0", "-0", "1", "-1.5e-3", "1E+2", "123456789012345678901234567890", "0.1", "1e400", "-1e-400",
        "9007199254740993", "2.2250738585072014e-308", "-0.0e0",
    ]

    /// Decodes calls: one byte picks the call, the high bits or the next bytes give its argument.
    static func decode(_ bytes: [UInt8]) -> [WriterCall] {
        var rest = bytes[...]
        var calls: [WriterCall] = []
        func take(_ count: Int) -> [UInt8] {
            defer { rest = rest.dropFirst(count) }
            return Array(rest.prefix(count))
        }
        func text(_ count: UInt8) -> String { String(decoding: take(Int(count)), as: UTF8.self) }
        while let op = rest.popFirst() {
            let high = op >> 4
            switch op % 11 {
            case 0: calls.append(.null)
            case 1: calls.append(.bool(high & 1 == 1))
            case 2:
                let raw = take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let double = JSONNumber(Double(bitPattern: raw))
                calls.append(
                    .number(high < 8 ? JSONNumber(numbers[Int(high) % numbers.count])! : double ?? JSONNumber(raw)))
            case 3: calls.append(.string(text(high)))
            case 4: calls.append(.bytes(Array(text(high).utf8)))
            case 5:
                var bytes = Array(text(high).utf8)
                bytes.insert(0xFF, at: bytes.count / 2)
                calls.append(.bytes(bytes))
            case 6: calls.append(.key(text(high)))
            case 7: calls.append(.startObject)
            case 8: calls.append(.endObject)
            case 9: calls.append(.startArray)
            default: calls.append(.endArray)
            }
        }
        return calls
    }
}
