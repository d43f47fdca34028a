/// Writes JSON text into a byte buffer, compact or indented by two spaces.
///
/// The fixture generator's own writer: it must not depend on the parser or the
/// yajl-backed writer it is used to test, and it escapes strings itself.
struct FixtureJSONWriter {
    /// The text written so far (the owner may drain it between items).
    var bytes: [UInt8] = []
    let pretty: Bool
    private var depth = 0
    /// No element has been written yet in the innermost open container.
    private var first = true
    /// A key was just written: the next value follows it directly.
    private var afterKey = false

    init(pretty: Bool, capacity: Int) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    // MARK: Structure

    mutating func beginObject() {
        valuePrefix()
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        first = true
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        valuePrefix()
        bytes.append(UInt8(ascii: "["))
        depth += 1
        first = true
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes an object key (a plain ASCII name that needs no escaping).
    @inline(__always)
    mutating func key(_ name: StaticString) {
        elementPrefix()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Ends a top-level value with a line break: the next value starts a new line (JSON Lines).
    mutating func endLine() {
        precondition(depth == 0, "FixtureJSONWriter: a line ends inside a value")
        bytes.append(UInt8(ascii: "\n"))
        first = true
    }

    // MARK: Scalars

    mutating func null() {
        valuePrefix()
        append("null")
    }

    mutating func bool(_ value: Bool) {
        valuePrefix()
        append(value ? "true" : "false")
    }

    mutating func int(_ value: Int) {
        valuePrefix()
        appendDecimal(value)
    }

    /// Writes a number given as its literal text (e.g. `93.44427`).
    mutating func number(literal text: [UInt8]) {
        valuePrefix()
        bytes.append(contentsOf: text)
    }

    /// Writes a string value, escaping it.
    mutating func string(_ value: String) {
        valuePrefix()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `null` when `value` is nil, else the string.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes a string made of a constant prefix, already escaped bytes, and a constant suffix.
    @inline(__always)
    mutating func string(_ prefix: StaticString, _ escaped: [UInt8], _ suffix: StaticString = "") {
        valuePrefix()
        bytes.append(UInt8(ascii: "\""))
        append(prefix)
        bytes.append(contentsOf: escaped)
        append(suffix)
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Escaping

    /// The JSON escaping of a string's UTF-8, without the quotes.
    static func escaped(_ value: String) -> [UInt8] {
        var writer = FixtureJSONWriter(pretty: false, capacity: value.utf8.count + 8)
        var value = value
        value.withUTF8 { writer.appendEscaped($0) }
        return writer.bytes
    }

    /// Appends `utf8` with `"`, `\` and control characters escaped (`\n`, `\t`, ... or
    /// `\u00XX`). Everything else, including non-ASCII UTF-8, is copied as is.
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for i in 0..<utf8.count {
            let byte = utf8[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
            runStart = i + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                append("u00")
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    // MARK: Layout

    /// Comma and indentation before a key or an array element.
    @inline(__always)
    private mutating func elementPrefix() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        if pretty && depth > 0 { newline(indent: depth) }
    }

    /// Before a value: nothing after a key, else an element prefix.
    @inline(__always)
    private mutating func valuePrefix() {
        if afterKey {
            afterKey = false
        } else {
            elementPrefix()
        }
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty && !first { newline(indent: depth) }
        bytes.append(bracket)
        first = false
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendDecimal(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDecimal(UInt(value.magnitude))
        } else {
            appendDecimal(UInt(value))
        }
    }

    private mutating func appendDecimal(_ value: UInt) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: enough for 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }
}
