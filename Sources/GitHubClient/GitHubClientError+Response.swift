import Foundation
import GitHubModels
import YajlMapper

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension GitHubClientError {
    /// The error an error status stands for, from its headers and body.
    ///
    /// Rate limits follow GitHub's rules: `X-RateLimit-Remaining: 0` on a 403 or 429 is the
    /// primary limit; a message that mentions the secondary rate limit, or a `Retry-After`
    /// header, is a secondary limit; a bare 429 is the primary limit.
    /// - Parameters:
    ///   - response: the response head.
    ///   - body: the body (GitHub's `{"message": ...}` when it is JSON).
    /// - Returns: the error.
    static func from(response: HTTPURLResponse, body: [UInt8]) -> GitHubClientError {
        let status = response.statusCode
        let parsed = body.isEmpty ? nil : try? Mapper<GitHubErrorResponse>().map(data: body)
        let message =
            parsed?.message.isEmpty == false
            ? parsed!.message
            : HTTPURLResponse.localizedString(forStatusCode: status)
        if status == 403 || status == 429 {
            let limit = GitHubRateLimit(
                status: status, headers: { response.value(forHTTPHeaderField: $0) }, message: parsed?.message ?? "")
            if limit.remaining == 0 { return .rateLimited(limit) }
            if message.lowercased().contains("secondary rate limit") || limit.retryAfter != nil {
                return .secondaryRateLimit(limit)
            }
            if status == 429 { return .rateLimited(limit) }
        }
        if status == 422, var parsed {
            if parsed.message.isEmpty { parsed.message = "Validation Failed" }
            return .validationFailed(parsed)
        }
        return .http(status: status, message: message)
    }

    /// The error a body that failed to parse or map stands for.
    static func from(bodyError error: Error, status: Int) -> Error {
        switch error {
        case let error as MappingError: return GitHubClientError.mapping(error)
        case let error as JSONParseError:
            return GitHubClientError.invalidResponse(status: status, reason: "not JSON: \(error.description)")
        default: return error
        }
    }

    /// The error a transport failure stands for; `CancellationError` for a cancelled task.
    /// - Parameters:
    ///   - error: what URLSession reported.
    ///   - url: the request's URL (its host names the server).
    ///   - timeout: the timeout that applies.
    static func from(transport error: Error, url: URL?, timeout: TimeInterval) -> Error {
        let host = url.map { ($0.host ?? "?") + ($0.port.map { ":\($0)" } ?? "") } ?? "the server"
        guard let error = error as? URLError else {
            let nsError = error as NSError
            // Optional on Linux, not on Darwin.
            let code: URLError.Code? = URLError.Code(rawValue: nsError.code)
            guard nsError.domain == NSURLErrorDomain, let code else { return error }
            return from(transport: URLError(code), url: url, timeout: timeout)
        }
        switch error.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            return GitHubClientError.timedOut(seconds: timeout)
        case .cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost, .cannotFindHost,
            .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
            return GitHubClientError.cannotConnect(host: host, reason: reason(error))
        default:
            return GitHubClientError.network(code: error.code.rawValue, reason: reason(error))
        }
    }

    private static func reason(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: return "connection refused (is the server running?)"
        case .notConnectedToInternet: return "the network is offline"
        case .networkConnectionLost: return "the connection was lost"
        case .cannotFindHost, .dnsLookupFailed: return "the host name cannot be resolved"
        case .httpTooManyRedirects: return "too many redirects"
        case .secureConnectionFailed: return "the TLS connection failed"
        case .badServerResponse: return "the server sent a malformed response"
        default: return error.localizedDescription
        }
    }

    /// The error with every occurrence of the token removed from its text.
    /// - Parameter token: the token, or `nil`.
    /// - Returns: the same error, redacted.
    func redacted(_ token: GitHubToken?) -> GitHubClientError {
        guard let token else { return self }
        let r = token.redact
        switch self {
        case .cannotConnect(let host, let reason): return .cannotConnect(host: r(host), reason: r(reason))
        case .timedOut: return self
        case .rateLimited(var limit):
            limit.message = r(limit.message)
            limit.resource = limit.resource.map(r)
            return .rateLimited(limit)
        case .secondaryRateLimit(var limit):
            limit.message = r(limit.message)
            limit.resource = limit.resource.map(r)
            return .secondaryRateLimit(limit)
        case .validationFailed(var body):
            body.message = r(body.message)
            body.documentationUrl = body.documentationUrl.map(r)
            body.status = body.status.map(r)
            body.errors = body.errors.map {
                GitHubErrorDetail(
                    resource: $0.resource.map(r), field: $0.field.map(r), code: r($0.code), message: $0.message.map(r))
            }
            return .validationFailed(body)
        case .http(let status, let message): return .http(status: status, message: r(message))
        case .invalidResponse(let status, let reason): return .invalidResponse(status: status, reason: r(reason))
        case .mapping(let error):
            return .mapping(
                MappingError(
                    problems: error.problems.map {
                        MappingProblem(
                            kind: $0.kind, keyPath: r($0.keyPath), expected: r($0.expected), found: $0.found.map(r),
                            location: $0.location)
                    }))
        case .invalidRequest: return self
        case .invalidConfiguration(let message): return .invalidConfiguration(r(message))
        case .network(let code, let reason): return .network(code: code, reason: r(reason))
        }
    }
}
