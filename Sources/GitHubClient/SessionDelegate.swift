import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight, as the session delegate sees it.
protocol TaskState: AnyObject {
    func received(_ response: URLResponse)
    /// Returns `false` to stop the transfer (the body failed to map).
    func received(_ data: Data) -> Bool
    func completed(_ error: Error?)
}

/// The session's delegate: routes each task's callbacks to its ``TaskState``, and drops
/// `Authorization` from redirects that leave the original origin.
///
/// Every callback runs on the session's serial delegate queue, so a task's state is only ever
/// touched from one thread at a time; the lock guards the table, which tasks join from the
/// caller's thread.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var states: [Int: TaskState] = [:]

    func register(_ task: URLSessionTask, _ state: TaskState) {
        lock.withLock { states[task.taskIdentifier] = state }
    }

    private func state(_ task: URLSessionTask) -> TaskState? {
        lock.withLock { states[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state(dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if state(dataTask)?.received(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let state = lock.withLock { states.removeValue(forKey: task.taskIdentifier) }
        state?.completed(error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: task.originalRequest?.url))
    }

    /// The redirected request, without `Authorization` when it goes to another origin
    /// (scheme, host or port) than the original request.
    static func redirect(_ request: URLRequest, from original: URL?) -> URLRequest {
        guard let original, let target = request.url, origin(target) == origin(original) else {
            var stripped = request
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
            return stripped
        }
        return request
    }

    private static func origin(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}

/// The URLSession task of one call, cancelled when the calling task is (even before it
/// starts), or when the whole request runs out of time.
///
/// FoundationNetworking on Linux ignores `timeoutIntervalForResource`, so the client ends
/// over-long requests itself through ``timeOut()``.
final class TaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false
    private var expired = false

    /// Whether ``timeOut()`` cancelled the task.
    var didTimeOut: Bool { lock.withLock { expired } }

    /// Cancels the task because the whole request took too long.
    func timeOut() {
        let task = lock.withLock { () -> URLSessionTask? in
            expired = true
            return self.task
        }
        task?.cancel()
    }

    /// Keeps the task; `false` when the call was already cancelled.
    func set(_ task: URLSessionTask) -> Bool {
        lock.withLock {
            self.task = task
            return !cancelled
        }
    }

    func cancel() {
        let task = lock.withLock { () -> URLSessionTask? in
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}
