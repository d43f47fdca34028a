import Foundation

/// Why a search failed: a message to show, and the error the client threw.
///
/// Two errors are equal when their messages are; the underlying error is for callers that
/// want to switch over the client's own error type.
public struct SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message to show, e.g. "rate limited: resets at 14:05".
    public var message: String
    /// The error the client threw, when there was one.
    public var underlying: (any Error)?

    /// Creates an error with a message.
    /// - Parameter message: the message to show.
    public init(message: String) {
        self.message = message
        self.underlying = nil
    }

    /// Wraps an error a client threw: the message is its `errorDescription` when it is a
    /// `LocalizedError`, its `description` otherwise. A `SearchError` is kept as it is.
    /// - Parameter error: the error thrown.
    public init(_ error: any Error) {
        if let error = error as? SearchError {
            self = error
            return
        }
        self.message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        self.underlying = error
    }

    /// The message.
    public var description: String { message }

    /// Compares the messages.
    /// - Parameters:
    ///   - lhs: an error.
    ///   - rhs: another error.
    /// - Returns: whether the messages are equal.
    public static func == (lhs: SearchError, rhs: SearchError) -> Bool {
        lhs.message == rhs.message
    }
}
