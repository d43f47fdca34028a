/// A gzip input that could not be decompressed: its data is corrupt, or it ends inside a member.
public struct GzipInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the compressed data.
    public enum Kind: Sendable, Equatable {
        /// zlib refused the data; its message, e.g. `incorrect data check`.
        case corrupt(String)
        /// The input ended before the last member's end (a cut or truncated file).
        case truncated
    }

    /// The path as given (`-` for standard input).
    public var path: String
    /// What is wrong.
    public var kind: Kind

    /// Creates an error for the input at `path`.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// `gzip data is corrupt: MESSAGE` or `gzip stream ends early`.
    public var reason: String {
        switch kind {
        case .corrupt(let message): "gzip data is corrupt: \(message)"
        case .truncated: "gzip stream ends early"
        }
    }

    /// `PATH: reason`.
    public var description: String { "\(path): \(reason)" }
}
