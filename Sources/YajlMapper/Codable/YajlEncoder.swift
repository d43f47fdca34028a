import Foundation

/// Encodes `Encodable` values as JSON: a drop-in for `JSONEncoder`.
///
/// It is configured as `JSONEncoder` is, with the same properties and Foundation's own
/// strategy types (also spelled through it: `YajlEncoder.OutputFormatting`):
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
/// `JSONEncoder` gives them in no fixed order. A value encoded twice at a key keeps its last
/// value; a second container asked for at a key adds to the first. Where `JSONEncoder`
/// stops the program (a container asked for where a value of another kind is), the encoding
/// throws `EncodingError.invalidValue` naming the key path. Its settings are kept behind a
/// lock, so one encoder may be configured and used from several threads.
open class YajlEncoder: @unchecked Sendable {
    /// The layout of the output (Foundation's type).
    public typealias OutputFormatting = JSONEncoder.OutputFormatting
    /// How coding keys become JSON keys (Foundation's type).
    public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy
    /// How `Date` values are written (Foundation's type).
    public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
    /// How `Data` values are written (Foundation's type).
    public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
    /// How infinity and NaN are written (Foundation's type).
    public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy

    /// Every setting, copied whole by each encoding.
    struct Settings {
        /// ``outputFormatting``.
        var formatting: OutputFormatting = []
        /// ``keyEncodingStrategy``.
        var keys: KeyEncodingStrategy = .useDefaultKeys
        /// ``dateEncodingStrategy``.
        var dates: DateEncodingStrategy = .deferredToDate
        /// ``dataEncodingStrategy``.
        var data: DataEncodingStrategy = .base64
        /// ``nonConformingFloatEncodingStrategy``.
        var floats: NonConformingFloatEncodingStrategy = .throw
        /// ``userInfo``.
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        /// Whether `/` is written `\/`.
        var escapesSlashes: Bool { !formatting.contains(.withoutEscapingSlashes) }
        /// Whether keys are written as they are.
        var usesDefaultKeys: Bool {
            if case .useDefaultKeys = keys { return true }
            return false
        }
    }

    /// The settings, behind a lock.
    private let settings = CoderSettings(Settings())

    /// The layout of the output: `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`.
    open var outputFormatting: OutputFormatting {
        get { settings[\.formatting] }
        set { settings[\.formatting] = newValue }
    }
    /// How coding keys become JSON keys.
    open var keyEncodingStrategy: KeyEncodingStrategy {
        get { settings[\.keys] }
        set { settings[\.keys] = newValue }
    }
    /// How `Date` values are written.
    open var dateEncodingStrategy: DateEncodingStrategy {
        get { settings[\.dates] }
        set { settings[\.dates] = newValue }
    }
    /// How `Data` values are written.
    open var dataEncodingStrategy: DataEncodingStrategy {
        get { settings[\.data] }
        set { settings[\.data] = newValue }
    }
    /// How infinity and NaN are written (by default they are an error).
    open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { settings[\.floats] }
        set { settings[\.floats] = newValue }
    }
    /// What every `Encoder` the encoding makes carries in its `userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { settings[\.userInfo] }
        set { settings[\.userInfo] = newValue }
    }

    /// Creates an encoder with `JSONEncoder`'s defaults.
    public init() {}

    /// The JSON text of `value`.
    /// - Throws: `EncodingError.invalidValue` for infinity or NaN under the `.throw`
    ///   strategy, for a top-level value that encodes nothing, for a container asked for
    ///   where a value of another kind is, or what the value's `encode(to:)` throws.
    open func encode<T: Encodable>(_ value: T) throws -> Data { Data(try encodedBytes(value)) }

    /// The JSON text of `value`, as bytes.
    open func encodedBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        try encodedBytes(value) { try $0.boxIfAny(value, node: .root) }
    }

    /// The JSON text of a value that needs a configuration to encode, as `JSONEncoder` gives it.
    open func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        Data(
            try encodedBytes(value) { encoder in
                try encoder.produce(node: .root) { try value.encode(to: encoder, configuration: configuration) }
            })
    }

    /// The JSON text of a value whose configuration `C` provides, as `JSONEncoder` gives it.
    open func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
    where
        T: EncodableWithConfiguration, C: EncodingConfigurationProviding,
        T.EncodingConfiguration == C.EncodingConfiguration
    {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// The JSON text of `value`, which `box` encodes with the tree encoder of this encoding.
    private func encodedBytes<T>(_ value: T, _ box: (TreeEncoder) throws -> EncodingNode.Value?) throws -> [UInt8] {
        let settings = settings.current
        let formatting = settings.formatting
        let encoder = TreeEncoder(options: settings)
        let encoded = try box(encoder)
        if let conflict = encoder.arena.conflict { throw conflict }
        guard let root = encoded else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = EncodingWriter(
            arena: encoder.arena.bytes, pretty: formatting.contains(.prettyPrinted),
            sortsKeys: formatting.contains(.sortedKeys), escapesSlashes: settings.escapesSlashes)
        writer.write(root)
        return writer.output
    }
}
