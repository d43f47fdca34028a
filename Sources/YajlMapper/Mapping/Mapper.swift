import Foundation

/// Maps JSON to models and models to JSON (ObjectMapper's `Mapper`), through one streaming
/// engine: text is parsed by yajl and only the keys the model reads are kept.
///
/// ```swift
/// let page = Mapper<GitHubRepositories>().map(JSONString: text)          // ObjectMapper style
/// let strict = try Mapper<GitHubRepositories>(strict: true).map(data: data) // precise errors
/// ```
public final class Mapper<N: BaseMappable> {
    /// Passed to every ``Map`` of a mapping.
    public var context: MapContext?
    /// When writing, write `null` for `nil` properties.
    public var shouldIncludeNilValues: Bool
    /// Problems make the throwing entry points throw; otherwise they are collected (see
    /// ``lastProblems`` and the `mapResult` functions) and ObjectMapper's behaviour is kept.
    public var strict: Bool
    /// How many threads build the models of a big document's array of models (the array a
    /// mapping reads as `[Model]`, such as a search page's `items`, or the root array of
    /// `mapArray(data:)`; not ObjectMapper's `mapArray(JSONString:)`): 0 uses every core once
    /// the document passes 1 MiB, 1 maps on the caller's thread. The models, the problems and
    /// the errors are the same whatever it is. With more than one, `init?(map:)` and
    /// `mapping(map:)` may run on several threads at once. A mapper with a ``context`` maps on
    /// one thread.
    public var jobs: Int
    /// The problems of the last mapping made with this mapper (lenient mode).
    public internal(set) var lastProblems: [MappingProblem] = []
    /// The size from which a document's models are built on several threads (`nil`: 1 MiB),
    /// for tests and the fuzz harness, whose inputs are a few KiB.
    @_spi(Fuzzing) public var parallelFrom: Int?
    /// Where this mapper's plans are learned and kept: the process's registry, or (for
    /// tests that start from no plan) one of their own.
    var plans = PlanRegistry.shared

    /// Creates a mapper.
    /// - Parameters:
    ///   - context: passed to every map.
    ///   - shouldIncludeNilValues: write `null` for `nil` properties.
    ///   - strict: throw on any problem (missing non-optional key, wrong type, number out of range).
    ///   - jobs: the threads that build a big document's models (see ``jobs``).
    public init(context: MapContext? = nil, shouldIncludeNilValues: Bool = false, strict: Bool = false, jobs: Int = 0) {
        self.context = context
        self.shouldIncludeNilValues = shouldIncludeNilValues
        self.strict = strict
        self.jobs = jobs
    }

    // MARK: Engine

    /// A run of this mapper's settings whose root has the shape `root` (the name of its plan).
    func run<Value>(
        root: Any.Type, build: @escaping (MappingDocument, DecodePlan?, MappingSession) -> Value?
    ) -> MappingRun<Value> {
        MappingRun(
            strict: strict, context: context, shouldIncludeNilValues: shouldIncludeNilValues, root: root,
            build: build, registry: plans, jobs: jobs, parallelFrom: parallelFrom)
    }

    var objectRun: MappingRun<N> {
        run(root: N.self) { document, place, session in
            ModelBuilder.build(N.self, at: document.root, place: place, in: document, path: [], session: session)
        }
    }

    /// How a collection run treats elements (or members) that make no model.
    enum Collecting {
        /// Each is left out, with a problem (the throwing entry points in lenient mode).
        case leaveOut
        /// ObjectMapper's collection functions: no result when one is not an object; an
        /// object that `init?(map:)` refuses is left out; a root object makes one model.
        case objectsOnly
        /// ObjectMapper's throwing functions for `ImmutableMappable`: no result unless every
        /// one makes a model.
        case every
    }

    /// The run whose root is an array of models, collecting them as `collecting` says.
    func arrayRun(_ collecting: Collecting = .leaveOut) -> MappingRun<[N]> {
        run(root: [N].self) { document, place, session in
            let root = document.root
            switch document.kind(at: root) {
            case .array:
                // ObjectMapper's collection functions first check that every element is an object.
                if collecting == .objectsOnly, !Self.allObjects(ofArrayAt: root, in: document, at: [], session) {
                    return nil
                }
                let (models, failures) = ModelBuilder.buildElements(
                    N.self, ofArrayAt: root, place: place?.elementPlace(learning: session.learning), in: document,
                    path: [], session: session)
                return collecting == .every && failures > 0 ? nil : models
            case .object where collecting == .objectsOnly:
                return ModelBuilder.build(N.self, at: root, place: place, in: document, path: [], session: session)
                    .map { [$0] }
            default:
                session.reportMismatch(at: root, in: document, path: [], expected: "[\(N.self)]")
                return nil
            }
        }
    }

