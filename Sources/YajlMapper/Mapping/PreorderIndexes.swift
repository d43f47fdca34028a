// Where a value of a stream's envelope is in the input: the pre-order index of the value at
// its path in the envelope, whose start the recorder noted in pre-order (see
// ``StreamSummary/location(of:)``).

extension JSON {
    /// The number of values in this tree, itself included (its pre-order size).
    var preorderSize: Int {
        switch self {
        case .array(let a): return 1 + a.reduce(0) { $0 + $1.preorderSize }
        case .object(let o): return 1 + o.values.reduce(0) { $0 + $1.preorderSize }
        default: return 1
        }
    }

    /// The pre-order index of the value at `path`, or of the deepest value on the way when
    /// the path ends early (a missing key is located at its object).
    func preorderIndex(of path: [JSONPath.Component]) -> Int {
        var index = 0
        var node = self
        for component in path {
            let children: [JSON]
            let position: Int?
            switch (component, node) {
            case (.key(let key), .object(let object)):
                children = object.values
                position = object.position(of: key)
            case (.key(let key), .array(let array)):
                children = array
                position = Int(key).flatMap { array.indices.contains($0) ? $0 : nil }
            case (.index(let i), .array(let array)):
                children = array
                position = array.indices.contains(i) ? i : nil
            default:
                return index
            }
            guard let position else { return index }
            index += 1 + children[..<position].reduce(0) { $0 + $1.preorderSize }
            node = children[position]
        }
        return index
    }
}
