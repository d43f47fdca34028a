import Foundation

/// How a mapping reads a key: as a plain value, or as a nested model (alone, in an array
/// or set, or as the values of a dictionary). The capture keeps what each kind needs.
enum ReadKind: Equatable {
    /// A plain value.
    case value
    /// A nested model.
    case model(TypeInfo)
    /// An array or set of models.
    case models(TypeInfo)
    /// A dictionary of models.
    case modelValues(TypeInfo)

    /// Equal kinds of the same model type.
    static func == (lhs: ReadKind, rhs: ReadKind) -> Bool {
        switch (lhs, rhs) {
        case (.value, .value): return true
        case (.model(let a), .model(let b)), (.models(let a), .models(let b)),
            (.modelValues(let a), .modelValues(let b)):
            return a === b
        default: return false
        }
    }
}

/// One `map["key"]` read by a type's mapping, as it was written. A class: a ``Map`` holds
/// the read its selection matched (one reference) instead of copying its parts.
final class PlanRead: Equatable, @unchecked Sendable {
    /// The key as given (`owner.avatar_url`).
    let key: String
    /// Whether the key is a path (split at the delimiter).
    let nested: Bool
    /// The `nested:` argument as written (`nil`: decided by the key containing the delimiter).
    let requestedNested: Bool?
    /// The separator of the path's keys.
    let delimiter: String
    /// The path's keys (one for a plain key; none for the whole object).
    let components: [String]
    /// How the value is read.
    let kind: ReadKind
    /// `kind == .value`, precomputed: checked on every read.
    let isPlainValue: Bool
    /// In a plan: the position of the first key among the plan root's entries (-1: none).
    let entryIndex: Int
    /// One key, not a path: the value is a member of the object itself.
    var isSingleKey: Bool { components.count == 1 }
    /// In a plan, for a path of keys through nested objects (`owner.avatar_url`): after the
    /// first key (at `entryIndex`), each further key's entry position in its plan node, and
    /// that node's names. A captured object that shares a node's names lists the node's
    /// keys in its order, so the path is followed by position (see `Map`). Empty otherwise.
    let memberPath: [MemberStep]

    /// One step of ``memberPath``.
    struct MemberStep {
        /// The key's entry position in its plan node.
        let index: Int
        /// That node's names (the plan keeps them).
        let names: UnsafeBufferPointer<String>
    }

    /// A read as written; `whole`: a read of the whole object.
    init(
        key: String, nested: Bool, requestedNested: Bool? = nil, delimiter: String, kind: ReadKind, whole: Bool = false
    ) {
        self.key = key
        self.nested = nested
        self.requestedNested = requestedNested
        self.delimiter = delimiter
        self.components = whole ? [] : nested ? key.components(separatedBy: delimiter) : [key]
        self.kind = kind
        if case .value = kind { isPlainValue = true } else { isPlainValue = false }
        entryIndex = -1
        memberPath = []
    }

    /// The same read, placed in a plan whose root lists its first key at `entryIndex`.
    init(_ read: PlanRead, entryIndex: Int, memberPath: [MemberStep] = []) {
        key = read.key
        nested = read.nested
        requestedNested = read.requestedNested
        delimiter = read.delimiter
        components = read.components
        kind = read.kind
        isPlainValue = read.isPlainValue
        self.entryIndex = entryIndex
        self.memberPath = memberPath
    }

    /// A read of the whole object (`map.JSON`, `map.jsonValue`).
    var isWhole: Bool { components.isEmpty }

    /// Equal as plan entries: what is read and how (not how the `nested:` argument was spelled).
    static func == (lhs: PlanRead, rhs: PlanRead) -> Bool {
        lhs.key == rhs.key && lhs.nested == rhs.nested && lhs.delimiter == rhs.delimiter
            && lhs.components == rhs.components && lhs.kind == rhs.kind
    }
}
