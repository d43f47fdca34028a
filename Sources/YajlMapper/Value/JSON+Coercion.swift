import Foundation

// What code written for SwiftyJSON reaches for: getters that never give `nil` (each
// converts what it can and falls back to an empty value), and initialisers that never throw.
// The optional getters (`string`, `int`, ...) and `value(as:)` stay exact; these are for
// display and defaults.

extension JSON {
    /// The string; a number's text as written, `"true"` or `"false"` for a Boolean; `""` for
    /// `null`, arrays and objects (SwiftyJSON's `stringValue`).
    public var stringValue: String {
        switch self {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        default: ""
        }
    }

    /// A Boolean, a number other than 0, or a string `true`, `yes`, `y`, `t` or `1` (any
    /// case) is `true`; anything else `false` (SwiftyJSON's `boolValue`).
    public var boolValue: Bool {
        switch self {
        case .bool(let flag): flag
        case .number(let number): !number.isZero
        case .string(let text): ["true", "yes", "y", "t", "1"].contains(text.lowercased())
        default: false
        }
    }

    /// The number, or a string that is a JSON number, or 1 and 0 for a Boolean; else 0.
    private var numberForValue: JSONNumber? {
        switch self {
        case .number(let number): number
        case .string(let text): JSONNumber(text.trimmingCharacters(in: .whitespaces))
        case .bool(let flag): JSONNumber(flag ? 1 : 0)
        default: nil
        }
    }

    /// A number or numeric string as a `Double` (the nearest), 1 or 0 for a Boolean; else 0.
    public var doubleValue: Double { numberForValue?.double ?? 0 }

    /// A number or numeric string as a `Float` (the nearest, from the text: never rounded
    /// twice through a `Double`), 1 or 0 for a Boolean; else 0.
    public var floatValue: Float { numberForValue.flatMap { Float($0.text) } ?? 0 }

    /// A number or numeric string as an `Int`, its fraction dropped (`2.7` is 2); 1 or 0 for
    /// a Boolean; 0 otherwise and when it does not fit (never wrapped, as SwiftyJSON's
    /// `intValue` would).
    public var intValue: Int { integerValue(Int.self) }

    /// ``intValue`` as an `Int64`.
    public var int64Value: Int64 { integerValue(Int64.self) }

    /// ``intValue`` as a `UInt64` (0 for a negative number).
    public var uint64Value: UInt64 { integerValue(UInt64.self) }

    private func integerValue<T: FixedWidthInteger>(_: T.Type) -> T {
        guard let number = numberForValue else { return 0 }
        if let exact = try? number.exactInteger(T.self) { return exact }
        guard let double = number.double, double.isFinite else { return 0 }
        return T(exactly: double.rounded(.towardZero)) ?? 0
    }

    /// The members as a dictionary; empty when this is not an object.
    public var dictionaryValue: [String: JSON] { dictionary ?? [:] }

    /// The text of this value, as SwiftyJSON's `rawString()`: a string as itself (no quotes),
    /// a number as written, `true`, `false`, `null`; an array or object as JSON (pretty by
    /// default, without a final newline).
    public func rawString(pretty: Bool = true) -> String? {
        switch self {
        case .string(let text): return text
        case .number, .bool: return stringValue
        case .null: return "null"
        case .array, .object:
            guard let text = try? serialized(pretty ? .pretty : .compact) else { return nil }
            return text.hasSuffix("\n") ? String(text.dropLast()) : text
        }
    }

    /// Parses JSON text; `.null` when it is not JSON (SwiftyJSON's `JSON(parseJSON:)`; use
    /// ``init(parsing:options:duplicateKeys:)-(String,_,_)`` to learn why).
    public init(parseJSON text: String) {
        self = (try? JSON(parsing: text)) ?? .null
    }

    /// Parses JSON bytes (SwiftyJSON's `JSON(data:)`).
    /// - Throws: ``JSONParseError``.
    public init(data: Data) throws {
        try self.init(parsing: data)
    }

    /// A value from Swift or Foundation values (SwiftyJSON's `JSON(_:)`): a `JSON`, a
    /// `JSONNumber`, a `JSONObject` or an array or dictionary of `JSON` as it is, `Data`
    /// parsed, anything else as ``init(foundation:)`` converts it; `.null` when it cannot be.
    public init(_ object: Any) {
        switch object {
        case let json as JSON: self = json
        case let number as JSONNumber: self = .number(number)
        case let members as JSONObject: self = .object(members)
        case let elements as [JSON]: self = .array(elements)
        case let members as [String: JSON]:
            self = .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        case let data as Data: self = (try? JSON(parsing: data)) ?? .null
        default: self = JSON(foundation: object) ?? .null
        }
    }
}
