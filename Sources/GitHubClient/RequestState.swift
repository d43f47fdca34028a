import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's status and headers (names lower-cased), as the caller gets them.
struct ResponseHead: Sendable {
    var status: Int
    var headers: [String: String]

    init(_ response: HTTPURLResponse) {
        status = response.statusCode
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        self.headers = headers
    }

    /// A header's value; the name is case-insensitive.
    func value(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One request's progress: a success body streams into its ``ResponseBody``; an error body
/// is kept (up to a limit) to read GitHub's message; the end resumes the caller.
final class RequestState<Body: ResponseBody>: TaskState {
    typealias Continuation = CheckedContinuation<(value: Body.Value, head: ResponseHead), Error>

    /// Error bodies are small JSON objects; keep no more than this.
    static var errorBodyLimit: Int { 256 * 1024 }

    private var continuation: Continuation?
    private let body: Body
    private let url: URL?
    private let timeouts: (request: TimeInterval, resource: TimeInterval)
    private let started = Date()
    private var response: HTTPURLResponse?
    private var errorBody: [UInt8] = []
    private var failure: Error?
    private let handle: TaskHandle

    init(
        continuation: Continuation, body: Body, url: URL?, timeouts: (request: TimeInterval, resource: TimeInterval),
        handle: TaskHandle
    ) {
        self.continuation = continuation
        self.handle = handle
        self.body = body
        self.url = url
        self.timeouts = timeouts
    }

    private var isSuccess: Bool { (200..<300).contains(response?.statusCode ?? 0) }

    func received(_ response: URLResponse) {
        self.response = response as? HTTPURLResponse
        if self.response == nil {
            failure = GitHubClientError.invalidResponse(status: 0, reason: "not an HTTP response")
        }
    }

    func received(_ data: Data) -> Bool {
        guard failure == nil, let response else { return false }
        if isSuccess {
            do {
                try body.feed(data)
            } catch {
                failure = GitHubClientError.from(bodyError: error, status: response.statusCode)
                return false
            }
        } else if errorBody.count < Self.errorBodyLimit {
            errorBody += data.prefix(Self.errorBodyLimit - errorBody.count)
        }
        return true
    }

    func completed(_ error: Error?) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(with: Result { try outcome(error) })
    }

    private func outcome(_ error: Error?) throws -> (value: Body.Value, head: ResponseHead) {
        if let failure { throw failure }
        if let error {
            if handle.didTimeOut { throw GitHubClientError.timedOut(seconds: timeouts.resource) }
            // The idle timeout applies unless the whole request ran out its time.
            let elapsed = Date().timeIntervalSince(started)
            let timeout = elapsed >= timeouts.resource - 0.05 ? timeouts.resource : timeouts.request
            throw GitHubClientError.from(transport: error, url: url, timeout: timeout)
        }
        guard let response else { throw GitHubClientError.invalidResponse(status: 0, reason: "no response") }
        guard isSuccess else { throw GitHubClientError.from(response: response, body: errorBody) }
        do {
            return (try body.finish(), ResponseHead(response))
        } catch {
            throw GitHubClientError.from(bodyError: error, status: response.statusCode)
        }
    }
}
