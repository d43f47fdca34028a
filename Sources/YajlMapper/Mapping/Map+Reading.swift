/// The selected value, sorted for assignment.
@usableFromInline
enum Fetched {
    /// The key is absent: leave the property as it is.
    case absent
    /// The value is `null`: `nil` for an optional property.
    case null
    /// A value to convert.
    case value(JSON)
}

/// The conversions behind every `<-` operator: one place decides what a missing key, a
/// `null` or a mistyped value means, and records it as a problem.
extension Map {
    /// A conversion that failed at a position inside the value (an element of an array).
    struct ElementFailure: Error {
        /// Where in the value the conversion failed.
        var path: [JSONPath.Component]
        /// Why it failed.
        var error: JSONConversionError
        /// The value that failed, when at hand.
        var value: JSON? = nil
        /// The value found, as problems describe it (a number with its text) when it is of
        /// the wrong kind; `nil` to describe it from `error`.
        var found: String? {
            guard case .typeMismatch = error else { return nil }
            return value?.foundDescription
        }
    }

    /// Reads the selected value with `convert`.
    /// - Parameters:
    ///   - required: the property is not optional: absent or `null` is a problem.
    ///   - expected: the Swift type's name, for problems.
    /// - Returns: `.some(value)` to assign, `.none` to leave the property as it is, or
    ///   `.some(nil)` for an optional property read as `null` or from a value that does not
    ///   convert (a problem is recorded), as ObjectMapper makes it `nil`.
    ///   Inlined: a call from generic code (`[M]` for models `M`) would look up the
    ///   metadata of `T` at run time on every read.
    @inline(__always)
    func read<T>(required: Bool, expected: @autoclosure () -> String, _ convert: (JSON) throws -> T?) -> T?? {
        let node: JSON
        switch fetch(required: required, expected: expected()) {
        case .absent: return .none
        case .null: return required ? .none : .some(nil)
        case .value(let value): node = value
        }
        do {
            guard let value = try convert(node) else { return .none }
            return .some(value)
        } catch {
            reportConversion(error, expectedName: expected())
        }
        return required ? .none : .some(nil)
    }

    /// The selected value sorted for assignment; a missing or `null` value for a required
    /// property is reported here.
    @usableFromInline
    func fetch(required: Bool, expected: @autoclosure () -> String) -> Fetched {
        guard let node = currentNode else {
            if required { report(.missing, expected: expected(), found: nil) }
            return .absent
        }
        if case .null = node {
            if required { report(.typeMismatch, expected: expected(), found: node) }
            return .null
        }
        return .value(node)
    }

    /// ``fetch(_:required:expected:)`` for a plain value: the basic operators' fast path,
    /// specialised in the caller's module.
    @usableFromInline
    func fetchValue(required: Bool, expected: Any.Type) -> Fetched {
        fetch(required: required, expected: "\(expected)")
    }

    /// Records a failed conversion of the selected value.
    @usableFromInline
    func reportConversion(_ error: any Error, expected: Any.Type) {
        reportConversion(error, expectedName: "\(expected)")
    }

    /// ``reportConversion(_:expected:)`` with the expected type's name as problems give it.
    @usableFromInline
    func reportConversion(_ error: any Error, expectedName: @autoclosure () -> String) {
        if let failure = error as? ElementFailure {
            report(failure)
        } else if let error = error as? JSONConversionError {
            report(error, expected: expectedName())
        } else {
            report(.typeMismatch, expected: expectedName(), found: currentNode)
        }
    }

    /// Records a failed conversion inside the selected value, at its element: the path
    /// names the element, and so does the type expected there.
    func report(_ failure: ElementFailure) {
        let (kind, expected, found) = failure.error.problemParts
        session.report(
            kind, path: currentPath + failure.path, expected: expected, found: failure.found ?? found,
            value: failure.value)
    }
}
