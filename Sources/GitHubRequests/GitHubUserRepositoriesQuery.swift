/// The repositories of one user, for `GET /users/{name}/repos`.
///
/// ```swift
/// let request = try GitHubAPI().request(.userRepositories(GitHubUserRepositoriesQuery(user: "octocat", perPage: 100)))
/// // GET https://api.github.com/users/octocat/repos?per_page=100
/// ```
public struct GitHubUserRepositoriesQuery: Sendable, Equatable {
    /// Which repositories.
    public enum Kind: String, Sendable, CaseIterable {
        /// All the user's repositories.
        case all
        /// The ones the user owns (GitHub's default).
        case owner
        /// The ones the user is a member of.
        case member
    }

    /// The sort field.
    public enum Sort: String, Sendable, CaseIterable {
        /// Creation time.
        case created
        /// Last update.
        case updated
        /// Last push.
        case pushed
        /// Name (GitHub's default).
        case fullName = "full_name"
    }

    /// The user's login.
    public var user: String
    /// Which repositories; `nil` for GitHub's default.
    public var type: Kind?
    /// The sort field; `nil` for GitHub's default.
    public var sort: Sort?
    /// The direction; `nil` for GitHub's default (ascending by name, else descending).
    public var direction: GitHubSearchQuery.Order?
    /// Results per page, 1...100.
    public var perPage: Int?
    /// The page, from 1.
    public var page: Int?

    /// Creates a query.
    /// - Parameters:
    ///   - user: the login.
    ///   - type: which repositories.
    ///   - sort: the sort field.
    ///   - direction: the direction.
    ///   - perPage: 1...100.
    ///   - page: from 1.
    public init(
        user: String, type: Kind? = nil, sort: Sort? = nil, direction: GitHubSearchQuery.Order? = nil,
        perPage: Int? = nil, page: Int? = nil
    ) {
        self.user = user
        self.type = type
        self.sort = sort
        self.direction = direction
        self.perPage = perPage
        self.page = page
    }

    /// The query parameters, in order: `type`, `sort`, `direction`, `per_page`, `page` when set.
    /// - Throws: ``GitHubRequestError`` when the user is empty or paging is out of range.
    public func parameters() throws -> [(name: String, value: String)] {
        guard !user.isEmpty else { throw GitHubRequestError.emptyUserName }
        var result: [(name: String, value: String)] = []
        if let type { result.append(("type", type.rawValue)) }
        if let sort { result.append(("sort", sort.rawValue)) }
        if let direction { result.append(("direction", direction.rawValue)) }
        return result + (try GitHubRequestError.paging(perPage: perPage, page: page))
    }
}
