// Where a value of a stream's envelope is in the input: the pre-order index of the value at
// its path in the envelope, whose start the recorder noted in pre-order (see
// ``StreamSummary/location(of:)``). Summed once per container, so the thousandth path costs
// what the first does.

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
        PreorderIndexes(of: self).index(of: path)
    }
}

/// Pre-order indexes of values in one tree, for many paths: the sizes of a container's
/// children are summed once, the first time a path goes through it.
final class PreorderIndexes {
    /// The tree the paths lead into.
    private let root: JSON
    /// For each container passed through, by its children's storage: entry k is the
    /// pre-order size of its children before child k.
    private var sizesBefore: [UnsafeRawPointer: [Int]] = [:]

    /// Indexes into `root`, summed as paths need them.
    init(of root: JSON) { self.root = root }

    /// ``JSON/preorderIndex(of:)`` of `path` in the tree.
    func index(of path: [JSONPath.Component]) -> Int {
        var index = 0
        var node = root
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
            index += 1 + sizes(before: position, in: children)
            node = children[position]
        }
        return index
    }

    /// The pre-order size of `children[..<position]`.
    private func sizes(before position: Int, in children: [JSON]) -> Int {
        // A few children are summed on the spot; a long array once, for every later path.
        if position < 8 { return children[..<position].reduce(0) { $0 + $1.preorderSize } }
        let key = children.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped) }
        if let known = sizesBefore[key] { return known[position] }
        var sums = [0]
        sums.reserveCapacity(children.count + 1)
        for child in children { sums.append(sums[sums.count - 1] + child.preorderSize) }
        sizesBefore[key] = sums
        return sums[position]
    }
}
