/// A string enum of the API that keeps values it does not know (as `.unknown(raw)`, written
/// back as they came), so a new value never makes a response fail to decode. It is
/// `Codable` as its raw string, and maps with `<-` as any `RawRepresentable` does.
public protocol GitHubOpenEnum: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// Reads a raw value; never fails.
    init(rawValue: String)
}

extension GitHubOpenEnum {
    /// Decodes the raw string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the raw string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }
}
