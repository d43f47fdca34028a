import Foundation

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
