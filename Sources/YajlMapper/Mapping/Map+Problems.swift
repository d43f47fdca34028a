/// Problems recorded at the selected key.
extension Map {
    /// The path of the selected value from the unit's root.
    var currentPath: [JSONPath.Component] {
        // One allocation: it is made for every array of models read.
        let components = currentComponents
        var path: [JSONPath.Component] = []
        path.reserveCapacity(parentPath.count + 2 + components.count)
        path.append(contentsOf: parentPath)
        if let leaf {
            path.append(leaf)
            if let leaf2 { path.append(leaf2) }
        }
        for component in components { path.append(.key(component)) }
        return path
    }

    /// Records a problem at the selected key.
    func report(_ kind: MappingProblem.Kind, expected: String, found: YajlMapper.JSON?) {
        session.report(kind, path: currentPath, expected: expected, found: found?.foundDescription, value: found)
    }

    /// Records a selected value that could not be converted: a mismatched value is described
    /// as every problem describes it (a number with its text), whichever operator read it.
    func report(_ error: JSONConversionError, expected: String) {
        let node = currentNode
        if case .typeMismatch = error, let node { return report(.typeMismatch, expected: expected, found: node) }
        let (kind, _, found) = error.problemParts
        session.report(kind, path: currentPath, expected: expected, found: found, value: node)
    }
}

extension JSONConversionError {
    /// The problem a failed conversion makes: its kind, the type expected and what was found.
    var problemParts: (kind: MappingProblem.Kind, expected: String, found: String) {
        switch self {
        case .typeMismatch(let expected, let found): return (.typeMismatch, expected, found.description)
        case .numberOutOfRange(let text, let type): return (.numberOutOfRange, type, text)
        case .notAnInteger(let text, let type): return (.notAnInteger, type, text)
        }
    }
}
