import Foundation
import GitHubRequests

/// Where and how ``GitHubClient`` talks to GitHub: base URL, token, timeouts, strictness.
///
/// ```swift
/// let configuration = try GitHubClientConfiguration.fromEnvironment()   // GITHUB_API_URL, GITHUB_TOKEN
/// let client = GitHubClient(configuration: configuration)
/// ```
public struct GitHubClientConfiguration: Sendable, CustomStringConvertible {
    /// The API root, `https://api.github.com` by default.
    public var baseURL: URL
    /// The token sent as `Authorization: Bearer`, or `nil`.
    public var token: GitHubToken?
    /// The `User-Agent` (GitHub refuses requests without one).
    public var userAgent: String
    /// The longest wait for the next bytes (connecting, headers, or body), in seconds.
    public var requestTimeout: TimeInterval
    /// The longest a whole request may take, in seconds.
    public var resourceTimeout: TimeInterval
    /// Map responses strictly: a missing or mistyped field is a ``GitHubClientError/mapping(_:)``
    /// error. Lenient mapping keeps the defaults instead.
    public var strict: Bool

    /// Creates a configuration.
    /// - Parameters:
    ///   - baseURL: the API root.
    ///   - token: the token, or `nil`.
    ///   - userAgent: the `User-Agent`.
    ///   - requestTimeout: idle timeout in seconds (default 30).
    ///   - resourceTimeout: whole-request timeout in seconds (default 60).
    ///   - strict: strict mapping (default `true`).
    public init(
        baseURL: URL = GitHubAPI.defaultBaseURL, token: GitHubToken? = nil,
        userAgent: String = "YajlMapper-GitHubClient", requestTimeout: TimeInterval = 30,
        resourceTimeout: TimeInterval = 60, strict: Bool = true
    ) {
        self.baseURL = baseURL
        self.token = token
        self.userAgent = userAgent
        self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout
        self.strict = strict
    }

    /// A configuration from the environment and the command line: the base URL from
    /// `apiURL`, else `GITHUB_API_URL`, else github.com; the token from the file at
    /// `tokenFile`, else `GITHUB_TOKEN`, else none.
    /// - Parameters:
    ///   - environment: the variables (the process's by default).
    ///   - apiURL: an explicit base URL (`--api-url`), which wins over `GITHUB_API_URL`.
    ///   - tokenFile: a file holding the token (`--token-file`), which wins over `GITHUB_TOKEN`.
    /// - Returns: the configuration, with default timeouts.
    /// - Throws: ``GitHubClientError/invalidConfiguration(_:)`` when the URL is not an http(s)
    ///   URL or the token file cannot be read (the message names the file, never its content).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        apiURL: String? = nil, tokenFile: String? = nil
    ) throws -> GitHubClientConfiguration {
        var configuration = GitHubClientConfiguration()
        if let text = apiURL ?? environment["GITHUB_API_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else {
                throw GitHubClientError.invalidConfiguration("not an http(s) API URL: \(text)")
            }
            configuration.baseURL = url
        }
        if let tokenFile {
            guard let data = FileManager.default.contents(atPath: tokenFile) else {
                throw GitHubClientError.invalidConfiguration("cannot read the token file \(tokenFile)")
            }
            guard let token = GitHubToken(String(decoding: data, as: UTF8.self)) else {
                throw GitHubClientError.invalidConfiguration("the token file \(tokenFile) is empty")
            }
            configuration.token = token
        } else if let text = environment["GITHUB_TOKEN"] {
            configuration.token = GitHubToken(text)
        }
        return configuration
    }

    /// The request builder for this configuration.
    public var api: GitHubAPI {
        GitHubAPI(baseURL: baseURL, token: token?.value, userAgent: userAgent)
    }

    /// One line for logs: the base URL, whether there is a token (never the token), timeouts.
    public var description: String {
        "GitHubClientConfiguration(baseURL: \(baseURL.absoluteString), token: \(token == nil ? "none" : "<redacted>"), "
            + "userAgent: \(userAgent), requestTimeout: \(requestTimeout)s, resourceTimeout: \(resourceTimeout)s, strict: \(strict))"
    }
}
