import Testing

@testable import YajlMapper

/// A document for the chunking tests, with the options to parse it with.
struct ChunkCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var options = JSONParseOptions()

    init(_ name: String, _ text: String, options: JSONParseOptions = JSONParseOptions()) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.options = options
    }

    init(_ name: String, bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) {
        self.name = name
        self.bytes = bytes
        self.options = options
    }

    var testDescription: String { name }
}

/// A realistic document and the prefix lengths that are themselves complete documents.
struct TruncationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    /// Prefix lengths (below the full length) that parse: a complete value, maybe
    /// followed by part of its trailing white space, or a shorter top-level number.
    var completePrefixes: Set<Int>
    var options = JSONParseOptions()

    var testDescription: String { name }
}
