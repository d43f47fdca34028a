import Foundation

extension JSON {
    /// A value from Foundation types, as `JSONSerialization` produces them (and Swift's own
    /// `String`, `Bool`, integers, `Double`, `Float`, `Decimal`, arrays and dictionaries).
    /// Returns `nil` for anything else (dates, data, non-finite numbers).
    public init?(foundation value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case is NSNull:
            self = .null
        case let bool as Bool where type(of: value) == Bool.self:
            self = .bool(bool)
        case let int as Int where type(of: value) == Int.self:
            self = .number(JSONNumber(int))
        case let int as Int64 where type(of: value) == Int64.self:
            self = .number(JSONNumber(int))
        case let int as UInt64 where type(of: value) == UInt64.self:
            self = .number(JSONNumber(int))
        case let int as Int32 where type(of: value) == Int32.self:
            self = .number(JSONNumber(int))
        case let double as Double where type(of: value) == Double.self:
            guard let n = JSONNumber(double) else { return nil }
            self = .number(n)
        case let float as Float where type(of: value) == Float.self:
            guard float.isFinite else { return nil }
            self = .number(JSONNumber(unchecked: float.description))
        case let decimal as Decimal where type(of: value) == Decimal.self:
            guard let n = JSONNumber(decimal.description) else { return nil }
            self = .number(n)
        case let number as NSNumber:
            guard let converted = JSON(number: number) else { return nil }
            self = converted
        case let array as [Any]:
            var elements: [JSON] = []
            elements.reserveCapacity(array.count)
            for element in array {
                guard let converted = JSON(foundation: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var object = JSONObject()
            // Dictionaries have no order: sort keys so output is stable.
            for key in dictionary.keys.sorted() {
                guard let converted = JSON(foundation: dictionary[key]!) else { return nil }
                object[key] = converted
            }
            self = .object(object)
        default:
            return nil
        }
    }

    private init?(number: NSNumber) {
        if number is NSDecimalNumber {
            guard let n = JSONNumber(number.description) else { return nil }
            self = .number(n)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            // JSONSerialization's true and false.
            self = .bool(number.boolValue)
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            guard let n = JSONNumber(number.doubleValue) else { return nil }
            self = .number(n)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"):
            self = .number(JSONNumber(number.uint64Value))
        default:
            self = .number(JSONNumber(number.int64Value))
        }
    }

    /// The value as Foundation types: `NSNull`, `Bool`, `NSNumber` (every number, so
    /// `as? Int` and `as? Double` both work, as with `JSONSerialization`), `String`, `[Any]`,
    /// `[String: Any]`.
    public var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n): return n.foundationNumber
        case .string(let s): return s
        case .array(let a): return a.map(\.foundationValue)
        case .object(let o):
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(o.count)
            for (key, value) in zip(o.keys, o.values) { dictionary[key] = value.foundationValue }
            return dictionary
        }
    }

    /// Delivers this value's events to a handler, as the parser would: already-parsed input
    /// goes through the same engine as text.
    /// - Throws: what the handler throws.
    public func replay<Handler: JSONEventHandler>(into handler: inout Handler) throws {
        switch self {
        case .null: try handler.null()
        case .bool(let b): try handler.bool(b)
        case .number(let n):
            var text = n.text
            try text.withUTF8 { try handler.number(JSONBytes(UnsafeRawBufferPointer($0))) }
        case .string(let s):
            var text = s
            try text.withUTF8 { try handler.string(JSONBytes(UnsafeRawBufferPointer($0))) }
        case .array(let elements):
            try handler.startArray()
            for element in elements { try element.replay(into: &handler) }
            try handler.endArray()
        case .object(let object):
            try handler.startObject()
            for (key, value) in zip(object.keys, object.values) {
                var name = key
                try name.withUTF8 { try handler.key(JSONBytes(UnsafeRawBufferPointer($0))) }
                try value.replay(into: &handler)
            }
            try handler.endObject()
        }
    }
}

extension JSONNumber {
    /// The number as an `NSNumber`: exact for integers that fit 64 bits, a `Double` for up to
    /// 15 significant digits, an `NSDecimalNumber` (exact, 38 digits) beyond.
    public var foundationNumber: NSNumber {
        if let i = int64 { return NSNumber(value: i) }
        if let u = uint64 { return NSNumber(value: u) }
        // A Double holds 15 significant digits for sure: keep longer numbers exact.
        if decomposed.digits.count <= 15, let d = double { return NSNumber(value: d) }
        return NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
