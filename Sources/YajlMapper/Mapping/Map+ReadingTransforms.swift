/// A transform's input: the selected value as Foundation types (`nil` for `null`).
@usableFromInline
struct SelectedTransformInput {
    /// The value as Foundation types (`nil` for `null`).
    @usableFromInline let value: Any?
    /// Whether the value is `null`.
    @usableFromInline let isNull: Bool

    /// An input of `value`.
    @usableFromInline
    init(value: Any?, isNull: Bool) {
        self.value = value
        self.isNull = isNull
    }
}

/// Transforms' reads of the selected value.
extension Map {
    /// The selected value as a transform's input (Foundation types), or `nil` when the key
    /// is absent (a problem for a required property). Not generic, so the inlinable
    /// transform operators specialise in the caller's module without runtime type lookups.
    @usableFromInline
    func transformInput(required: Bool, expected: Any.Type) -> SelectedTransformInput? {
        guard let node = currentNode else {
            if required { report(.missing, expected: "\(expected)", found: nil) }
            return nil
        }
        return node == .null
            ? SelectedTransformInput(value: nil, isNull: true)
            : SelectedTransformInput(value: node.foundationValue, isNull: false)
    }

    /// Records a value the transform refused.
    @usableFromInline
    func reportTransformFailure(expected: Any.Type) {
        report(.transformFailed, expected: "\(expected)", found: currentNode)
    }

    /// The selected value passed through a transform (as Foundation types). For an absent
    /// key the transform is asked with `nil`, as ObjectMapper's `map.value(_:using:)` does:
    /// a transform that makes a value of nothing (a default) gives it.
    func readTransformed<Transform: TransformType>(_ transform: Transform, required: Bool) -> Transform.Object?? {
        guard let input = transformInput(required: false, expected: Transform.Object.self) else {
            if let made = transform.transformFromJSON(nil) { return .some(made) }
            if required { report(.missing, expected: "\(Transform.Object.self)", found: nil) }
            return .none
        }
        if let value = transform.transformFromJSON(input.value) { return .some(value) }
        if input.isNull && !required { return .some(nil) }
        reportTransformFailure(expected: Transform.Object.self)
        return .none
    }
}
