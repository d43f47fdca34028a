/// A repository search for `GET /search/repositories`: free text, qualifiers, sort, order
/// and paging.
///
/// ```swift
/// var query = GitHubSearchQuery("tetris", .language("assembly"), .stars(atLeast: 2000))
/// query.sort = .stars
/// query.perPage = 50
/// let request = try GitHubAPI().request(.searchRepositories(query))
/// // GET https://api.github.com/search/repositories?q=tetris+language:assembly+stars:%3E%3D2000&sort=stars&order=desc&per_page=50
/// ```
public struct GitHubSearchQuery: Sendable, Equatable {
    /// A search qualifier, `name:value` (`language:swift`, `stars:>=2000`, `user:octocat`).
    public struct Qualifier: Sendable, Equatable {
        /// The qualifier's name, e.g. `language`.
        public var name: String
        /// Its value, e.g. `>=2000`; a value with spaces is quoted in the query.
        public var value: String

        /// Creates a qualifier.
        /// - Parameters:
        ///   - name: e.g. `topic`.
        ///   - value: e.g. `swift`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }

        /// `language:NAME`.
        public static func language(_ name: String) -> Qualifier { Qualifier("language", name) }
        /// `user:NAME`: repositories of a user.
        public static func user(_ name: String) -> Qualifier { Qualifier("user", name) }
        /// `org:NAME`: repositories of an organization.
        public static func org(_ name: String) -> Qualifier { Qualifier("org", name) }
        /// `topic:NAME`.
        public static func topic(_ name: String) -> Qualifier { Qualifier("topic", name) }
        /// `stars:EXPR`, e.g. `>=2000`, `10..50`, `<100`.
        public static func stars(_ expression: String) -> Qualifier { Qualifier("stars", expression) }
        /// `stars:>=N`.
        public static func stars(atLeast count: Int) -> Qualifier { Qualifier("stars", ">=\(count)") }
        /// `stars:LOW..HIGH`.
        public static func stars(_ range: ClosedRange<Int>) -> Qualifier {
            Qualifier("stars", "\(range.lowerBound)..\(range.upperBound)")
        }
        /// `forks:EXPR`.
        public static func forks(_ expression: String) -> Qualifier { Qualifier("forks", expression) }
        /// `in:name`, `in:description`, `in:readme` or a comma-separated mix.
        public static func within(_ fields: String) -> Qualifier { Qualifier("in", fields) }
        /// `is:public`, `is:private`, `is:template`...
        public static func `is`(_ value: String) -> Qualifier { Qualifier("is", value) }
        /// `license:KEY`, e.g. `mit`, `apache-2.0`.
        public static func license(_ key: String) -> Qualifier { Qualifier("license", key) }
        /// `created:DATES`, e.g. `>=2024-01-01`, `2023-01-01..2023-12-31`.
        public static func created(_ dates: String) -> Qualifier { Qualifier("created", dates) }
        /// `pushed:DATES`: when the repository was last updated (pushed to).
        public static func pushed(_ dates: String) -> Qualifier { Qualifier("pushed", dates) }
        /// `archived:true` or `archived:false`.
        public static func archived(_ value: Bool) -> Qualifier { Qualifier("archived", value ? "true" : "false") }

        /// `name:value`, the value in double quotes when it has white space.
        public var text: String {
            value.contains(where: \.isWhitespace) ? "\(name):\"\(value)\"" : "\(name):\(value)"
        }
    }

    /// The sort field; `nil` (best match) when not set.
    public enum Sort: String, Sendable, CaseIterable {
        /// By stars.
        case stars
        /// By forks.
        case forks
        /// By the number of issues labelled "help wanted".
        case helpWantedIssues = "help-wanted-issues"
        /// By last update.
        case updated
    }

    /// The sort order; GitHub's default is descending.
    public enum Order: String, Sendable, CaseIterable {
        /// Ascending.
        case asc
        /// Descending.
        case desc
    }

    /// Free text (keywords), e.g. `tetris`.
    public var text: String
    /// Qualifiers, written after the text in order.
    public var qualifiers: [Qualifier]
    /// The sort field; `nil` for best match.
    public var sort: Sort?
    /// The order; `nil` leaves GitHub's default (descending). Ignored by GitHub for best match.
    public var order: Order?
    /// Results per page, 1...100; `nil` for GitHub's default (30).
    public var perPage: Int?
    /// The page, from 1; `nil` for the first.
    public var page: Int?

    /// Creates a query.
    /// - Parameters:
    ///   - text: keywords.
    ///   - qualifiers: qualifiers, in order.
    ///   - sort: the sort field (`nil` for best match).
    ///   - order: the order.
    ///   - perPage: 1...100.
    ///   - page: from 1.
    public init(
        _ text: String = "", qualifiers: [Qualifier] = [], sort: Sort? = nil, order: Order? = nil,
        perPage: Int? = nil, page: Int? = nil
    ) {
        self.text = text
        self.qualifiers = qualifiers
        self.sort = sort
        self.order = order
        self.perPage = perPage
        self.page = page
    }

    /// Creates a query from text and qualifiers: `GitHubSearchQuery("tetris", .language("swift"))`.
    /// - Parameters:
    ///   - text: keywords.
    ///   - first: the first qualifier.
    ///   - more: more qualifiers, in order.
    public init(_ text: String, _ first: Qualifier, _ more: Qualifier...) {
        self.init(text, qualifiers: [first] + more)
    }

    /// The `q` parameter before encoding: the text, then each qualifier, separated by spaces.
    public var q: String {
        ([text.trimmingSpaces] + qualifiers.map(\.text)).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The query parameters, in order: `q`, then `sort`, `order`, `per_page`, `page` when set.
    /// - Throws: ``GitHubRequestError`` when `q` is empty, `perPage` is outside 1...100 or
    ///   `page` is below 1.
    public func parameters() throws -> [(name: String, value: String)] {
        let q = self.q
        guard !q.isEmpty else { throw GitHubRequestError.emptyQuery }
        var result: [(name: String, value: String)] = [("q", q)]
        if let sort { result.append(("sort", sort.rawValue)) }
        if let order { result.append(("order", order.rawValue)) }
        result += try GitHubRequestError.paging(perPage: perPage, page: page)
        return result
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines (as a search's text is sent).
    public var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
