import YajlMapper

/// A page of `GET /search/repositories`: the total count and this page's repositories.
///
/// ```swift
/// let page = try Mapper<GitHubRepositories>(strict: true).map(data: body)
/// print("\(page.totalCount) results")
/// for repo in page.items { print(repo.fullName, repo.stargazersCount) }
/// ```
public struct GitHubRepositories: Mappable, Equatable, Sendable {
    /// `total_count`: how many repositories match the query (across all pages).
    public var totalCount: Int = 0
    /// `incomplete_results`: the search timed out and the results may be partial.
    public var incompleteResults: Bool = false
    /// `items`: the repositories of this page.
    public var items: [GitHubRepository] = []

    /// Creates a page.
    /// - Parameters:
    ///   - totalCount: the number of matches across all pages.
    ///   - incompleteResults: whether the search timed out.
    ///   - items: this page's repositories.
    public init(totalCount: Int = 0, incompleteResults: Bool = false, items: [GitHubRepository] = []) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
    }

    /// Creates an empty page for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps `total_count`, `incomplete_results` and `items`, in both directions.
    public mutating func mapping(map: Map) {
        totalCount <- map["total_count"]
        incompleteResults <- map["incomplete_results"]
        items <- map["items"]
    }
}
