import Foundation
import YajlMapper

/// How GitHub writes dates: ISO 8601 strings (`2024-02-29T23:59:59Z`), except in the
/// `push` webhook's `repository`, whose `created_at` and `pushed_at` are Unix seconds.
/// The models read both, with the mapper (``transform``) and with a decoder
/// (``decode(_:)`` as its strategy):
///
/// ```swift
/// let decoder = YajlDecoder()  // or JSONDecoder()
/// decoder.dateDecodingStrategy = .custom(GitHubDates.decode)
/// ```
public enum GitHubDates {
    /// The transform every date of the models maps through.
    public static let transform = Transform()

    /// An ISO 8601 date-time string or a number of Unix seconds, as a `Date`; written as an
    /// ISO 8601 string.
    public final class Transform: ISO8601DateTransform, @unchecked Sendable {
        /// Reads a date-time string, or a number as Unix seconds (as ``DateTransform`` reads it).
        override public func transformFromJSON(_ value: Any?) -> Date? {
            value is String ? super.transformFromJSON(value) : GitHubDates.seconds.transformFromJSON(value)
        }
    }

    /// What reads a number of Unix seconds.
    private static let seconds = DateTransform()

    /// Decodes a date-time string, or a number as Unix seconds: a `.custom` date decoding
    /// strategy for `YajlDecoder` and `JSONDecoder`.
    /// - Throws: `DecodingError.dataCorrupted` for a string that is not a date-time.
    public static func decode(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
        let text = try container.decode(String.self)
        guard let date = ISO8601DateTransform.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an ISO 8601 date: \(text)")
        }
        return date
    }
}
