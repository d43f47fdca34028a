import Foundation

/// The JSON object being mapped and the key being read or written (ObjectMapper's `Map`).
///
/// `map["key"]` selects a key; `<-` then reads it into a property (from JSON) or writes the
/// property under it (to JSON). Keys with dots are nested paths (`owner.avatar_url`), and a
/// number in a path is an array index (`items.0.name`); `nested: false` reads a key that
/// contains dots, `delimiter:` changes the separator, `ignoreNil: true` treats `null` as absent.
public final class Map {
    /// Whether this map reads JSON into models or writes models to JSON.
    public let mappingType: MappingType
    /// Whether the selected key exists (a `null` value exists).
    @exclusivity(unchecked) public internal(set) var isKeyPresent = false
    /// The selected key, as given.
    @exclusivity(unchecked) public internal(set) var currentKey: String?
    /// The separator of nested key paths for the selected key.
    @exclusivity(unchecked) public internal(set) var nestedKeyDelimiter = "."
    /// Whatever the caller passed to the ``Mapper``.
    public var context: MapContext? {
        get { storedContext }
        set {
            storedContext = newValue
            contextChanged = true
        }
    }
    /// The value behind ``context``.
    @exclusivity(unchecked) private var storedContext: MapContext?
    /// Whether a mapping set ``context`` (a reused map then takes the session's again).
    @exclusivity(unchecked) private var contextChanged = false
    /// When writing, write `null` for `nil` properties instead of leaving the key out.
    @exclusivity(unchecked) public var shouldIncludeNilValues = false
    /// Whether the mapping fills an existing object.
    public let toObject: Bool
    /// Whether the selected key is a nested path.
    @exclusivity(unchecked) public internal(set) var keyIsNested = false

    // MARK: Reading
    //
    // A map is used by one mapping on one thread; its stored properties are read and written
    // on every `map["key"]`, so exclusivity is not checked at run time (`@exclusivity(unchecked)`:
    // the checks cost a large share of the mapping time).

    /// The unit read: its tape, and its input for locations.
    let document: MappingDocument
    /// The unit's tape, viewed in place (the unit, which the map keeps, holds it).
    let tape: UnsafeMutablePointer<TapeView>
    /// Whether the plan learns (the session's, read without reference counting).
    let learning: Bool
    /// The token of the object being read (-1: none, or not in the unit).
    @exclusivity(unchecked) var object: Int
    /// The object's place in the plan (`nil`: the tape holds it whole); the run's plan keeps it alive.
    @exclusivity(unchecked) var placeRef: Unmanaged<DecodePlan>?
    /// ``placeRef`` as a reference.
    var place: DecodePlan? { placeRef?.takeUnretainedValue() }
    /// The token of the selected value (-1: absent).
    @usableFromInline @exclusivity(unchecked) var selectedToken = -1
    /// The selected value's place in the plan.
    @exclusivity(unchecked) var selectedPlaceRef: Unmanaged<DecodePlan>?
    /// ``selectedPlaceRef`` as a reference.
    var selectedPlace: DecodePlan? { selectedPlaceRef?.takeUnretainedValue() }
    /// How many keys this object's mapping has selected so far.
    @exclusivity(unchecked) var selections = 0
    /// Per selection of an earlier object's mapping: its key and where its place listed it.
    @exclusivity(unchecked) var recalled: [RecalledKey] = []
    /// The keys of ``recalled``, held so that no other string takes their storage's address.
    @exclusivity(unchecked) var recalledKeys: [String] = []
    /// The member after the last one found: mappings mostly read keys in the order the
    /// object has them, so the next key is looked for there first.
    @exclusivity(unchecked) var hint = 0
    /// The selected value made a ``YajlMapper/JSON`` value, once asked for.
    @exclusivity(unchecked) private var madeNode: YajlMapper.JSON?
    /// The selected key's components, once asked for (see ``currentComponents``).
    @exclusivity(unchecked) private var splitKey: [String]?
    /// The mapping's session, shared by every map of it.
    @usableFromInline let session: MappingSession
    /// From the unit's root to this object: the parent's path (shared, not copied) and this
    /// object's own step, joined only when a problem needs them.
    @exclusivity(unchecked) private(set) var parentPath: [JSONPath.Component]
    /// The object's own last path step (an array index, or a key), apart from `parentPath`.
    @exclusivity(unchecked) private(set) var leaf: JSONPath.Component?
    /// The step after `leaf` (a nested model's key in an array's element), or `nil`: kept
    /// apart so that a nested model's map shares its parent's path, with no path made per object.
    @exclusivity(unchecked) private(set) var leaf2: JSONPath.Component?
    /// Per selection (up to ``nestedSpareLimit``), a map for the nested models it reads,
    /// reused from one object to the next: a selection reads the same model type in each
    /// object, so its map's recalled keys (``recalled``) stay those of that type.
    @exclusivity(unchecked) var nestedSpares: [Map?] = []
    /// How many selections keep a nested map of their own; the later ones share the last.
    static let nestedSpareLimit = 64
    /// The object's path from the unit's root.
    var path: [JSONPath.Component] {
        guard let leaf else { return parentPath }
        var path = parentPath
        path.append(leaf)
        if let leaf2 { path.append(leaf2) }
        return path
    }
    /// The selected key's path components (split from the key when first asked for: most
    /// reads need none, as a path is walked on the key's bytes).
    var currentComponents: [String] {
        if let splitKey { return splitKey }
        guard let currentKey else { return [] }
        let split = keyIsNested ? currentKey.components(separatedBy: nestedKeyDelimiter) : [currentKey]
        splitKey = split
        return split
    }
    /// The object being written.
    @exclusivity(unchecked) var output: YajlMapper.JSON = .object(JSONObject())

