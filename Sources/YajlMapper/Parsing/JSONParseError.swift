/// A problem in JSON input, located by byte offset, line and column.
///
/// The first error stops a parse. `line` and `column` are 1-based; `column`
/// counts bytes from the start of the line, as compilers do.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem stopped the parse.
    public enum Kind: String, Sendable, Equatable {
        /// A token that is not allowed where it appears.
        case syntax
        /// The input ended inside a value.
        case truncated
        /// A string or key holds bytes that are not UTF-8.
        case invalidUTF8
        /// Arrays and objects nest deeper than ``JSONParseOptions/maxDepth``.
        case tooDeep
        /// A byte that is not allowed anywhere in JSON (form feed, for instance).
        case invalidCharacter
        /// An object names the same key twice (only with ``JSON/DuplicateKeyPolicy/reject``).
        case duplicateKey
    }

    /// What kind of problem stopped the parse.
    public var kind: Kind
    /// A short description without the location, e.g. `unexpected end of input`.
    public var message: String
    /// The 0-based byte offset of the problem in the whole input.
    public var offset: Int
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column (in bytes) of the problem.
    public var column: Int
    /// The text around the problem on its line, then a line with a caret under it.
    public var excerpt: String

    /// Creates a parse error.
    public init(kind: Kind, message: String, offset: Int, line: Int, column: Int, excerpt: String = "") {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }

    /// `line L, column C: message`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
