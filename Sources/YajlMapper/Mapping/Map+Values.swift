import Foundation

/// The selected value and the object as the caller sees them (Foundation types, `JSON`).
extension Map {
    /// The selected value as Foundation types (`String`, `NSNumber`, `Bool`, `[Any]`,
    /// `[String: Any]`); `nil` for `null` and absent keys.
    public var currentValue: Any? {
        guard let currentNode = currentJSON, currentNode != .null else { return nil }
        return currentNode.foundationValue
    }

    /// The selected value as a ``YajlMapper/JSON`` value; `nil` when absent.
    public var currentJSON: YajlMapper.JSON? {
        mappingType == .fromJSON ? currentNode : nil
    }

    /// The object being read, or written so far, as a Foundation dictionary. Asking (while
    /// reading) makes the plan keep objects at this place whole from then on.
    public var JSON: [String: Any] {
        jsonValue.foundationValue as? [String: Any] ?? [:]
    }

    /// The object being read, or written so far, as a ``YajlMapper/JSON`` value: the dynamic
    /// fallback for what the DSL does not express. Asking (while reading) makes the plan
    /// keep objects at this place whole from then on.
    public var jsonValue: YajlMapper.JSON {
        guard mappingType == .fromJSON else { return output }
        guard object >= 0 else { return .object(JSONObject()) }
        return document.json(at: object, place: place, session: session)
    }

    /// The selected value cast to `T` (ObjectMapper's `value()`).
    public func value<T>() -> T? {
        if let value = currentValue as? T { return value }
        // A Foundation number does not cast to `Float` in every case (nor an array or a
        // dictionary of them): as ObjectMapper does, `Float`, `[Float]` and `[String: Float]`
        // are read through their numbers.
        guard T.self == Float.self || T.self == [Float].self || T.self == [String: Float].self,
            let node = currentJSON, let type = T.self as? any JSONReadable.Type
        else { return nil }
        return (try? type.fromJSON(node)) as? T
    }
}
