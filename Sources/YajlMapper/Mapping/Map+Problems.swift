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

    /// Records a value that could not be converted.
    func report(_ error: JSONConversionError, expected: String) {
        switch error {
        case .typeMismatch(_, let found):
            session.report(
                .typeMismatch, path: currentPath, expected: expected, found: found.description, value: currentNode)
        case .numberOutOfRange(let text, _):
            session.report(.numberOutOfRange, path: currentPath, expected: expected, found: text, value: currentNode)
        case .notAnInteger(let text, _):
            session.report(.notAnInteger, path: currentPath, expected: expected, found: text, value: currentNode)
        }
    }
}
