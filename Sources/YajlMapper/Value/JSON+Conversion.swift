import Foundation

/// A Swift type a JSON value can be read as and written from, checked: no wrapping, no
/// truncation, no string-to-number coercion. Every ``JSONScalar``, and arrays and
/// string-keyed dictionaries of readable values, to any depth.
public protocol JSONReadable {
    /// Reads `json` as this type.
    /// - Throws: ``JSONConversionError``, or for an element of a collection the failure at
    ///   its path.
    static func fromJSON(_ json: JSON) throws -> Self
    /// Reads every element of a JSON array as this type; the first failure names its index.
    static func fromJSONElements(_ elements: [JSON]) throws -> [Self]
    /// This value as JSON (numbers exact).
    var jsonValue: JSON { get }
    /// The value the mapper recorded at `token` of the tape `view` points to, read with no
    /// JSON value made on the way; `nil` reads it through ``fromJSON(_:)`` instead. The
    /// engine's: a type of yours keeps the default, which reads nothing this way.
    static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> Self?
    /// The elements of the array the mapper recorded at `token`, each read with
    /// ``_fromRecording(_:in:)``; `nil` at the first that does not read that way.
    static func _fromRecordedElements(_ token: Int, in view: UnsafeRawPointer) -> [Self]?
}

extension JSONReadable {
    /// Reads the elements one by one with ``fromJSON(_:)``. A default, so that each
    /// conformance gets a loop specialised for its own type: an array of arrays then runs
    /// generic code once per inner array, not once per element.
    public static func fromJSONElements(_ elements: [JSON]) throws -> [Self] {
        try JSON.converted(elements, fromJSON)
    }
}

/// A basic value: a number type, `Bool`, `String` or `Decimal`.
public protocol JSONScalar: JSONReadable, JSONRawValue {}

extension JSONScalar {
    /// The number `json` holds, or a type mismatch that names this type.
    static func number(in json: JSON) throws -> JSONNumber {
        guard case .number(let n) = json else {
            throw JSONConversionError.typeMismatch(expected: String(describing: Self.self), found: json.kind)
        }
        return n
    }
}

/// A type an enum's raw values may have to map by them: every ``JSONScalar``, and `NSNumber`.
public protocol JSONRawValue {
    /// Reads `json` as this type.
    /// - Throws: ``JSONConversionError``.
    static func fromJSON(_ json: JSON) throws -> Self
    /// This value as JSON.
    var jsonValue: JSON { get }
}

extension JSON {
    /// Reads this value as `T`, checking kind and range.
    ///
    /// ```swift
    /// let id: Int64 = try json["id"].value(as: Int64.self)
    /// ```
    /// - Throws: ``JSONConversionError`` naming the expected type and the kind found.
    @inlinable
    public func value<T: JSONScalar>(as type: T.Type = T.self) throws -> T {
        try T.fromJSON(self)
    }
}

extension FixedWidthInteger where Self: JSONScalar {
    /// The integer as an exact JSON number.
    public var jsonValue: JSON { .number(JSONNumber(self)) }

    /// Reads an exact integer.
    public static func fromJSON(_ json: JSON) throws -> Self {
        try number(in: json).exactInteger(Self.self)
    }
}

extension Int: JSONScalar {}
extension Int8: JSONScalar {}
extension Int16: JSONScalar {}
extension Int32: JSONScalar {}
extension Int64: JSONScalar {}
extension UInt: JSONScalar {}
extension UInt8: JSONScalar {}
extension UInt16: JSONScalar {}
extension UInt32: JSONScalar {}
extension UInt64: JSONScalar {}

extension Double: JSONScalar {
    /// The number, or `null` for infinity and NaN (JSON cannot hold them).
    public var jsonValue: JSON { JSONNumber(self).map(JSON.number) ?? .null }

    /// Reads a number in `Double` range.
    public static func fromJSON(_ json: JSON) throws -> Double {
        try number(in: json).exactDouble()
    }
}

extension Float: JSONScalar {
    /// The number (shortest text for the `Float`), or `null` for infinity and NaN.
    public var jsonValue: JSON { JSONNumber(self).map(JSON.number) ?? .null }

    /// Reads a number in `Float` range (neither too large nor, unless zero, too small).
    /// The literal is converted once (`Float(text)`, correctly rounded), never through a
    /// `Double`, which would round twice.
    public static func fromJSON(_ json: JSON) throws -> Float {
        let n = try number(in: json)
        guard let f = Float(n.text), f.isFinite, f != 0 || n.isZero else {
            throw JSONConversionError.numberOutOfRange(n.text, type: "Float")
        }
        return f
    }
}

extension Decimal: JSONScalar {
    /// The number, exactly as `Decimal` prints it; `null` for NaN.
    public var jsonValue: JSON { isNaN ? .null : (JSONNumber(description).map(JSON.number) ?? .null) }

    /// Reads a number as a `Decimal`.
    public static func fromJSON(_ json: JSON) throws -> Decimal {
        let n = try number(in: json)
        guard let d = n.decimal else { throw JSONConversionError.numberOutOfRange(n.text, type: "Decimal") }
        return d
    }
}

extension Bool: JSONScalar {
    /// `true` or `false`.
    public var jsonValue: JSON { .bool(self) }

    /// Reads `true` or `false`.
    @inlinable
    public static func fromJSON(_ json: JSON) throws -> Bool {
        guard case .bool(let b) = json else {
            throw JSONConversionError.typeMismatch(expected: "Bool", found: json.kind)
        }
        return b
    }
}

extension String: JSONScalar {
    /// The string.
    public var jsonValue: JSON { .string(self) }

    /// Reads a string.
    @inlinable
    public static func fromJSON(_ json: JSON) throws -> String {
        guard case .string(let s) = json else {
            throw JSONConversionError.typeMismatch(expected: "String", found: json.kind)
        }
        return s
    }
}

/// `NSNumber` as a raw value, so that enums backed by it (`enum Level: NSNumber`) map by
/// their raw values both ways, as in ObjectMapper, where JSON numbers and booleans arrive as
/// `NSNumber`.
extension NSNumber: JSONRawValue {
    /// The number or Boolean (`null` for a non-finite one, which JSON cannot hold).
    public var jsonValue: JSON { JSON(foundation: self) ?? .null }

    /// Reads a number as its ``JSONNumber/foundationNumber`` (an `NSDecimalNumber` keeps
    /// every digit), or a Boolean as `JSONSerialization` gives it.
    public static func fromJSON(_ json: JSON) throws -> Self {
        let number: NSNumber
        switch json {
        case .number(let n):
            number = self == NSDecimalNumber.self ? NSDecimalNumber(string: n.text) : n.foundationNumber
        case .bool(let b):
            number = NSNumber(value: b)
        default:
            throw JSONConversionError.typeMismatch(expected: String(describing: self), found: json.kind)
        }
        guard let typed = number as? Self else {
            throw JSONConversionError.typeMismatch(expected: String(describing: self), found: json.kind)
        }
        return typed
    }
}

/// A `JSON` property of a model reads whatever value is there, as it is.
extension JSON: JSONReadable {
    /// The value itself.
    public static func fromJSON(_ json: JSON) -> JSON { json }
    /// The value itself.
    public var jsonValue: JSON { self }
}
