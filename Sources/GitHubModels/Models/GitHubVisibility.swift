/// Who can see a repository (`visibility`).
///
/// A value this version does not know is kept as `.unknown(raw)` and written back as it came.
public enum GitHubVisibility: GitHubOpenEnum {
    /// `public`.
    case `public`
    /// `private`.
    case `private`
    /// `internal` (GitHub Enterprise: visible to the enterprise's members).
    case `internal`
    /// Any other value, kept as it came.
    case unknown(String)

    /// Reads a raw value; never fails.
    /// - Parameter rawValue: e.g. `public`.
    public init(rawValue: String) {
        switch rawValue {
        case "public": self = .public
        case "private": self = .private
        case "internal": self = .internal
        default: self = .unknown(rawValue)
        }
    }

    /// The value as GitHub writes it.
    public var rawValue: String {
        switch self {
        case .public: return "public"
        case .private: return "private"
        case .internal: return "internal"
        case .unknown(let raw): return raw
        }
    }
}