    /// Creates a map over a Foundation dictionary, as ObjectMapper does.
    /// - Parameters:
    ///   - mappingType: read or write.
    ///   - JSON: the object to read (ignored when writing).
    ///   - toObject: whether an existing object is being filled.
    ///   - context: passed to every nested map.
    ///   - shouldIncludeNilValues: write `null` for `nil` properties.
    public convenience init(
        mappingType: MappingType, JSON: [String: Any], toObject: Bool = false,
        context: MapContext? = nil, shouldIncludeNilValues: Bool = false
    ) {
        let session = MappingSession(
            strict: false, context: context, shouldIncludeNilValues: shouldIncludeNilValues)
        let document = MappingDocument(value: YajlMapper.JSON(foundation: JSON) ?? .object([:]))
        self.init(
            mappingType: mappingType, document: document, object: document.root, place: nil, session: session,
            path: [], toObject: toObject)
    }

    /// A map over the object at token `object` of `document`, at `place` in the plan, in
    /// `session`, at `path` (then `leaf`).
    init(
        mappingType: MappingType, document: MappingDocument, object: Int, place: DecodePlan?,
        session: MappingSession, path: [JSONPath.Component], leaf: JSONPath.Component? = nil,
        leaf2: JSONPath.Component? = nil, toObject: Bool = false
    ) {
        self.mappingType = mappingType
        self.document = document
        tape = document.view
        learning = session.learning
        self.object = document.kind(at: object) == .object ? object : -1
        placeRef = place.map(Unmanaged.passUnretained)
        self.session = session
        parentPath = path
        self.leaf = leaf
        self.leaf2 = leaf == nil ? nil : leaf2
        self.toObject = toObject
        storedContext = session.context
        self.shouldIncludeNilValues = session.shouldIncludeNilValues
    }

    /// A map that writes, in `session`.
    convenience init(writingIn session: MappingSession) {
        self.init(
            mappingType: .toJSON, document: MappingDocument(value: .null), object: -1, place: nil, session: session,
            path: [])
    }

    /// Makes this map read the object at `object` of the same unit (at `place`, `path` then
    /// `leaf` and `leaf2`) as a new map would: everything a mapping can change is reset.
    /// Only done when nothing else holds the map.
    func reuse(
        for object: Int, place: DecodePlan?, path: [JSONPath.Component], leaf: JSONPath.Component?,
        leaf2: JSONPath.Component?
    ) {
        self.object = tape.pointee.kind(at: object) == .object ? object : -1
        placeRef = place.map(Unmanaged.passUnretained)
        parentPath = path
        self.leaf = leaf
        self.leaf2 = leaf == nil ? nil : leaf2
        selectedToken = -1
        selectedPlaceRef = nil
        selections = 0
        madeNode = nil
        currentKey = nil
        nestedKeyDelimiter = "."
        keyIsNested = false
        splitKey = nil
        hint = 0
        isKeyPresent = false
        // (An existential copy is not free: skipped when there is none to copy.)
        if contextChanged || session.hasContext {
            storedContext = session.context
            contextChanged = false
        }
        shouldIncludeNilValues = session.shouldIncludeNilValues
    }

    /// The selected value as a ``YajlMapper/JSON`` value (`nil`: absent), made from the tape
    /// once per selection; reading it whole teaches the plan, or is a miss where the plan
    /// kept only some of it.
    @usableFromInline
    var currentNode: YajlMapper.JSON? {
        if selectedToken < 0 { return nil }
        // A scalar is made from its text (no place to learn), without the unit's help.
        switch tape.pointee.kind(at: selectedToken) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(JSONNumber(unchecked: tape.pointee.string(at: selectedToken)))
        case .string: return .string(tape.pointee.string(at: selectedToken))
        case .key, .invalidString, .object, .array: break
        }
        if let madeNode { return madeNode }
        let made = document.json(at: selectedToken, place: selectedPlace, session: session)
        madeNode = made
        return made
    }

    /// Forgets the value made and the components split for the previous selection.
    @inline(__always)
    func clearSelection() {
        madeNode = nil
        splitKey = nil
    }
}
