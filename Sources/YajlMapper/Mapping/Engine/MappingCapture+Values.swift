/// Values kept: scalars as they come, containers as they close.
extension MappingCapture {
    /// Keeps a complete value: a document, a unit handed over, an element built, or a member.
    mutating func add(_ value: consuming JSON) throws {
        if top == nil {
            documents.append(value)
        } else if isInUnits, onUnit != nil {
            // The element goes to the caller once yajl has returned (see `afterPause()`).
            guard control?.pause() == true else { return try handOver(unit: value) }
            unitPutOff = value
        } else if builderDepth == frames.count, let elementBuilder {
            // An element of the array being built whose object had another shape, or a
            // value that is not an object (its problem is the element's).
            _ = elementBuilder
            queue(.value(value))
        } else {
            values.append(value)
            awaitKey()
        }
    }

    /// Keeps a scalar token of `length` bytes that just ended, unless it is skipped.
    @inline(__always)
    mutating func scalar(_ value: @autoclosure () throws -> JSON, length: Int) throws {
        if skipDepth > 0 { return }
        if case .skip = takeRule() { return }
        begin(back: length)
        try add(value())
    }

    /// A `null`.
    mutating func null() throws { try scalar(.null, length: 4) }
    /// A `true` or `false`.
    mutating func bool(_ value: Bool) throws { try scalar(.bool(value), length: value ? 4 : 5) }
    /// A number, kept as its text.
    mutating func number(_ text: JSONBytes) throws {
        try scalar(.number(JSONNumber(unchecked: text.string)), length: text.count)
    }
    /// A string value.
    mutating func string(_ value: JSONBytes) throws {
        if skipDepth > 0 { return }
        if case .skip = takeRule() { return }
        guard recordsOffsets else { return try add(.string(try text(value))) }
        // The token's raw length differs from the value's when it has escapes: find its quote.
        let start = control.map { control in
            let end = control.currentOffset
            return control.stringTokenStart(endingAt: end, valueLength: value.count) ?? max(end - value.count - 2, 0)
        }
        begin(at: start ?? -1)
        try add(.string(try text(value)))
    }

    /// A string's or key's text, checked for UTF-8 when the parse asks.
    @inline(__always)
    func text(_ bytes: JSONBytes) throws -> String {
        // (Without the check, as `JSONParseOptions.validateUTF8` off asks: repaired with U+FFFD.)
        guard strictUTF8 else { return bytes.string }
        guard let text = bytes.validatedString else {
            throw JSONParseError.unlocated(.invalidUTF8, message: "invalid UTF-8 in string")
        }
        return text
    }
}
