import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds `URLRequest`s for the GitHub REST API (the requests the seeds' `GitHubAPI` enum
/// describes for Moya), against github.com or a GitHub Enterprise Server.
///
/// ```swift
/// let api = GitHubAPI(token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
/// let request = try api.request(.searchRepositories(GitHubSearchQuery("tetris", .language("swift"))))
/// let (body, _) = try await URLSession.shared.data(for: request)
/// let page = try Mapper<GitHubRepositories>().map(data: body)
/// ```
public struct GitHubAPI: Sendable, Equatable {
    /// An endpoint: the path and the query parameters.
    public enum Endpoint: Sendable, Equatable {
        /// `GET /search/repositories`.
        case searchRepositories(GitHubSearchQuery)
        /// `GET /users/{name}/repos`.
        case userRepositories(GitHubUserRepositoriesQuery)

        /// The path below the base URL, its segments percent-encoded.
        public var path: String {
            switch self {
            case .searchRepositories: return "/search/repositories"
            case .userRepositories(let query): return "/users/\(GitHubAPI.encodePathSegment(query.user))/repos"
            }
        }

        /// The query parameters, unencoded, in order.
        /// - Throws: ``GitHubRequestError`` when a parameter is invalid.
        public func parameters() throws -> [(name: String, value: String)] {
            switch self {
            case .searchRepositories(let query): return try query.parameters()
            case .userRepositories(let query): return try query.parameters()
            }
        }
    }

    /// The API version sent in `X-GitHub-Api-Version`.
    public static let apiVersion = "2022-11-28"
    /// The media type sent in `Accept`.
    public static let mediaType = "application/vnd.github+json"
    /// github.com's API root.
    public static let defaultBaseURL = URL(string: "https://api.github.com")!

    /// The API root: `https://api.github.com`, or `https://HOST/api/v3` for GitHub Enterprise.
    public var baseURL: URL
    /// A token sent as `Authorization: Bearer TOKEN`; `nil` (or empty) sends no `Authorization`.
    public var token: String?
    /// The `User-Agent` (GitHub refuses requests without one).
    public var userAgent: String

    /// Creates a request builder.
    /// - Parameters:
    ///   - baseURL: the API root.
    ///   - token: a personal access token or app token, or `nil`.
    ///   - userAgent: the `User-Agent` value.
    public init(
        baseURL: URL = GitHubAPI.defaultBaseURL, token: String? = nil, userAgent: String = "YajlMapper-GitHubModels"
    ) {
        self.baseURL = baseURL
        self.token = token
        self.userAgent = userAgent
    }

    /// A builder for a GitHub Enterprise Server, whose API root is `https://HOST/api/v3`.
    ///
    /// `host` is a bare host (`github.example.com`, `github.example.com:8443`, a trailing `/`
    /// is ignored) or a full `https://` (or `http://`) URL: one without a path gets `/api/v3`
    /// (`https://github.example.com` → `https://github.example.com/api/v3`), one with a path
    /// is used as the API root as it is (`https://github.example.com/api/v3/`).
    ///
    /// ```swift
    /// let api = try GitHubAPI.enterprise(host: "github.example.com")
    /// ```
    /// - Parameters:
    ///   - host: the server, as above.
    ///   - token: a token, or `nil`.
    ///   - userAgent: the `User-Agent` value.
    /// - Returns: the builder.
    /// - Throws: ``GitHubRequestError/invalidURL(_:)`` (with `host` as given) when it does not
    ///   make a URL with a host, has another scheme, user info, a query or a fragment.
    public static func enterprise(
        host: String, token: String? = nil, userAgent: String = "YajlMapper-GitHubModels"
    ) throws -> GitHubAPI {
        let invalid = GitHubRequestError.invalidURL(host)
        let hasScheme = host.contains("://")
        guard !host.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace }),
            let components = URLComponents(string: hasScheme ? host : "https://" + host),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let name = components.host, !name.isEmpty,
            components.user == nil, components.password == nil
        else { throw invalid }
        var root = components
        root.scheme = scheme
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        root.path = path.isEmpty ? "/api/v3" : path
        guard let url = root.url else { throw invalid }
        return GitHubAPI(baseURL: url, token: token, userAgent: userAgent)
    }

    /// The full URL of an endpoint: base URL, path, then the encoded parameters.
    /// - Parameter endpoint: the endpoint.
    /// - Returns: the URL.
    /// - Throws: ``GitHubRequestError``; ``GitHubRequestError/invalidURL(_:)`` (with the base
    ///   URL) when the base URL has a query or a fragment, which the path cannot follow.
    public func url(for endpoint: Endpoint) throws -> URL {
        guard baseURL.query == nil, baseURL.fragment == nil else {
            throw GitHubRequestError.invalidURL(baseURL.absoluteString)
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let query = try endpoint.parameters()
            .map { "\($0.name)=\(Self.encodeQueryValue($0.value))" }
            .joined(separator: "&")
        let text = base + endpoint.path + (query.isEmpty ? "" : "?" + query)
        guard let url = URL(string: text) else { throw GitHubRequestError.invalidURL(text) }
        return url
    }

    /// The `GET` request for an endpoint, with GitHub's headers: `Accept`,
    /// `X-GitHub-Api-Version`, `User-Agent`, and `Authorization: Bearer` when there is a token.
    /// - Parameter endpoint: the endpoint.
    /// - Returns: the request.
    /// - Throws: ``GitHubRequestError``.
    public func request(_ endpoint: Endpoint) throws -> URLRequest {
        var request = URLRequest(url: try url(for: endpoint))
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The headers every request carries, in order.
    public var headers: [(name: String, value: String)] {
        var result = [("Accept", Self.mediaType), ("X-GitHub-Api-Version", Self.apiVersion), ("User-Agent", userAgent)]
        if let token, !token.isEmpty { result.append(("Authorization", "Bearer \(token)")) }
        return result
    }

    /// `GET /search/repositories` for a query.
    /// - Parameter query: the search.
    /// - Returns: the request.
    /// - Throws: ``GitHubRequestError``.
    public func searchRepositories(_ query: GitHubSearchQuery) throws -> URLRequest {
        try request(.searchRepositories(query))
    }

    /// `GET /users/{name}/repos`.
    /// - Parameter query: the user and paging.
    /// - Returns: the request.
    /// - Throws: ``GitHubRequestError``.
    public func userRepositories(_ query: GitHubUserRepositoriesQuery) throws -> URLRequest {
        try request(.userRepositories(query))
    }

    // MARK: Encoding

    /// Percent-encodes a query value as GitHub's documentation writes it: a space becomes
    /// `+`; letters, digits, `-._~` and `:` stay; every other byte of the UTF-8 text
    /// becomes `%XX` (so `+` is `%2B`, `&` `%26`, `>=` `%3E%3D`, `é` `%C3%A9`).
    /// - Parameter value: the unencoded value.
    /// - Returns: the encoded value.
    public static func encodeQueryValue(_ value: String) -> String {
        encode(value, keeping: UInt8(ascii: ":"), spaceAsPlus: true)
    }

    /// Percent-encodes a path segment: letters, digits and `-._~` stay.
    /// - Parameter segment: the unencoded segment.
    /// - Returns: the encoded segment.
    public static func encodePathSegment(_ segment: String) -> String {
        encode(segment, keeping: nil, spaceAsPlus: false)
    }

    private static func encode(_ text: String, keeping extra: UInt8?, spaceAsPlus: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: " ") where spaceAsPlus:
                out.append(UInt8(ascii: "+"))
            case _ where byte == extra:
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
