import YajlMapper

/// What a writer must have written so far, kept by replaying each call on values.
struct WriterModel {
    /// An open container: the elements, or the members and the key of the member being written.
    enum Frame {
        case array([JSON])
        case object([(String, JSON)], key: String?)
    }

    /// Whether the writer allows several top-level values.
    let multiple: Bool
    /// The open containers, outermost first.
    private(set) var frames: [Frame] = []
    /// The top-level values written.
    private(set) var documents: [JSON] = []

    /// Creates the model of an empty writer.
    init(multiple: Bool) { self.multiple = multiple }

    /// The call to make instead of `call` to keep the sequence legal, and the error it must throw; `nil`: skip it.
    mutating func fit(_ call: WriterCall) -> (call: WriterCall, error: JSONWriteError?)? {
        let isValue: Bool
        switch call {
        case .endObject, .endArray, .key: isValue = false
        default: isValue = true
        }
        switch frames.last {
        case nil:
            if case .key(let name) = call { return fit(.string(name)) }
            guard isValue else { return nil }
            if !documents.isEmpty && !multiple { return (call, .multipleValues) }
        case .object(let members, key: nil)?:
            switch call {
            case .key(let name): return (.key(Self.distinct(name, from: members)), nil)
            case .endObject, .endArray: return (.endObject, nil)
            default: return (.key(Self.distinct("k", from: members)), nil)
            }
        case .object?:
            if case .key(let name) = call { return (.string(name), nil) }
            if !isValue { return (.null, nil) }
        case .array?:
            if case .key(let name) = call { return (.string(name), nil) }
            if case .endObject = call { return (.endArray, nil) }
        }
        if case .bytes(let bytes) = call, String(validating: bytes, as: UTF8.self) == nil {
            return (call, .invalidUTF8)
        }
        switch call {
        case .startObject, .startArray: return frames.count < 100 ? (call, nil) : (.null, nil)
        default: return (call, nil)
        }
    }

    /// `name`, made different from the keys of `members` (a repeated key would be resolved on parsing).
    private static func distinct(_ name: String, from members: [(String, JSON)]) -> String {
        members.contains { $0.0 == name } ? "\(name)\u{1}\(members.count)" : name
    }

    /// Records a call that ``fit(_:)`` returned and that succeeded.
    mutating func record(_ call: WriterCall) {
        switch call {
        case .null: add(.null)
        case .bool(let value): add(.bool(value))
        case .number(let number): add(.number(number))
        case .string(let text): add(.string(text))
        case .bytes(let bytes): add(.string(String(decoding: bytes, as: UTF8.self)))
        case .key(let name):
            guard case .object(let members, key: nil)? = frames.last else { return }
            frames[frames.count - 1] = .object(members, key: name)
        case .startObject: frames.append(.object([], key: nil))
        case .startArray: frames.append(.array([]))
        case .endObject:
            guard case .object(let members, _)? = frames.popLast() else { return }
            add(.object(JSONObject(members)))
        case .endArray:
            guard case .array(let elements)? = frames.popLast() else { return }
            add(.array(elements))
        }
    }

    /// The calls that close every open container.
    var closing: [WriterCall] {
        frames.reversed().flatMap { frame -> [WriterCall] in
            switch frame {
            case .array: return [.endArray]
            case .object(_, key: nil): return [.endObject]
            case .object: return [.null, .endObject]
            }
        }
    }

    /// Adds a finished value to the open container, or as a top-level value.
    private mutating func add(_ value: JSON) {
        switch frames.last {
        case nil: documents.append(value)
        case .array(let elements)?: frames[frames.count - 1] = .array(elements + [value])
        case .object(let members, let key)?:
            frames[frames.count - 1] = .object(members + [(key ?? "", value)], key: nil)
        }
    }
}
