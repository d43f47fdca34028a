/// A whole unit: the unit (the document, or one streamed element) parsed again with every value kept.
/// Parsed on first use: where a map takes an object its plan did not capture all of.
final class WholeUnit {
    /// Parses the unit again, kept whole, with the start offset of each value.
    private let load: () throws -> (root: JSON, offsets: [Int])
    /// What ``load`` gave, once called (`.some(nil)`: it failed).
    private var loaded: (root: JSON, offsets: [Int])??

    /// A unit parsed again by `load` when first needed.
    init(_ load: @escaping () throws -> (root: JSON, offsets: [Int])) { self.load = load }

    /// A unit already held whole (a replayed value), without offsets.
    init(_ value: JSON) {
        load = { (value, []) }
    }

    /// The unit and the start offset of each of its values in pre-order (`nil` when it
    /// could not be read again: a parse error later in it).
    var whole: (root: JSON, offsets: [Int])? {
        if loaded == nil { loaded = .some(try? load()) }
        return loaded.unsafelyUnwrapped
    }

    /// The whole unit when it has been parsed again (without parsing it otherwise).
    var loadedWhole: (root: JSON, offsets: [Int])? { loaded ?? nil }

    /// The value at `path` from the unit's root, in the whole unit.
    func value(at path: [JSONPath.Component]) -> JSON? {
        whole?.root.value(atPath: JSONPath(path))
    }
}