    /// The run whose root is an object of models, collecting them as `collecting` says.
    func dictionaryRun(_ collecting: Collecting = .leaveOut) -> MappingRun<[String: N]> {
        run(root: [String: N].self) { document, place, session in
            let root = document.root
            guard document.kind(at: root) == .object else {
                session.reportMismatch(at: root, in: document, path: [], expected: "[String: \(N.self)]")
                return nil
            }
            if collecting == .objectsOnly, !Self.allObjects(ofObjectAt: root, in: document, at: [], session) {
                return nil
            }
            let (models, failed) = ModelBuilder.buildMembers(
                N.self, ofObjectAt: root, place: place, in: document, path: [], session: session)
            return collecting == .every && failed ? nil : models
        }
    }

    /// Whether every element of the array at `index` is an object, as ObjectMapper's
    /// collection functions require (`as? [[String: Any]]`); the first that is not is a
    /// problem at its position.
    static func allObjects(
        ofArrayAt index: Int, in document: MappingDocument, at path: [JSONPath.Component], _ session: MappingSession
    ) -> Bool {
        var all = true
        document.forEachElement(ofArrayAt: index) { i, element in
            if all, !isObject(element, in: document, at: path + [.index(i)], session) { all = false }
        }
        return all
    }

    /// ``allObjects(ofArrayAt:in:at:_:)`` for the members of the object at `index`.
    static func allObjects(
        ofObjectAt index: Int, in document: MappingDocument, at path: [JSONPath.Component], _ session: MappingSession
    ) -> Bool {
        var all = true
        var k = index + 1
        let view = document.view.pointee
        while all, k < view.tokens[index].start {
            all = isObject(k + 1, in: document, at: path + [.key(view.string(at: k))], session)
            k = document.end(ofValueAt: k + 1)
        }
        return all
    }

    /// Whether the value at `index` is an object; a problem at `path` when it is not.
    private static func isObject(
        _ index: Int, in document: MappingDocument, at path: [JSONPath.Component], _ session: MappingSession
    ) -> Bool {
        guard document.kind(at: index) != .object else { return true }
        session.reportMismatch(at: index, in: document, path: path, expected: "\(N.self) (an object)")
        return false
    }

    /// Runs a mapping over text, keeping problems for ``lastProblems``; `nil` on any error.
    func lenient<Value>(_ run: MappingRun<Value>, _ text: String) -> Value? {
        let result = try? run.run(text: text)
        lastProblems = result?.problems ?? []
        return result?.value
    }

    /// Runs a mapping over an already-parsed value.
    func lenient<Value>(_ run: MappingRun<Value>, foundation: Any?) -> Value? {
        let result = try? foundation.flatMap { JSON(foundation: $0) }.map { try run.run(replaying: $0) }
        lastProblems = result?.problems ?? []
        return result?.value
    }

    // MARK: ObjectMapper's entry points (nil on failure)

    /// Maps a JSON string to a model; `nil` when the text is not JSON or the root is refused.
    public func map(JSONString: String) -> N? { lenient(objectRun, JSONString) }

    /// Maps a Foundation dictionary to a model (replayed through the same engine).
    public func map(JSON: [String: Any]) -> N? { lenient(objectRun, foundation: JSON) }

    /// Maps a Foundation value (a dictionary) to a model.
    public func map(JSONObject: Any?) -> N? { lenient(objectRun, foundation: JSONObject) }

    /// Maps a JSON string onto an existing object (its `mapping(map:)` runs on it); the
    /// object unchanged when the text is not a JSON object. The text is read whole (every
    /// string decoded); of a repeated key, the first value counts, as everywhere else.
    public func map(JSONString: String, toObject object: N) -> N {
        let json = try? YajlMapper.JSON(parsing: JSONString, duplicateKeys: .useFirst)
        return map(json: json?.object == nil ? nil : json, toObject: object)
    }

    /// Maps a Foundation dictionary onto an existing object.
    public func map(JSON: [String: Any], toObject object: N) -> N {
        map(json: YajlMapper.JSON(foundation: JSON), toObject: object)
    }

    /// Maps `json` onto an existing object; the object unchanged without a value.
    private func map(json: YajlMapper.JSON?, toObject object: N) -> N {
        guard let json else {
            lastProblems = []
            return object
        }
        let session = MappingSession(strict: false, context: context, shouldIncludeNilValues: shouldIncludeNilValues)
        let document = MappingDocument(value: json)
        let map = Map(
            mappingType: .fromJSON, document: document, object: document.root, place: nil, session: session,
            path: [], toObject: true)
        var copy = object
        copy.mapping(map: map)
        lastProblems = session.takeProblems()
        return copy
    }

    // As in ObjectMapper, the collection functions below give `nil` when an element (or a
    // member) is not an object, with a problem at it; an object that `init?(map:)` refuses
    // is left out.

