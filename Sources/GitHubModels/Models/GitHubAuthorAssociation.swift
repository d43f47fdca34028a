/// How the author of an issue, pull request or comment is related to its repository
/// (`author_association`).
public enum GitHubAuthorAssociation: GitHubOpenEnum {
    /// `OWNER`: owns the repository.
    case owner
    /// `MEMBER`: a member of the organization that owns it.
    case member
    /// `COLLABORATOR`: invited to collaborate on it.
    case collaborator
    /// `CONTRIBUTOR`: has committed to it before.
    case contributor
    /// `FIRST_TIME_CONTRIBUTOR`: contributes to it for the first time.
    case firstTimeContributor
    /// `FIRST_TIMER`: contributes to GitHub for the first time.
    case firstTimer
    /// `MANNEQUIN`: a placeholder for an imported user.
    case mannequin
    /// `NONE`: no relation.
    case none
    /// Any other value, kept as it came.
    case unknown(String)

    /// The values this version knows.
    private static let known: [Self] = [
        .owner, .member, .collaborator, .contributor, .firstTimeContributor, .firstTimer, .mannequin, .none,
    ]

    /// Reads a raw value; never fails.
    public init(rawValue: String) { self = Self.known.first { $0.rawValue == rawValue } ?? .unknown(rawValue) }

    /// The value as GitHub writes it.
    public var rawValue: String {
        switch self {
        case .owner: return "OWNER"
        case .member: return "MEMBER"
        case .collaborator: return "COLLABORATOR"
        case .contributor: return "CONTRIBUTOR"
        case .firstTimeContributor: return "FIRST_TIME_CONTRIBUTOR"
        case .firstTimer: return "FIRST_TIMER"
        case .mannequin: return "MANNEQUIN"
        case .none: return "NONE"
        case .unknown(let raw): return raw
        }
    }
}
