import Foundation

/// Decodes `Decodable` types from JSON with yajl: a drop-in for `JSONDecoder`.
///
/// It is configured as `JSONDecoder` is, with the same properties and Foundation's own
/// strategy types, so code that sets up a `JSONDecoder` compiles with the type name changed:
///
/// ```swift
/// let decoder = YajlDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let page = try decoder.decode(SearchPage.self, from: data)
/// ```
///
/// Values and errors are `JSONDecoder`'s: the same `DecodingError` case at the same coding
/// path, with the line and column added to each `debugDescription`. A number that does not
/// fit its type is `dataCorrupted` at the number's own path (`JSONDecoder` reports it at the
/// root). Every `Double` and `Float` is the correctly rounded value of its literal.
open class YajlDecoder: @unchecked Sendable {
    /// How JSON keys become coding keys.
    open var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// How `Date` values are read.
    open var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    /// How `Data` values are read.
    open var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    /// How `Double` and `Float` read non-conforming values (infinity, NaN) given as strings.
    open var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    /// What every `Decoder` the decoding makes carries in its `userInfo`.
    open var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// What input the parser accepts (comments, depth, ...).
    open var parseOptions = JSONParseOptions()

    /// Creates a decoder with `JSONDecoder`'s defaults.
    public init() {}

    /// Decodes a value from a JSON document.
    /// - Throws: `DecodingError`: `dataCorrupted` (with the parse error as its underlying
    ///   error) when the input is not valid JSON, else as `JSONDecoder` does.
    open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(T.self, fromBytes: $0) }
    }

    /// Decodes a value from a JSON document's bytes.
    open func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(T.self, fromBytes: $0) }
    }

    /// Decodes a value from a file or standard input, read whole first.
    /// - Throws: ``JSONInputError`` when the input cannot be read, else as
    ///   ``decode(_:from:)-(_,Data)``.
    open func decode<T: Decodable>(_ type: T.Type, from input: JSONInput) throws -> T {
        var bytes: [UInt8] = []
        try input.read { bytes.append(contentsOf: $0) }
        return try decode(T.self, from: bytes)
    }

    /// The plans learned, one per root type.
    private let plans = DecodePlans()

    /// The decoding of one whole document in memory: recorded with `T`'s plan and decoded;
    /// on a miss, or without a plan, recorded whole and decoded while the plan learns.
    private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer) throws -> T {
        let options = options
        let planned = DecodePlans.enabled && options.usesDefaultKeys
        let known = planned ? plans.plan(for: T.self) : nil
        if let known {
            let session = TapeDecoder.Session(plan: known, learning: false)
            let tape = try record(bytes, plan: known)
            let decoder = TapeDecoder(tape: tape, input: bytes, options: options, session: session)
            do {
                let value = try decoder.decodeRoot(T.self)
                if !session.missed { return value }
            } catch {
                if !session.missed { throw error }
            }
        }
        let learning = planned && plans.mayLearn(T.self)
        let plan = learning ? known?.copy() ?? DecodePlan() : nil
        let session = TapeDecoder.Session(plan: plan, learning: learning)
        let tape = try record(bytes, plan: nil)
        let value = try TapeDecoder(tape: tape, input: bytes, options: options, session: session).decodeRoot(T.self)
        if let plan { plans.publish(plan, for: T.self, replacing: known != nil) }
        return value
    }

    /// The tape of a document, by `plan` (`nil`: whole).
    /// - Throws: `DecodingError.dataCorrupted` when the input is not valid JSON.
    private func record(_ bytes: UnsafeRawBufferPointer, plan: DecodePlan?) throws -> DecodingTape {
        do {
            return try JSONStreamParser.parse(bytes, handler: TapeRecorder(plan: plan), options: parseOptions).tape
        } catch let error as JSONParseError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON: \(error)",
                    underlyingError: error))
        }
    }

    /// The settings a decoding reads, copied once.
    var options: TapeDecoder.Options {
        TapeDecoder.Options(
            keys: keyDecodingStrategy, dates: dateDecodingStrategy, data: dataDecodingStrategy,
            floats: nonConformingFloatDecodingStrategy, userInfo: userInfo)
    }
}
