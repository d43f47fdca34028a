/// A request that cannot be built: GitHub would refuse it.
public enum GitHubRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A search needs text or at least one qualifier.
    case emptyQuery
    /// `per_page` must be 1...100.
    case perPageOutOfRange(Int)
    /// `page` starts at 1.
    case pageOutOfRange(Int)
    /// A user name must not be empty.
    case emptyUserName
    /// The base URL (or the host given for GitHub Enterprise) and path do not make a URL:
    /// no host, a scheme other than http(s), or a query or fragment in the base URL.
    case invalidURL(String)

    /// What is wrong, in one line.
    public var description: String {
        switch self {
        case .emptyQuery: return "the search query is empty"
        case .perPageOutOfRange(let n): return "per_page must be between 1 and 100, not \(n)"
        case .pageOutOfRange(let n): return "page must be 1 or more, not \(n)"
        case .emptyUserName: return "the user name is empty"
        case .invalidURL(let text) where text.contains(where: { $0 == "?" || $0 == "#" }):
            return "not a valid API URL (a base URL cannot have a query or fragment): \(text)"
        case .invalidURL(let text): return "not a valid URL: \(text)"
        }
    }

    /// The `per_page` and `page` parameters, validated.
    static func paging(perPage: Int?, page: Int?) throws -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        if let perPage {
            guard (1...100).contains(perPage) else { throw GitHubRequestError.perPageOutOfRange(perPage) }
            result.append(("per_page", String(perPage)))
        }
        if let page {
            guard page >= 1 else { throw GitHubRequestError.pageOutOfRange(page) }
            result.append(("page", String(page)))
        }
        return result
    }
}
