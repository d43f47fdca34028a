import Foundation

/// Converts between `URL` and its string (ObjectMapper's `URLTransform`).
///
/// ```swift
/// avatar <- (map["avatar_url"], URLTransform())
/// link <- (map["link"], URLTransform(shouldEncodeURLString: true))  // "a b" → "a%20b"
/// ```
open class URLTransform: TransformType, @unchecked Sendable {
    // @unchecked: the class is open (as in ObjectMapper); its state is immutable value types.

    /// The model's type.
    public typealias Object = URL
    /// The JSON side's type.
    public typealias JSON = String

    private let shouldEncodeURLString: Bool
    private let allowedCharacterSet: CharacterSet

    /// Creates a URL transform.
    /// - Parameters:
    ///   - shouldEncodeURLString: Whether to percent-encode the string before making the URL,
    ///     for strings with spaces or other characters a URL cannot hold. Off by default.
    ///   - allowedCharacterSet: The characters left as they are when encoding.
    public init(shouldEncodeURLString: Bool = false, allowedCharacterSet: CharacterSet = .urlQueryAllowed) {
        self.shouldEncodeURLString = shouldEncodeURLString
        self.allowedCharacterSet = allowedCharacterSet
    }

    /// Makes a URL from a string, percent-encoding it first when asked to.
    /// - Returns: The URL, or `nil` when `value` is not a string or not a valid URL (e.g. empty).
    open func transformFromJSON(_ value: Any?) -> URL? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        let characters = allowedCharacterSet
        let text = shouldEncodeURLString ? string.addingPercentEncoding(withAllowedCharacters: characters) : string
        return text.flatMap { URL(string: $0) }
    }

    /// Writes the URL's absolute string.
    /// - Returns: The string, or `nil` for a `nil` URL.
    open func transformToJSON(_ value: URL?) -> String? { value?.absoluteString }
}
