import Foundation

// A `JSON` value inside a `Codable` model: a field whose shape varies (`let extra: JSON`)
// decodes with `JSONDecoder` and encodes with `JSONEncoder` like any other.

extension JSON: Codable {
    /// Decodes whatever value the decoder holds. A number is kept as an integer when it is
    /// one (64-bit, signed or not), else as the decoder's `Decimal` or, failing that, its
    /// `Double`; an object's members come in the order the decoder lists them.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: MemberKey.self) {
            let members = try keyed.allKeys.map { ($0.stringValue, try keyed.decode(JSON.self, forKey: $0)) }
            self = .object(JSONObject(firstOf: members))
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSON] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSON.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(JSONNumber(integer))
        } else if let integer = try? single.decode(UInt64.self) {
            self = .number(JSONNumber(integer))
        } else if let decimal = try? single.decode(Decimal.self), let number = JSONNumber(decimal.description) {
            self = .number(number)
        } else {
            let double = try single.decode(Double.self)
            guard let number = JSONNumber(double) else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "JSON cannot hold \(double)")
            }
            self = .number(number)
        }
    }

    /// Encodes the value: a number as the 64-bit integer it is, else the `Double` it is
    /// exactly, else a `Decimal`; an object's members in order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var keyed = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in object { try keyed.encode(value, forKey: MemberKey(key)) }
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        default:
            var single = encoder.singleValueContainer()
            switch self {
            case .bool(let flag): try single.encode(flag)
            case .string(let text): try single.encode(text)
            case .number(let number):
                if let integer = number.int64 {
                    try single.encode(integer)
                } else if let integer = number.uint64 {
                    try single.encode(integer)
                } else if let double = try? number.exactDouble(), JSONNumber(double)?.decimal == number.decimal {
                    try single.encode(double)
                } else if let decimal = number.decimal {
                    try single.encode(decimal)
                } else {
                    let message = "\(number) has no Double or Decimal form"
                    throw EncodingError.invalidValue(
                        number, .init(codingPath: encoder.codingPath, debugDescription: message))
                }
            default: try single.encodeNil()
            }
        }
    }

    /// An object member's key.
    private struct MemberKey: CodingKey {
        let stringValue: String
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
