/// Whether an issue, a pull request or a milestone is open (`state`).
public enum GitHubIssueState: GitHubOpenEnum {
    /// `open`.
    case open
    /// `closed`.
    case closed
    /// Any other value, kept as it came.
    case unknown(String)

    /// Reads a raw value; never fails.
    public init(rawValue: String) {
        switch rawValue {
        case "open": self = .open
        case "closed": self = .closed
        default: self = .unknown(rawValue)
        }
    }

    /// The value as GitHub writes it.
    public var rawValue: String {
        switch self {
        case .open: return "open"
        case .closed: return "closed"
        case .unknown(let raw): return raw
        }
    }
}
