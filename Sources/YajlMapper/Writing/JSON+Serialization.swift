extension JSON: CustomStringConvertible {
    /// Writes the value as JSON text.
    /// - Parameter style: compact (the default) or pretty.
    /// - Returns: the text; pretty text ends with a newline.
    /// - Throws: ``JSONWriteError`` (nesting deeper than 128 levels).
    public func serialized(_ style: JSONWriter.Style = .compact) throws -> String {
        String(decoding: try serializedBytes(style), as: UTF8.self)
    }

    /// Writes the value as JSON bytes.
    /// - Throws: ``JSONWriteError``.
    public func serializedBytes(_ style: JSONWriter.Style = .compact) throws -> [UInt8] {
        let writer = JSONWriter(style: style)
        try writer.write(self)
        try writer.finish()
        return writer.output
    }

    /// Compact JSON text (or a note when it cannot be written).
    public var description: String {
        (try? serialized()) ?? "<JSON too deep to write>"
    }
}
