import Foundation

extension JSON {
    /// A value from Foundation types, as `JSONSerialization` produces them (and Swift's own
    /// `String`, `Bool`, integers, `Double`, `Float`, `Decimal`, arrays and dictionaries).
    /// Returns `nil` for anything else (dates, data, non-finite numbers).
    public init?(foundation value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case is NSNull: self = .null
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let int as any FixedWidthInteger:
            // Every integer type, by its own type (`NSNumber` is not one: it is taken below,
            // where an `Int8` bridged to it would read as a C `char`, a Boolean).
            self = .number(JSONNumber(int))
        case let double as Double where type(of: value) == Double.self: self.init(converted: JSONNumber(double))
        case let float as Float where type(of: value) == Float.self: self.init(converted: JSONNumber(float))
        case let decimal as Decimal where type(of: value) == Decimal.self:
            self.init(converted: JSONNumber(decimal.description))
        case let number as NSNumber: self.init(number: number)
        case let array as [Any]:
            let elements = array.compactMap { JSON(foundation: $0) }
            guard elements.count == array.count else { return nil }
            self = .array(elements)
        case let dictionary as [String: Any]:
            // Dictionaries have no order: sort keys so output is stable.
            let members = dictionary.keys.sorted().compactMap { key in
                JSON(foundation: dictionary[key]!).map { (key, $0) }
            }
            guard members.count == dictionary.count else { return nil }
            self = .object(JSONObject(members))
        default: self.init(otherFoundation: value)
        }
    }

    /// `.number(number)`, or `nil` when the conversion that made `number` failed.
    private init?(converted number: JSONNumber?) {
        guard let number else { return nil }
        self = .number(number)
    }

    /// The other values Swift code puts in a `[String: Any]` that are JSON under another
    /// type: `CGFloat`, `Substring`, an optional (`nil` is `null`), and a `URL` (its absolute
    /// string, as `JSONEncoder` writes it). Anything else (a `Date`, `Data`) has no one JSON
    /// form: `nil`.
    private init?(otherFoundation value: Any) {
        switch value {
        case let float as CGFloat: self.init(converted: JSONNumber(Double(float)))
        case let text as Substring: self = .string(String(text))
        case let url as URL: self = .string(url.absoluteString)
        default:
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { return nil }
            guard let wrapped = mirror.children.first?.value else {
                self = .null
                return
            }
            self.init(foundation: wrapped)
        }
    }

    private init?(number: NSNumber) {
        if number is NSDecimalNumber {
            self.init(converted: JSONNumber(number.description))
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            // JSONSerialization's true and false.
            self = .bool(number.boolValue)
        case UInt8(ascii: "f"): self.init(converted: JSONNumber(number.floatValue))
        case UInt8(ascii: "d"): self.init(converted: JSONNumber(number.doubleValue))
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
    /// The number as an `NSNumber`: a `Float` for a number written from one; exact for
    /// integers that fit 64 bits (`-0.0` is a `Double`), a `Double` for up to 15 significant
    /// digits or when the text is a `Double`'s exact value (any number this library writes),
    /// else an `NSDecimalNumber` (exact, 38 digits)
    /// whose `doubleValue`, `floatValue` and casts to `Double` are the literal's correctly
    /// rounded values, or the nearest `Double` beyond a decimal's exponent range.
    public var foundationNumber: NSNumber {
        if isSinglePrecision, let f = Float(text) { return NSNumber(value: f) }
        if let i = int64 {
            // `-0.0` is a Double's negative zero, which no integer holds.
            if i == 0, text.utf8.first == UInt8(ascii: "-"), !isPlainInteger { return NSNumber(value: -0.0) }
            return NSNumber(value: i)
        }
        if let u = uint64 { return NSNumber(value: u) }
        // A Double that is exactly this value (the text spells it, in however many digits)
        // keeps it; other numbers stay exact as a decimal where `Decimal` reaches, else the
        // nearest Double.
        guard let d = double else { return NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX")) }
        if decomposed.digits.count <= 15 || JSONNumber(d) == self { return NSNumber(value: d) }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
            return NSNumber(value: d)
        }
        return ExactDecimalNumber(decimal: decimal, text: text, double: d)
    }

    /// Whether the text is digits with an optional minus sign (no fraction, no exponent).
    private var isPlainInteger: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }
}

/// An `NSDecimalNumber` that also knows the correctly rounded `Double` and `Float` of its
/// literal: what ``JSONNumber/foundationNumber`` gives for a decimal longer than a `Double`.
///
/// `NSDecimalNumber.doubleValue` is not correctly rounded (`-59.861945999999989` reads as
/// `-59.86194599999997`), and a cast (`as? Double`) of an `NSNumber` reads `doubleValue`
/// (swift-corelibs-foundation's bridging), so both are overridden with `Double(text)` and
/// `Float(text)`, Swift's correctly rounded conversions. The decimal stays exact for
/// `as? Decimal`, `decimalValue` and the text.
final class ExactDecimalNumber: NSDecimalNumber, @unchecked Sendable {
    /// The literal's text.
    private let text: String
    /// `Double(text)`.
    private let nearest: Double

    /// The number of `text` (a JSON number's literal), as `decimal` and as `double`.
    init(decimal: Decimal, text: String, double: Double) {
        self.text = text
        nearest = double
        super.init(decimal: decimal)
    }

    /// A literal's number; the text is the value's shortest form.
    required convenience init(floatLiteral value: Double) {
        self.init(decimal: Decimal(value), text: value.description, double: value)
    }

    /// An integer literal's number.
    required convenience init(integerLiteral value: Int) {
        self.init(decimal: Decimal(value), text: String(value), double: Double(value))
    }

    /// A Boolean literal's number: 1 or 0.
    required convenience init(booleanLiteral value: Bool) {
        self.init(integerLiteral: value ? 1 : 0)
    }

    /// The number a C value of `type` holds.
    required convenience init(bytes buffer: UnsafeRawPointer, objCType type: UnsafePointer<Int8>) {
        self.init(floatLiteral: NSNumber(bytes: buffer, objCType: type).doubleValue)
    }

    /// Decoding is not supported by this number (it is never archived): `nil`.
    required init?(coder: NSCoder) { nil }

    /// `Double(text)`, correctly rounded.
    override var doubleValue: Double { nearest }

    /// `Float(text)`, correctly rounded (not the `Double` rounded again).
    override var floatValue: Float { Float(text) ?? Float(nearest) }
}
