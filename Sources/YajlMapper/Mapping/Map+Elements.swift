/// Element-wise conversions of collections: the first failure names its position (a
/// read that fails whole), or each failure is left out with a problem of its own (what
/// ObjectMapper does for transforms and enums in collections).
extension Map {
    /// The elements of an array that convert, in order. Each one that does not is left out
    /// and is a problem at its index, as ObjectMapper drops what a transform or an enum's
    /// raw value refuses in a collection (lenient mode; strict mode makes them errors).
    func keptElements<T>(
        _ node: JSON, under prefix: [JSONPath.Component] = [], _ convert: (JSON) throws -> T
    ) throws -> [T] {
        try keptElements(node, under: prefix, indexed: { _, element in try convert(element) })
    }

    /// ``keptElements(_:under:_:)`` with each element's index given to `convert`.
    func keptElements<T>(
        _ node: JSON, under prefix: [JSONPath.Component] = [],
        indexed convert: (Int, JSON) throws -> T
    ) throws -> [T] {
        guard case .array(let elements) = node else {
            throw JSONConversionError.typeMismatch(expected: "array", found: node.kind)
        }
        var kept: [T] = []
        kept.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            do {
                kept.append(try convert(i, element))
            } catch {
                reportDropped(error, at: prefix + [.index(i)], element)
            }
        }
        return kept
    }

    /// The members of an object that convert; each one that does not is left out and is a
    /// problem at its key (see ``keptElements(_:under:_:)``).
    func keptMembers<T>(_ node: JSON, _ convert: (JSON) throws -> T) throws -> [String: T] {
        try keptMembers(node, keyed: { _, value in try convert(value) })
    }

    /// ``keptMembers(_:_:)`` with each member's key given to `convert`.
    func keptMembers<T>(_ node: JSON, keyed convert: (String, JSON) throws -> T) throws -> [String: T] {
        guard case .object(let object) = node else {
            throw JSONConversionError.typeMismatch(expected: "object", found: node.kind)
        }
        var kept: [String: T] = [:]
        for (key, value) in zip(object.keys, object.values) {
            do {
                kept[key] = try convert(key, value)
            } catch {
                reportDropped(error, at: [.key(key)], value)
            }
        }
        return kept
    }

    /// ``keptElements(_:under:_:)`` for an array of arrays: each row's elements that convert;
    /// a row that is not an array is left out too.
    func keptRows<T>(_ node: JSON, _ convert: (JSON) throws -> T) throws -> [[T]] {
        try keptElements(node, indexed: { row, value in try keptElements(value, under: [.index(row)], convert) })
    }

    /// ``keptElements(_:under:_:)`` for an object of arrays: each member's elements that
    /// convert; a member that is not an array is left out too.
    func keptMemberArrays<T>(_ node: JSON, _ convert: (JSON) throws -> T) throws -> [String: [T]] {
        try keptMembers(node, keyed: { key, value in try keptElements(value, under: [.key(key)], convert) })
    }

    /// Records an element left out, at its position under the selected value.
    private func reportDropped(_ error: any Error, at steps: [JSONPath.Component], _ value: JSON) {
        switch error {
        case let error as JSONConversionError:
            report(ElementFailure(path: steps, error: error, value: value))
        case var failure as ElementFailure:
            failure.path = steps + failure.path
            report(failure)
        default:
            session.report(
                .typeMismatch, path: currentPath + steps, expected: "\(error)", found: value.foundDescription,
                value: value)
        }
    }
}

// MARK: Element conversions

extension JSON {
    /// The elements converted one by one; the first failure names its index.
    func convertedElements<T>(_ convert: (JSON) throws -> T) throws -> [T] {
        guard case .array(let elements) = self else {
            throw JSONConversionError.typeMismatch(expected: "array", found: kind)
        }
        return try JSON.converted(elements, convert)
    }

    /// `elements` converted one by one; the first failure names its index.
    @inline(__always)
    static func converted<T>(_ elements: [JSON], _ convert: (JSON) throws -> T) throws -> [T] {
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            do {
                result.append(try convert(element))
            } catch let error as JSONConversionError {
                throw Map.ElementFailure(path: [.index(i)], error: error, value: element)
            } catch var failure as Map.ElementFailure {
                failure.path.insert(.index(i), at: 0)
                throw failure
            }
        }
        return result
    }

    /// The members' values converted one by one; the first failure names its key.
    func convertedMembers<T>(_ convert: (JSON) throws -> T) throws -> [String: T] {
        guard case .object(let object) = self else {
            throw JSONConversionError.typeMismatch(expected: "object", found: kind)
        }
        var result: [String: T] = [:]
        result.reserveCapacity(object.count)
        for (key, value) in zip(object.keys, object.values) {
            do {
                result[key] = try convert(value)
            } catch let error as JSONConversionError {
                throw Map.ElementFailure(path: [.key(key)], error: error, value: value)
            } catch var failure as Map.ElementFailure {
                failure.path.insert(.key(key), at: 0)
                throw failure
            }
        }
        return result
    }
}
