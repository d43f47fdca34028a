/// A stream parser called in a way its contract does not allow. The parser is left as it
/// was: the call changed nothing.
public struct JSONStreamUsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the call did wrong.
    public enum Kind: Sendable, Equatable {
        /// Bytes fed after ``JSONStreamParser/finish()`` ended the input.
        case feedAfterFinish
        /// `feed` or `finish` called from inside one of the parser's own callbacks (an
        /// event handler, or a streamed element's handler), while it is still parsing.
        case reentrantCall
    }

    /// What the call did wrong.
    public let kind: Kind

    public init(kind: Kind) { self.kind = kind }

    public var description: String {
        switch kind {
        case .feedAfterFinish: "feed after finish: the input has already ended"
        case .reentrantCall: "feed or finish called from inside the parser's own callback"
        }
    }
}
