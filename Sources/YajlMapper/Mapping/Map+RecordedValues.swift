/// Basic values and arrays of them read straight from the tape's tokens, with no ``JSON``
/// value made on the way: `[[[Double]]]` coordinates, `[String]` topics, `[Int]`.
///
/// A read here gives exactly what ``JSONReadable/fromJSON(_:)`` gives for the same value, or
/// `nil` when the value is anything else (a mismatch, a number out of range or too long for
/// the quick path, a text the tape could not read): the read then takes the JSON path,
/// which reports it.
extension Map {
    /// The selected value read straight from its tokens, `nil` when it does not read that
    /// way (see above), is absent, or the plan learns.
    @inlinable
    func recorded<V: JSONReadable>(_: V.Type) -> V? {
        guard let tape = recordedValue else { return nil }
        return V._fromRecording(selectedToken, in: tape)
    }

    /// Reads the selected value straight into `target` when it reads that way; `false`
    /// leaves `target` alone for the JSON path. Not while the plan learns: the JSON path
    /// learns the places the value holds.
    @inlinable
    func readDirectly<V: JSONReadable>(into target: inout V) -> Bool {
        guard let value = recorded(V.self) else { return false }
        target = value
        return true
    }

    /// ``readDirectly(into:)`` for an optional property (`null` is left to the JSON path).
    @inlinable
    func readDirectly<V: JSONReadable>(into target: inout V?) -> Bool {
        guard let value = recorded(V.self) else { return false }
        target = value
        return true
    }

    /// The tape to read the selected value from directly, `nil` when there is no value or
    /// the plan learns. (Inlined readers are specialised in the caller's module: generic,
    /// each read would look up its type's metadata at run time.)
    @usableFromInline
    var recordedValue: UnsafeRawPointer? { learning || selectedToken < 0 ? nil : UnsafeRawPointer(tape) }
}

extension JSONReadable {
    /// Reads nothing: a type of the caller's reads through ``fromJSON(_:)``.
    public static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> Self? { nil }

    /// A default, so that each conformance gets a loop specialised for its own type (as
    /// ``fromJSONElements(_:)``): generic code would look up `[Self]`'s metadata per array.
    public static func _fromRecordedElements(_ token: Int, in view: UnsafeRawPointer) -> [Self]? {
        let tape = view.assumingMemoryBound(to: TapeView.self).pointee
        let array = tape.tokens[token]
        guard array.kind == .array else { return nil }
        var elements: [Self] = []
        elements.reserveCapacity(Int(array.length))
        var k = token + 1
        while k < array.start {
            guard let element = _fromRecording(k, in: view) else { return nil }
            elements.append(element)
            k = tape.end(ofValueAt: k)
        }
        return elements
    }
}

extension Array where Element: JSONReadable {
    /// Every element read from the recording, or `nil` at the first that does not read.
    public static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> [Element]? {
        Element._fromRecordedElements(token, in: view)
    }
}

extension Double {
    /// A number that is finite, and not zero unless its literal is (as
    /// ``JSONNumber/exactDouble()``).
    public static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> Double? {
        let tape = view.assumingMemoryBound(to: TapeView.self).pointee
        guard tape.tokens[token].kind == .number else { return nil }
        let text = tape.text(at: token)
        let value = parseJSONDouble(text)
        guard value.isFinite, value != 0 || JSONNumber.isZeroLiteral(text) else { return nil }
        return value
    }
}

extension String {
    /// A string (one the tape could not read is the JSON path's to report).
    public static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> String? {
        let tape = view.assumingMemoryBound(to: TapeView.self).pointee
        return tape.tokens[token].kind == .string ? tape.string(at: token) : nil
    }
}

extension Bool {
    /// `true` or `false`.
    public static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> Bool? {
        switch view.assumingMemoryBound(to: TapeView.self).pointee.tokens[token].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }
}

extension FixedWidthInteger where Self: JSONScalar {
    /// A plain integer literal of up to 18 digits that fits (longer ones, and fractions
    /// and exponents, take the JSON path, exact as ever).
    public static func _fromRecording(_ token: Int, in view: UnsafeRawPointer) -> Self? {
        let tape = view.assumingMemoryBound(to: TapeView.self).pointee
        guard tape.tokens[token].kind == .number, let short = JSONNumber.shortInteger(tape.text(at: token)) else {
            return nil
        }
        return Self(exactly: short)
    }
}