    /// Maps a JSON array string of objects to models; text holding one object gives an
    /// array of its model, as in ObjectMapper.
    public func mapArray(JSONString: String) -> [N]? { lenient(arrayRun(.objectsOnly), JSONString) }

    /// Maps Foundation dictionaries to models.
    public func mapArray(JSONArray: [[String: Any]]) -> [N] { lenient(arrayRun(), foundation: JSONArray) ?? [] }

    /// Maps a Foundation array of dictionaries to models.
    public func mapArray(JSONObject: Any?) -> [N]? {
        guard JSONObject is [Any] else { return nil }
        return lenient(arrayRun(.objectsOnly), foundation: JSONObject)
    }

    // As in ObjectMapper, the dictionary and nested-array functions also give `nil`, not an
    // empty collection, when no model was made.

    /// Maps a JSON object string whose values are objects to a dictionary of models.
    public func mapDictionary(JSONString: String) -> [String: N]? {
        nonEmpty(lenient(dictionaryRun(.objectsOnly), JSONString))
    }

    /// Maps a Foundation dictionary of dictionaries to models.
    public func mapDictionary(JSON: [String: [String: Any]]) -> [String: N]? {
        nonEmpty(lenient(dictionaryRun(), foundation: JSON))
    }

    /// Maps a Foundation dictionary of dictionaries to models.
    public func mapDictionary(JSONObject: Any?) -> [String: N]? {
        nonEmpty(lenient(dictionaryRun(.objectsOnly), foundation: JSONObject))
    }

    /// Maps `{"key": [{...}, ...]}` to a dictionary of arrays of models.
    public func mapDictionaryOfArrays(JSONString: String) -> [String: [N]]? {
        nonEmpty(lenient(dictionaryOfArraysRun(.objectsOnly), JSONString))
    }

    /// Maps a Foundation dictionary of arrays to a dictionary of arrays of models.
    public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) -> [String: [N]]? {
        nonEmpty(lenient(dictionaryOfArraysRun(.objectsOnly), foundation: JSON))
    }

    /// Maps `[[{...}], [{...}]]` to an array of arrays of models.
    public func mapArrayOfArrays(JSONString: String) -> [[N]]? {
        nonEmpty(lenient(arrayOfArraysRun(.objectsOnly), JSONString))
    }

    private func nonEmpty<C: Collection>(_ models: C?) -> C? { models?.isEmpty == false ? models : nil }

    /// Maps a Foundation array of arrays to an array of arrays of models.
    public func mapArrayOfArrays(JSONObject: Any?) -> [[N]]? {
        nonEmpty(lenient(arrayOfArraysRun(.objectsOnly), foundation: JSONObject))
    }

    // MARK: Writing

    /// The model as a JSON value.
    public func toJSONValue(_ object: N) -> YajlMapper.JSON {
        let session = MappingSession(strict: false, context: context, shouldIncludeNilValues: shouldIncludeNilValues)
        return ModelBuilder.write(object, session: session)
    }

    /// The model as a Foundation dictionary.
    public func toJSON(_ object: N) -> [String: Any] { toJSONValue(object).foundationValue as? [String: Any] ?? [:] }

    /// The models as Foundation dictionaries.
    public func toJSONArray(_ array: [N]) -> [[String: Any]] { array.map(toJSON) }

    /// The models as a Foundation dictionary of dictionaries.
    public func toJSONDictionary(_ dictionary: [String: N]) -> [String: [String: Any]] { dictionary.mapValues(toJSON) }

    /// The model as JSON text (written by yajl's generator).
    public func toJSONString(_ object: N, prettyPrint: Bool = false) -> String? {
        try? toJSONValue(object).serialized(prettyPrint ? .pretty : .compact)
    }

    /// The models as a JSON array text.
    public func toJSONString(_ array: [N], prettyPrint: Bool = false) -> String? {
        try? YajlMapper.JSON.array(array.map(toJSONValue)).serialized(prettyPrint ? .pretty : .compact)
    }
}

extension Mapper where N: Hashable {
    /// Maps a JSON array string to a set of models.
    public func mapSet(JSONString: String) -> Set<N>? { mapArray(JSONString: JSONString).map { Set($0) } }

    /// Maps Foundation dictionaries to a set of models.
    public func mapSet(JSONArray: [[String: Any]]) -> Set<N> { Set(mapArray(JSONArray: JSONArray)) }

    /// Maps a Foundation array to a set of models.
    public func mapSet(JSONObject: Any?) -> Set<N>? { mapArray(JSONObject: JSONObject).map { Set($0) } }

    /// The models as JSON text.
    public func toJSONString(_ set: Set<N>, prettyPrint: Bool = false) -> String? {
        toJSONString(Array(set), prettyPrint: prettyPrint)
    }
}
