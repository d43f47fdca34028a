import Foundation

/// Encodes `Encodable` values as JSON: a drop-in for `JSONEncoder`.
///
/// It is configured as `JSONEncoder` is, with the same properties and Foundation's own
/// strategy types:
///
/// ```swift
/// let encoder = YajlEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(page)
/// ```
///
/// The output is `JSONEncoder`'s: with `.sortedKeys`, byte for byte (numbers in their
/// shortest form that reads back exactly, `/` escaped unless `.withoutEscapingSlashes`, the
/// same pretty layout). Without it, keys come in the order they were encoded, where
/// `JSONEncoder` gives them in no fixed order. A key encoded twice keeps its last value.
open class YajlEncoder: @unchecked Sendable {
    /// The layout of the output: `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`.
    open var outputFormatting: JSONEncoder.OutputFormatting = []
    /// How coding keys become JSON keys.
    open var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    /// How `Date` values are written.
    open var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    /// How `Data` values are written.
    open var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    /// How infinity and NaN are written (by default they are an error).
    open var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    /// What every `Encoder` the encoding makes carries in its `userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with `JSONEncoder`'s defaults.
    public init() {}

    /// The JSON text of `value`.
    /// - Throws: `EncodingError.invalidValue` for infinity or NaN under the `.throw`
    ///   strategy, for a top-level value that encodes nothing, or what the value's
    ///   `encode(to:)` throws.
    open func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try encodedBytes(value))
    }

    /// The JSON text of `value`, as bytes.
    open func encodedBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let formatting = outputFormatting
        let options = TreeEncoder.Options(
            keys: keyEncodingStrategy, dates: dateEncodingStrategy, data: dataEncodingStrategy,
            floats: nonConformingFloatEncodingStrategy, userInfo: userInfo,
            escapesSlashes: !formatting.contains(.withoutEscapingSlashes))
        let encoder = TreeEncoder(options: options)
        guard let root = try encoder.boxIfAny(value, node: .root) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = EncodingWriter(
            arena: encoder.arena.bytes, pretty: formatting.contains(.prettyPrinted),
            sortsKeys: formatting.contains(.sortedKeys), escapesSlashes: options.escapesSlashes)
        writer.write(root)
        return writer.output
    }
}
