/// Writing a model's values to JSON at the selected key.
extension Map {
    /// Writes a value at the selected key (nested paths create objects, numeric parts arrays).
    func write(_ value: YajlMapper.JSON?) {
        guard value != nil || shouldIncludeNilValues else { return }
        Self.assign(value ?? .null, at: currentComponents[...], in: &output)
    }

    /// Writes `value` at the path `components` inside `target`, making the containers on the way.
    private static func assign(
        _ value: YajlMapper.JSON, at components: ArraySlice<String>, in target: inout YajlMapper.JSON
    ) {
        guard let first = components.first else {
            target = value
            return
        }
        let rest = components.dropFirst()
        if let index = Int(first), index >= 0, index < 100_000, target.object == nil {
            var array = target.array ?? []
            while array.count <= index { array.append(.null) }
            assign(value, at: rest, in: &array[index])
            target = .array(array)
        } else {
            var object = target.object ?? JSONObject()
            var child = object[first] ?? .null
            assign(value, at: rest, in: &child)
            object[first] = child
            target = .object(object)
        }
    }
}
