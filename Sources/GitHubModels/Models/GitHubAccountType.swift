/// The kind of a GitHub account (an owner's `type`).
///
/// A value this version does not know is kept as `.unknown(raw)` and written back as it
/// came, so new account kinds never make a response fail to decode.
public enum GitHubAccountType: GitHubOpenEnum {
    /// `User`.
    case user
    /// `Organization`.
    case organization
    /// `Bot` (GitHub Apps).
    case bot
    /// Any other value, kept as it came.
    case unknown(String)

    /// Reads a raw value; never fails.
    /// - Parameter rawValue: e.g. `Organization`.
    public init(rawValue: String) {
        switch rawValue {
        case "User": self = .user
        case "Organization": self = .organization
        case "Bot": self = .bot
        default: self = .unknown(rawValue)
        }
    }

    /// The value as GitHub writes it.
    public var rawValue: String {
        switch self {
        case .user: return "User"
        case .organization: return "Organization"
        case .bot: return "Bot"
        case .unknown(let raw): return raw
        }
    }
}
