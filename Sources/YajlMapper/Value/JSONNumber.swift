import Foundation

/// A JSON number kept exactly as written, converted only on request and only when exact.
///
/// `JSONNumber("123456789012345678901234567890")` stays that text; asking for an `Int64`
/// gives `nil` (or, from the throwing API, ``JSONConversionError/numberOutOfRange(_:type:)``),
/// never a wrapped or truncated value.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's literal text, e.g. `-12.5e3`.
    public let text: String
    /// Whether the number was written from a `Float`: its Foundation form is then a
    /// `Float`-backed `NSNumber`, which casts to `Float` (`as? Float`) on Linux, as
    /// ObjectMapper's `toJSON()` gives a `Float` property. Not part of the value (`==`).
    let isSinglePrecision: Bool

    /// Wraps number text without checking it; the parser only passes valid JSON numbers.
    init(unchecked text: String, isSinglePrecision: Bool = false) {
        self.text = text
        self.isSinglePrecision = isSinglePrecision
    }

    /// Creates a number from text, when it is a valid JSON number.
    public init?(_ text: String) {
        guard JSONNumber.isValid(text) else { return nil }
        self.init(unchecked: text)
    }

    /// Creates an exact number from an integer.
    public init<T: BinaryInteger>(_ value: T) { self.init(unchecked: String(value)) }

    /// Creates a number from a finite floating-point value (shortest text that round-trips).
    /// Returns `nil` for infinity and NaN, which JSON cannot hold.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        // Whole values keep a fractional part so they read back as floating point.
        self.init(unchecked: value.description)
    }

    /// A number written from a `Float` (its shortest text), whose Foundation form is a
    /// `Float`; `nil` for infinity and NaN.
    init?(_ value: Float) {
        guard value.isFinite else { return nil }
        self.init(unchecked: value.description, isSinglePrecision: true)
    }

    /// The text.
    public var description: String { text }

    /// The value as `T` when it fits exactly (`1e3` is 1000; `1.5` and `1e30` are `nil` for `Int`).
    @inlinable
    public func integer<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        try? exactInteger(T.self)
    }

    /// The value as `Int`, when exact.
    public var int: Int? { integer(Int.self) }
    /// The value as `Int64`, when exact.
    public var int64: Int64? { integer(Int64.self) }
    /// The value as `UInt64`, when exact.
    public var uint64: UInt64? { integer(UInt64.self) }

    /// The nearest `Double`; `nil` when the number is too large for a `Double` (e.g. `1e400`).
    public var double: Double? {
        // Correctly rounded, as `Double(text)`, in a fraction of its time (see `parseJSONDouble`).
        let value = text.utf8.withContiguousStorageIfAvailable(parseJSONDouble) ?? Double(text)
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// The value as a `Decimal` (38 significant digits).
    public var decimal: Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }

    /// Converts to an integer type, exactly.
    /// - Throws: ``JSONConversionError/numberOutOfRange(_:type:)`` when it does not fit,
    ///   ``JSONConversionError/notAnInteger(_:type:)`` when it has a fractional part.
    public func exactInteger<T: FixedWidthInteger>(_: T.Type) throws -> T {
        // Fast paths: plain integer text, up to 18 digits in one pass, then any length.
        if let short = text.utf8.withContiguousStorageIfAvailable(Self.shortInteger) ?? nil,
            let value = T(exactly: short)
        {
            return value
        }
        if let value = T(text, radix: 10) { return value }
        let typeName = String(describing: T.self)
        let outOfRange = JSONConversionError.numberOutOfRange(text, type: typeName)
        let parts = decomposed
        if parts.digits.isEmpty { return 0 }
        if parts.exponent < 0 { throw JSONConversionError.notAnInteger(text, type: typeName) }
        if parts.digits.count + parts.exponent > 40 { throw outOfRange }
        var magnitude = T.Magnitude(0)
        for digit in parts.digits + Array(repeating: 0, count: parts.exponent) {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(T.Magnitude(digit))
            if o1 || o2 { throw outOfRange }
            magnitude = next
        }
        // -(T.max + 1) is representable in signed types.
        if parts.negative, T.isSigned, magnitude == T.Magnitude(T.max) + 1 { return T.min }
        guard magnitude <= T.Magnitude(T.max), !parts.negative || T.isSigned else { throw outOfRange }
        return parts.negative ? 0 - T(magnitude) : T(magnitude)
    }

    /// The value of up to 18 digits with an optional minus sign; `nil` for anything else
    /// (a fraction, an exponent, more digits), which the general path decides. Eighteen
    /// digits always fit an `Int64`.
    static func shortInteger(_ utf8: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard var byte = utf8.baseAddress, utf8.count <= 19 else { return nil }
        let end = byte + utf8.count
        let negative = byte.pointee == UInt8(ascii: "-")
        if negative { byte += 1 }
        guard byte < end, end - byte <= 18 else { return nil }
        var magnitude: Int64 = 0
        repeat {
            let digit = byte.pointee &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude &* 10 &+ Int64(digit)
            byte += 1
        } while byte < end
        return negative ? -magnitude : magnitude
    }

    /// Converts to `Double` (the nearest one).
    /// - Throws: ``JSONConversionError/numberOutOfRange(_:type:)`` when the magnitude is too
    ///   large (`1e400`), or too small for any `Double` but zero (`1e-400`, which ``double``
    ///   rounds to 0): as `JSONDecoder`, never a silent infinity or zero.
    public func exactDouble() throws -> Double {
        guard let value = double, value != 0 || isZero else {
            throw JSONConversionError.numberOutOfRange(text, type: "Double")
        }
        return value
    }

    /// Whether the number is zero (`0`, `-0.0`, `0e5`): its digits before any exponent are all `0`.
    var isZero: Bool {
        var text = text
        return text.withUTF8(Self.isZeroLiteral)
    }

    /// Whether a number literal is zero: no digit 1-9 before any exponent.
    static func isZeroLiteral(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    /// The number as sign, significant digits (no leading or trailing zeros) and a power of ten.
    var decomposed: (negative: Bool, digits: [UInt8], exponent: Int) {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var exponentText = ""
        var inFraction = false
        var inExponent = false
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "-") where !inExponent: negative = true
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case _ where inExponent: exponentText.append(Character(UnicodeScalar(c)))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if digits.isEmpty && c == UInt8(ascii: "0") {
                    if inFraction { exponent -= 1 }
                    continue
                }
                digits.append(c - UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            default: break
            }
        }
        // Saturate absurd exponents: they are out of range for every conversion anyway.
        if !exponentText.isEmpty {
            exponent += Int(exponentText) ?? (exponentText.hasPrefix("-") ? -1_000_000 : 1_000_000)
        }
        while let last = digits.last, last == 0 { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return (false, [], 0) }
        return (negative, digits, exponent)
    }

    /// Numbers are equal when their values are, whatever the spelling (`1.0 == 1`, `1e2 == 100`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        let a = lhs.decomposed, b = rhs.decomposed
        return a.negative == b.negative && a.digits == b.digits && a.exponent == b.exponent
    }

    /// Hashes the value, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        let parts = decomposed
        hasher.combine(parts.negative)
        hasher.combine(parts.digits)
        hasher.combine(parts.exponent)
    }

    /// Whether `text` is a JSON number (RFC 8259 grammar); `lenient` also takes a `+`, leading
    /// zeros and a fraction with no digit on one side (`1.`, `.5`), as transforms read text.
    static func isValid(_ text: String, lenient: Bool = false) -> Bool {
        var it = Array(text.utf8)[...]
        func digits() -> Int {
            var n = 0
            while let c = it.first, c >= 48, c <= 57 { it.removeFirst(); n += 1 }
            return n
        }
        func sign(plus: Bool) {
            if let c = it.first, c == UInt8(ascii: "-") || (plus && c == UInt8(ascii: "+")) { it.removeFirst() }
        }
        sign(plus: lenient)
        if lenient {
            let whole = digits()
            if it.first == UInt8(ascii: ".") { it.removeFirst() }
            if whole + digits() == 0 { return false }
        } else {
            if it.first == UInt8(ascii: "0") { it.removeFirst() } else if digits() == 0 { return false }
            if it.first == UInt8(ascii: ".") { it.removeFirst(); if digits() == 0 { return false } }
        }
        if let c = it.first, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            it.removeFirst()
            sign(plus: true)
            if digits() == 0 { return false }
        }
        return it.isEmpty
    }
}
