/// One problem found while mapping: where (key path and position) and what.
public struct MappingProblem: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The key is absent and the property is not optional.
        case missing
        /// The value is of another JSON kind (or `null` for a non-optional property).
        case typeMismatch
        /// A number that does not fit the property's type (never wrapped or truncated).
        case numberOutOfRange
        /// A number with a fractional part for an integer property.
        case notAnInteger
        /// A transform returned `nil` for a value that was present.
        case transformFailed
        /// `init?(map:)` or `objectForMapping(map:)` returned `nil`, or `init(map:)` threw.
        case objectRejected
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, from the document's root: `items[3].owner.avatar_url`.
    public var keyPath: String
    /// The Swift type expected, e.g. `String`.
    public var expected: String
    /// What was found: a JSON kind (`null`, `string`, ...), a number's text, or `nil` when absent.
    public var found: String?
    /// Where in the input (absent for values that did not come from parsed text).
    public var location: JSONLocation?
    /// The path from the mapped unit's root, for locating the problem after mapping.
    var unitPath: [JSONPath.Component] = []
    /// For an error that a mapping made itself and threw (`MapError(key:currentValue:reason:)`
    /// from an `init(map:)`): its fields as made, given back by the error that reaches the caller.
    var origin: CallerFields?
    /// The value found, when the problem is about one (an error's `currentValue`).
    var foundValue: YajlMapper.JSON?
    /// The `map.value(...)` call that threw the error standing for this problem.
    var callSite: CallSite?
    /// An error of the caller's own type that an `init(map:)` threw, which this problem
    /// stands for.
    var callerError: CallerError?

    /// Two problems are the same when they say the same thing at the same place.
    public static func == (lhs: MappingProblem, rhs: MappingProblem) -> Bool {
        lhs.kind == rhs.kind && lhs.keyPath == rhs.keyPath && lhs.expected == rhs.expected
            && lhs.found == rhs.found && lhs.location == rhs.location
    }

    /// Creates a problem.
    public init(kind: Kind, keyPath: String, expected: String, found: String?, location: JSONLocation? = nil) {
        self.kind = kind
        self.keyPath = keyPath
        self.expected = expected
        self.found = found
        self.location = location
    }

    /// The problem without its position: `items[3].owner.login: expected String, found null`.
    public var message: String {
        let subject = keyPath.isEmpty ? "(root)" : keyPath
        switch kind {
        case .missing: return "\(subject): missing key, expected \(expected)"
        case .typeMismatch: return "\(subject): expected \(expected), found \(found ?? "nothing")"
        case .numberOutOfRange: return "\(subject): number \(found ?? "") does not fit in \(expected)"
        case .notAnInteger: return "\(subject): number \(found ?? "") is not an integer (expected \(expected))"
        case .transformFailed: return "\(subject): cannot convert \(found ?? "the value") to \(expected)"
        case .objectRejected: return "\(subject): \(expected) refused the object\(found.map { " (\($0))" } ?? "")"
        }
    }

    /// `LINE:COLUMN: message`, or the message alone when there is no position.
    public var description: String {
        guard let location else { return message }
        return "\(location.line):\(location.column): \(message)"
    }
}

/// Mapping failed: every problem found, in document order (the first one first).
///
/// Thrown by the throwing entry points in strict mode, and by `ImmutableMappable`'s
/// `map.value(_:)` for the value it could not read.
public struct MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem found; never empty.
    public var problems: [MappingProblem]

    /// ObjectMapper's `MapError` fields: the key, the value found and the reason, from the
    /// first problem unless given (``init(key:currentValue:reason:file:function:line:)``);
    /// the source position where such an error was made.
    public var key: String? { didSet { edited = true } }
    /// The value found (ObjectMapper's `currentValue`): the value given, as Foundation
    /// gives it back when JSON can hold it (`5` reads back `as? Int`), else its description;
    /// for a problem found by the mapping, the value at its key (`nil` when missing), or
    /// the problem's description of it.
    public var currentValue: Any? {
        get { storedValue?.foundationValue }
        set {
            storedValue = newValue.map { YajlMapper.JSON(foundation: $0) ?? .string(String(describing: $0)) }
            edited = true
        }
    }
    private(set) var storedValue: YajlMapper.JSON?
    /// Why (ObjectMapper's `reason`): the reason given, or the first problem's message.
    public var reason: String? { didSet { edited = true } }
    public var file: StaticString? { didSet { edited = true } }
    public var function: StaticString? { didSet { edited = true } }
    public var line: UInt? { didSet { edited = true } }

    /// Whether the fields are the ones given to ``init(key:currentValue:reason:file:function:line:)``
    /// (an error a mapping made itself), rather than taken from the first problem.
    var madeByCaller = false
    /// Whether a field was changed after the error was made (a mapping that catches an
    /// error, changes its `reason` and throws it again): the changed fields are kept.
    private(set) var edited = false

    /// Creates an error from problems.
    public init(problems: [MappingProblem]) {
        precondition(!problems.isEmpty, "MappingError needs at least one problem")
        self.problems = problems
        let first = problems[0]
        if let origin = first.origin {
            (key, storedValue, reason) = (origin.key, origin.value, origin.reason)
            (file, function, line) = (origin.file, origin.function, origin.line)
            return
        }
        key = first.keyPath.isEmpty ? nil : first.keyPath
        storedValue = first.foundValue ?? first.found.map { .string($0) }
        reason = first.message
        (file, function, line) = (first.callSite?.file, first.callSite?.function, first.callSite?.line)
    }

    /// The reason and the value, as a problem's `found`: `must not be negative: -2`.
    static func explanation(reason: String?, value: YajlMapper.JSON?) -> String? {
        let parts = [reason, value.map { "\($0)" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ": ")
    }

    /// The fields as they are now, for a problem made from this error.
    var callerFields: CallerFields {
        CallerFields(key: key, value: storedValue, reason: reason, file: file, function: function, line: line)
    }

    /// The first problem.
    public var first: MappingProblem { problems[0] }

    /// The first problem, and how many more there are.
    public var description: String {
        problems.count == 1 ? first.description : "\(first.description) (and \(problems.count - 1) more)"
    }

    /// Two errors are the same when they have the same problems.
    public static func == (lhs: MappingError, rhs: MappingError) -> Bool { lhs.problems == rhs.problems }
}

