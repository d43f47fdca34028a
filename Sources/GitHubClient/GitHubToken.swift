import Foundation

/// A GitHub token that never prints itself: its `description`, `debugDescription` and mirror
/// (what `print`, `dump`, string interpolation and crash reports show) all read `<redacted>`.
///
/// ```swift
/// let token = GitHubToken("ghp_...")
/// print(token)          // <redacted>
/// token.value           // the token, for the Authorization header only
/// ```
public struct GitHubToken: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    /// The token itself. Read it only to build the `Authorization` header.
    public let value: String

    /// Wraps a token, without surrounding white space (token files end with a newline).
    /// - Parameter value: the token.
    /// - Returns: `nil` when the token is empty or only white space.
    public init?(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.value = trimmed
    }

    /// `<redacted>`.
    public var description: String { "<redacted>" }
    /// `GitHubToken(<redacted>)`.
    public var debugDescription: String { "GitHubToken(<redacted>)" }
    /// A mirror without children, so `dump` shows nothing of the token.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// `text` with every occurrence of the token replaced by `<redacted>`: for strings that
    /// come from the server (an echoing proxy or a hostile server could send it back).
    /// - Parameter text: any text.
    /// - Returns: the text without the token.
    public func redact(_ text: String) -> String {
        text.replacingOccurrences(of: value, with: "<redacted>")
    }
}
