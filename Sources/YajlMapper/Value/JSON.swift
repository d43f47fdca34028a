/// A JSON value, for dynamic access (in the spirit of SwiftyJSON).
///
/// ```swift
/// let json = try JSON(parsing: data)
/// let avatar = json["items"][0]["owner"]["avatar_url"].string
/// let same = json[path: "items.0.owner.avatar_url"].string
/// ```
///
/// Subscripting a missing key or index, or the wrong kind, gives `.null`; use
/// ``value(atPath:)`` or ``exists(_:)`` when absent and null must differ.
public enum JSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exactly as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object, members in order.
    case object(JSONObject)

    /// The kinds of JSON value, used in error messages.
    public enum Kind: String, Sendable, Equatable, CustomStringConvertible {
        case null, bool, number, string, array, object
        /// The kind's name, e.g. `string`.
        public var description: String { rawValue }
    }

    /// This value's kind.
    public var kind: Kind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    // MARK: Optional accessors (nil when the kind differs or the number does not fit)

    /// `true` for `null` (and for a missing value reached by subscripts).
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The Boolean, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The number, if this is one.
    public var number: JSONNumber? { if case .number(let n) = self { return n } else { return nil } }
    /// The number as `Int`, when it is one and fits exactly.
    public var int: Int? { number?.int }
    /// The number as `Int64`, when it is one and fits exactly.
    public var int64: Int64? { number?.int64 }
    /// The number as `UInt64`, when it is one and fits exactly.
    public var uint64: UInt64? { number?.uint64 }
    /// The number as `Double`, when it is one and in range.
    public var double: Double? { number?.double }
    /// The elements, if this is an array.
    public var array: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, if this is an object.
    public var object: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    /// The members as a Swift dictionary, if this is an object.
    public var dictionary: [String: JSON]? { object?.dictionary }

    /// The elements, or an empty array when this is not an array.
    public var arrayValue: [JSON] { array ?? [] }
    /// The members, or an empty object when this is not an object.
    public var objectValue: JSONObject { object ?? JSONObject() }

    /// The number of elements or members; 0 for scalars.
    public var count: Int {
        switch self {
        case .array(let a): return a.count
        case .object(let o): return o.count
        default: return 0
        }
    }

    // MARK: Subscripts

    /// The member for `key`, or `.null` when absent or this is not an object.
    ///
    /// Setting on an object sets the member; on `.null` it makes an object (as jq does:
    /// `json["a"]["b"] = 1` makes the levels missing). On an array, a string, a number or a
    /// Boolean it does nothing, as in SwiftyJSON: the value is never replaced by an object.
    public subscript(key: String) -> JSON {
        get {
            if case .object(let o) = self { return o[key] ?? .null }
            return .null
        }
        set {
            switch self {
            case .object(var o):
                self = .null // (The object's storage stays unique while it changes.)
                o[key] = newValue
                self = .object(o)
            case .null:
                self = .object(JSONObject([(key, newValue)]))
            default:
                break
            }
        }
    }

    /// The element at `index`, or `.null` when out of range or this is not an array.
    ///
    /// Setting past the end pads the array with `null` up to `index` (on `.null`, which
    /// becomes an array, too), as jq does, so `json["items"][3]["name"] = "x"` keeps what it
    /// writes. A negative index, and any index on an object, a string, a number or a
    /// Boolean, does nothing, as in SwiftyJSON (never a trap).
    public subscript(index: Int) -> JSON {
        get {
            if case .array(let a) = self, a.indices.contains(index) { return a[index] }
            return .null
        }
        set {
            var a: [JSON]
            switch self {
            case .array(let elements): a = elements
            case .null: a = []
            default: return
            }
            guard index >= 0 else { return }
            self = .null // (The array's storage stays unique while it changes.)
            if index >= a.count { a.append(contentsOf: repeatElement(.null, count: index - a.count + 1)) }
            a[index] = newValue
            self = .array(a)
        }
    }
}
