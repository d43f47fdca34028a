/// Options that change what the streaming parser accepts.
///
/// The defaults follow RFC 8259: no comments, exactly one top-level value,
/// UTF-8 validated, nesting at most 512 levels deep; a UTF-8 byte order mark that starts
/// the input is skipped (RFC 8259 lets a parser ignore it; `JSONDecoder` and
/// `JSONSerialization` do).
public struct JSONParseOptions: Sendable, Equatable {
    /// Accept `/* ... */` and `// ...` comments. Default `false`.
    public var allowComments: Bool
    /// Accept several top-level values separated by white space (JSON Lines,
    /// concatenated JSON). Default `false`.
    public var allowMultipleValues: Bool
    /// Reject strings and keys that are not valid UTF-8 (RFC 3629: no overlong forms, no
    /// encoded surrogates, nothing above U+10FFFF), read or not, and, in a string or key
    /// delivered to a handler, a `\u` surrogate escape without its partner. Default `true`.
    public var validateUTF8: Bool
    /// The deepest nesting of arrays and objects accepted. Deeper input is a
    /// ``JSONParseError`` of kind ``JSONParseError/Kind/tooDeep``. Default 512.
    public var maxDepth: Int
    /// Skip a UTF-8 byte order mark (`EF BB BF`) that starts the input, as `JSONDecoder`
    /// does: offsets still count its three bytes, columns of the first line start after
    /// it. With `false` it is an error (``JSONParseError/Kind/invalidCharacter``) at 1:1.
    /// One anywhere else is always an error. Default `true`.
    public var allowByteOrderMark: Bool
    /// Whether a mapping may have yajl skip the rest of an object whose planned keys have
    /// all been read, and a validation each object (see `YajlParserEngine+SkipAhead.swift`).
    /// Not public: on in every parse; tests turn it off to compare the two paths.
    var skipsUnreadObjects = true

    /// Creates parse options.
    /// - Parameters:
    ///   - allowComments: accept C and C++ style comments.
    ///   - allowMultipleValues: accept several top-level values.
    ///   - validateUTF8: reject invalid UTF-8 in strings and keys.
    ///   - maxDepth: the deepest nesting accepted.
    ///   - allowByteOrderMark: skip a UTF-8 byte order mark at the start.
    public init(
        allowComments: Bool = false, allowMultipleValues: Bool = false,
        validateUTF8: Bool = true, maxDepth: Int = 512, allowByteOrderMark: Bool = true
    ) {
        self.allowComments = allowComments
        self.allowMultipleValues = allowMultipleValues
        self.validateUTF8 = validateUTF8
        self.maxDepth = maxDepth
        self.allowByteOrderMark = allowByteOrderMark
    }

    /// These options with ``allowMultipleValues`` set to `allowed`.
    func allowingMultipleValues(_ allowed: Bool) -> JSONParseOptions {
        var options = self
        options.allowMultipleValues = allowed
        return options
    }
}
