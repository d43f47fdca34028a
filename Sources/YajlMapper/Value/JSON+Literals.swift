extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An exact integer.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A finite floating-point number.
    public init(floatLiteral value: Double) {
        guard let n = JSONNumber(value) else { preconditionFailure("JSON cannot hold \(value)") }
        self = .number(n)
    }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object, members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}

extension JSON: Sequence {
    /// Iterates `(key, value)` pairs: object members in order, or array elements with
    /// their index as the key (`"0"`, `"1"`, ...). Scalars have none.
    public func makeIterator() -> AnyIterator<(key: String, value: JSON)> {
        switch self {
        case .array(let a):
            var it = a.enumerated().makeIterator()
            return AnyIterator { it.next().map { (String($0.offset), $0.element) } }
        case .object(let o):
            var it = o.makeIterator()
            return AnyIterator { it.next() }
        default:
            return AnyIterator { nil }
        }
    }
}
