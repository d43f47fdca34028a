/// A path to a value inside a JSON document: object keys and array indexes.
///
/// From a string: `items.0.owner.avatar_url` or `items[0].owner.avatar_url`. A segment of
/// digits after a dot is an index on an array and a key on an object. Write `\.` for a
/// dot inside a key and `\\` for a backslash (`"version\\.major"` in Swift source), or build
/// the path from components: `JSONPath([.key("a.b"), .index(0)])`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral
{
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object key (digits also index an array).
        case key(String)
        /// An array index (only ever an index).
        case index(Int)
    }

    /// The steps, outermost first.
    public var components: [Component]

    /// A path from components.
    public init(_ components: [Component]) { self.components = components }

    /// A path from components.
    public init(arrayLiteral elements: Component...) { components = elements }

    /// Parses a dotted path; see the type's documentation for the syntax.
    /// Invalid bracket syntax is kept as literal key text.
    public init(_ text: String) {
        var components: [Component] = []
        var current = ""
        var hasCurrent = false
        var chars = Array(text)[...]
        func flush() {
            if hasCurrent { components.append(.key(current)) }
            current = ""
            hasCurrent = false
        }
        while let c = chars.popFirst() {
            switch c {
            case "\\":
                if let next = chars.popFirst() { current.append(next) } else { current.append("\\") }
                hasCurrent = true
            case ".":
                flush()
                hasCurrent = true // `a..b` keeps the empty key between the dots
                if chars.isEmpty || chars.first == "." { continue }
                hasCurrent = false
            case "[":
                if let close = chars.firstIndex(of: "]"), let i = Int(String(chars[chars.startIndex..<close])), i >= 0 {
                    flush()
                    components.append(.index(i))
                    chars = chars[chars.index(after: close)...]
                } else {
                    current.append(c)
                    hasCurrent = true
                }
            default:
                current.append(c)
                hasCurrent = true
            }
        }
        flush()
        self.components = components
    }

    /// Parses a dotted path literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// The path as `items[0].owner.avatar_url`, with dots and backslashes in keys escaped.
    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .index(let i):
                out += "[\(i)]"
            case .key(let k):
                if !out.isEmpty { out += "." }
                for c in k {
                    if c == "." || c == "\\" || c == "[" { out.append("\\") }
                    out.append(c)
                }
            }
        }
        return out
    }

    /// A path one step longer.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }
}

extension JSON {
    /// The value at `path`, or `nil` when any step is absent. A `null` value is `.null`.
    public func value(atPath path: JSONPath) -> JSON? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.key(let key), .array(let array)):
                guard key.utf8.allSatisfy({ $0 &- 0x30 < 10 }), let i = Int(key), i < array.count else { return nil }
                current = array[i]
            case (.index(let i), .array(let array)):
                guard array.indices.contains(i) else { return nil }
                current = array[i]
            default:
                return nil
            }
        }
        return current
    }

    /// Whether a value (even `null`) exists at `path`.
    public func exists(_ path: JSONPath) -> Bool { value(atPath: path) != nil }

    /// The value at `path`, or `.null` when absent.
    public subscript(path path: JSONPath) -> JSON {
        value(atPath: path) ?? .null
    }
}
