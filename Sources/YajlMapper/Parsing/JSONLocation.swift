/// A position in JSON input: 0-based byte offset, 1-based line and byte column.
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 0-based byte offset in the whole input.
    public var offset: Int
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in bytes.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// An error a ``JSONEventHandler`` throws without knowing where it is in the input: the
/// parser fills in the position of the token it was delivering.
public protocol JSONLocatableError: Error {
    /// Where the error is; `nil` until the parser locates it.
    var location: JSONLocation? { get }
    /// A copy of the error at `location`, with the input's text there and a caret.
    func located(at location: JSONLocation, excerpt: String) -> Self
}

extension JSONParseError: JSONLocatableError {
    /// Where the error is; `nil` for an error made with ``unlocated(_:message:)``.
    public var location: JSONLocation? {
        offset < 0 ? nil : JSONLocation(offset: offset, line: line, column: column)
    }

    /// A copy at `location`.
    public func located(at location: JSONLocation, excerpt: String) -> JSONParseError {
        JSONParseError(
            kind: kind, message: message, offset: location.offset, line: location.line,
            column: location.column, excerpt: excerpt)
    }

    /// An error for a handler to throw; the parser fills in where it is.
    public static func unlocated(_ kind: Kind, message: String) -> JSONParseError {
        JSONParseError(kind: kind, message: message, offset: -1, line: 0, column: 0)
    }
}