/// ObjectMapper's name for the error `ImmutableMappable` throws.
public typealias MapError = MappingError

extension MappingError {
    /// ObjectMapper's `MapError(key:currentValue:reason:)`, for an `init(map:)` or a
    /// transform that refuses a value for its own reason: one ``MappingProblem/Kind/objectRejected``
    /// problem at `key`, and the fields as given.
    public init(
        key: String?, currentValue: Any?, reason: String?, file: StaticString? = nil,
        function: StaticString? = nil, line: UInt? = nil
    ) {
        self.init(problems: [
            MappingProblem(kind: .objectRejected, keyPath: key ?? "", expected: "the mapping", found: nil)
        ])
        self.key = key
        self.currentValue = currentValue
        problems[0].found = Self.explanation(reason: reason, value: storedValue)
        (self.reason, self.file, self.function, self.line) = (reason, file, function, line)
        madeByCaller = true
    }
}

/// An error of the caller's own type (not a `MapError`), kept as thrown. Errors are not
/// all `Sendable`; this one is only handed back to the code that threw it, on its thread.
final class CallerError: @unchecked Sendable {
    let error: any Error
    init(_ error: any Error) { self.error = error }
}

extension MappingError {
    /// ObjectMapper's entry points for `ImmutableMappable` pass on an error an `init(map:)`
    /// threw as it was thrown: the error of the caller's own type behind the first problem
    /// that is not only a model refused because of another (a model whose `init(map:)`
    /// passed on a nested model's error comes before that model in document order), else
    /// this one.
    var asThrownToObjectMapperCallers: any Error {
        let cause = problems.first { $0.kind != .objectRejected || $0.callerError != nil || $0.origin != nil }
        return cause?.callerError?.error ?? self
    }
}

/// Runs one of ObjectMapper's throwing entry points (see ``MappingError/asThrownToObjectMapperCallers``).
func passingCallerErrors<Value>(_ body: () throws -> Value) throws -> Value {
    do {
        return try body()
    } catch let error as MappingError {
        throw error.asThrownToObjectMapperCallers
    }
}

/// Where in the caller's code an error was made (ObjectMapper's `file`, `function`, `line`).
struct CallSite: Sendable {
    var file: StaticString
    var function: StaticString
    var line: UInt
}

/// The fields of an error made with `MapError(key:currentValue:reason:)`, kept with the
/// problem that stands for it.
struct CallerFields: Sendable {
    var key: String?
    var value: YajlMapper.JSON?
    var reason: String?
    var file: StaticString?
    var function: StaticString?
    var line: UInt?
}

/// A type's name as a problem shows it: in Swift's sugar (`[Int]`, `[String: Any]`, `Int?`),
/// where the run time spells `Array<Int>`, `Dictionary<String, Any>`, `Optional<Int>`. An
/// optional type read as a whole is named by its wrapped type: `null` and absence are
/// already allowed for it, so the problem is about the value found.
func expectedName(_ type: Any.Type) -> String {
    var name = String(describing: type)
    while name.hasPrefix("Optional<"), name.hasSuffix(">") {
        name = String(name.dropFirst("Optional<".count).dropLast())
    }
    return sugared(Substring(name))
}

/// `Array<X>` as `[X]`, `Dictionary<K, V>` as `[K: V]`, `Optional<X>` as `X?`, through
/// every level of generic arguments.
private func sugared(_ name: Substring) -> String {
    guard let open = name.firstIndex(of: "<"), name.last == ">" else { return String(name) }
    let base = name[..<open]
    let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
    // Split the arguments at the commas of this level only.
    var arguments: [String] = []
    var depth = 0
    var start = inner.startIndex
    for index in inner.indices {
        switch inner[index] {
        case "<", "(", "[": depth += 1
        case ">", ")", "]": depth -= 1
        case "," where depth == 0:
            arguments.append(sugared(Substring(String(inner[start..<index]).trimmingWhitespace())))
            start = inner.index(after: index)
        default: break
        }
    }
    arguments.append(sugared(Substring(String(inner[start...]).trimmingWhitespace())))
    switch (base, arguments.count) {
    case ("Array", 1), ("Swift.Array", 1): return "[\(arguments[0])]"
    case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
    case ("Optional", 1), ("Swift.Optional", 1): return "\(arguments[0])?"
    default: return "\(base)<\(arguments.joined(separator: ", "))>"
    }
}
