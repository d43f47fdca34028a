/// A unit (a document, or a streamed element) parsed again, kept whole, on first use:
/// where a map takes an object its plan did not capture all of.
final class WholeUnit {
    private let load: () throws -> (root: JSON, offsets: [Int])
    private var loaded: (root: JSON, offsets: [Int])??

    init(_ load: @escaping () throws -> (root: JSON, offsets: [Int])) { self.load = load }

    init(_ value: JSON) {
        load = { (value, []) }
    }

    /// The unit and the start offset of each of its values in pre-order (`nil` when it
    /// could not be read again: a parse error later in it).
    var whole: (root: JSON, offsets: [Int])? {
        if loaded == nil { loaded = .some(try? load()) }
        return loaded.unsafelyUnwrapped
    }

    func value(at path: [JSONPath.Component]) -> JSON? {
        whole?.root.value(atPath: JSONPath(path))
    }
}
