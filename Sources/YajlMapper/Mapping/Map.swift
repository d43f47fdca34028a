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
    /// Whether the selected key exists (a `null` value exists). Asking counts as reading the
    /// value, so the engine keeps it.
    public var isKeyPresent: Bool {
        if mappingType == .fromJSON { _ = take(.value) }
        return keyPresent
    }
    /// Whether the selected key exists (``isKeyPresent`` without noting a read).
    @exclusivity(unchecked) var keyPresent = false
    /// The selected key, as given.
    public var currentKey: String? { selected?.key ?? ownKey }
    /// The separator of nested key paths for the selected key.
    public var nestedKeyDelimiter: String { selected?.delimiter ?? ownDelimiter }
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
    public var keyIsNested: Bool { selected?.nested ?? ownNested }

    // MARK: Reading
    //
    // A map is used by one mapping on one thread; its stored properties are read and written
    // on every `map["key"]`, so exclusivity is not checked at run time (`@exclusivity(unchecked)`:
    // the checks cost a large share of the mapping time).

    /// The object being read. (These few are `var`: a map is reused for the next element of
    /// an array when nothing kept it, see ``reuse(for:leaf:)``.)
    @exclusivity(unchecked) var node: YajlMapper.JSON
    /// `node`'s keys and values when it is an object, held apart so a lookup does not copy
    /// the object out of the enum. Views of `node`'s own arrays, which `node` keeps alive
    /// and nobody changes: no reference counting when a map takes the next element.
    @exclusivity(unchecked) private(set) var objectKeys: UnsafeBufferPointer<String>
    /// `node`'s values when it is an object (see ``objectKeys``), or an attached element's.
    @usableFromInline @exclusivity(unchecked) var objectValues: UnsafeBufferPointer<YajlMapper.JSON>
    /// The plan's root node's names, held by `plan` (an object sharing them has its shape).
    @exclusivity(unchecked) var planNames: UnsafeBufferPointer<String>
    /// Whether the object read is an object (else every lookup finds nothing).
    @exclusivity(unchecked) private(set) var isObject: Bool
    /// `objectValues` is a view of a capture's stack rather than of `node` (see
    /// ``attach(members:collapsed:)``): valid only until this object's mapping returns.
    @exclusivity(unchecked) private(set) var detached = false
    /// For an attached object: bit i when member i stands for a one-value object of the
    /// plan's (`owner` holding just `avatar_url`'s value, see ``attach(members:collapsed:)``).
    @exclusivity(unchecked) private(set) var collapsedMembers: UInt64 = 0
    /// The object lists every key of the plan's root node in the node's order (it shares
    /// the node's names): a matched read's key is at its entry's position.
    @exclusivity(unchecked) private(set) var shaped: Bool
    /// The value at the selected key: `nil` when absent. Kept as the address of a member
    /// of the object, or of an object inside it, when it is one (the usual case: no copy of
    /// the value per selection), else as the value found.
    var currentNode: YajlMapper.JSON? {
        get { currentSlot?.pointee ?? foundNode }
        set {
            currentSlot = nil
            foundNode = newValue
        }
    }
    /// The selected member's place inside `node`'s arrays, which `node` keeps alive and
    /// nobody changes while the map reads.
    @usableFromInline @exclusivity(unchecked) var currentSlot: UnsafePointer<YajlMapper.JSON>?
    /// The value at the selected key when it is not held by its address (see ``currentNode``).
    @exclusivity(unchecked) var foundNode: YajlMapper.JSON?
    /// The selection: the plan's read it matched (the usual case, no copying), or its own
    /// key, delimiter, nesting and components. Not retained: the map's plan holds its reads.
    @exclusivity(unchecked) var selectedRead: Unmanaged<PlanRead>?
    /// The plan read the selection matched, if any.
    var selected: PlanRead? { selectedRead?.takeUnretainedValue() }
    /// The matched read's member position when it reads one key of the root (-1: none).
    @exclusivity(unchecked) var selectedMember = -1
    /// The matched read reads a plain value (checked by every basic `<-`).
    @usableFromInline @exclusivity(unchecked) var selectedIsPlainValue = false
    /// The selected key, when no plan read matched it.
    @exclusivity(unchecked) var ownKey: String?
    /// The selected key's delimiter, when no plan read matched it.
    @exclusivity(unchecked) var ownDelimiter = "."
    /// Whether the selected key is a path, when no plan read matched it.
    @exclusivity(unchecked) var ownNested = false
    /// The selected key's components, when no plan read matched it.
    @exclusivity(unchecked) var ownComponents: [String] = []
    /// Whether the `own…` fields were set (a key outside the plan's reads), so a reused
    /// map resets only what was used.
    @exclusivity(unchecked) var ownUsed = false
    /// The selected key's path components.
    var currentComponents: [String] { selected?.components ?? ownComponents }
    /// How the plan's matched read reads its value (`nil` when no plan read matched).
    var selectedKind: ReadKind? { selected?.kind }
    /// The mapping's session, shared by every map of it.
    @usableFromInline let session: MappingSession
    /// From the unit's root to this object: the parent's path (shared, not copied) and this
    /// object's own step, joined only when a problem needs them.
    let parentPath: [JSONPath.Component]
    /// The object's own last path step (an array index, or a key), apart from `parentPath`.
    @exclusivity(unchecked) private(set) var leaf: JSONPath.Component?
    /// `leaf2`: the step after `leaf` (a nested model's key inside an array element), or `nil`.
    /// Kept apart so a nested model's map shares its parent's path, with no path built per object.
    @exclusivity(unchecked) private(set) var leaf2: JSONPath.Component?
    /// The object's path from the unit's root.
    var path: [JSONPath.Component] {
        guard let leaf else { return parentPath }
        var path = parentPath
        path.append(leaf)
        if let leaf2 { path.append(leaf2) }
        return path
    }
    /// The model type being read (`nil` when writing, or mapping onto an object or a dictionary).
    let info: TypeInfo?
    /// The plan this object was captured with; `nil` when it was kept whole. (These are
    /// `var` for ``repair(recording:)``.)
    @exclusivity(unchecked) var plan: TypePlan?
    /// `plan`'s reads, read on every selection without reference counting (the map holds
    /// the plan, which holds them).
    @exclusivity(unchecked) var readTable: UnsafeMutablePointer<Unmanaged<PlanRead>>?
    /// `plan`'s member position of each read (see ``TypePlan/singleMember``).
    @exclusivity(unchecked) var singleMember: UnsafeMutablePointer<Int>?
    /// How many reads `plan` has (0 without a plan).
    @exclusivity(unchecked) var readCount: Int
    /// The plan this object was captured with before ``repair(recording:)`` took it whole:
    /// reads it does not cover still teach it. A repaired map is not reused.
    @exclusivity(unchecked) var repairedFrom: TypePlan?
    /// The selection's `ignoreNil` (to select again after a repair).
    @exclusivity(unchecked) var selectedIgnoresNil = false
    /// The position in the plan's reads the next selection is expected to match.
    @exclusivity(unchecked) var cursor = 0
    /// The selection's `nested:` argument as given.
    @exclusivity(unchecked) var requestedNested: Bool?
    /// The object being written.
    @exclusivity(unchecked) var output: YajlMapper.JSON = .object(JSONObject())
    /// Where the last top-level key was found: mappings mostly read keys in the order the
    /// object has them, so the next one is tried there first.
    @exclusivity(unchecked) var hint = 0

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
            strict: false, context: context,
            shouldIncludeNilValues: shouldIncludeNilValues, capturedWhole: true)
        self.init(
            mappingType: mappingType, node: YajlMapper.JSON(foundation: JSON) ?? .object([:]),
            session: session, path: [], info: nil, plan: nil, toObject: toObject)
    }

    /// A map over `node` in `session`, at `path` (then `leaf`, `leaf2`), captured with `plan`.
    init(
        mappingType: MappingType, node: YajlMapper.JSON, session: MappingSession, path: [JSONPath.Component],
        leaf: JSONPath.Component? = nil, leaf2: JSONPath.Component? = nil, info: TypeInfo?, plan: TypePlan?,
        toObject: Bool = false
    ) {
        self.mappingType = mappingType
        self.node = node
        objectKeys = UnsafeBufferPointer(start: nil, count: 0)
        objectValues = UnsafeBufferPointer(start: nil, count: 0)
        planNames = UnsafeBufferPointer(start: nil, count: 0)
        isObject = false
        shaped = false
        self.session = session
        self.parentPath = path
        self.leaf = leaf
        self.leaf2 = leaf == nil ? nil : leaf2
        self.info = info
        self.plan = session.capturedWhole ? nil : plan
        readTable = self.plan?.readTable
        singleMember = self.plan?.singleMember
        readCount = self.plan?.reads.count ?? 0
        if let names = self.plan?.root.names { planNames = names.withUnsafeBufferPointer { $0 } }
        self.toObject = toObject
        storedContext = session.context
        self.shouldIncludeNilValues = session.shouldIncludeNilValues
        takeObject(node)
    }

    /// Holds `node`'s members apart and notes whether it has its plan's shape.
    func takeObject(_ node: YajlMapper.JSON) {
        detached = false
        collapsedMembers = 0
        if case .object(let object) = node {
            objectKeys = object.keys.withUnsafeBufferPointer { $0 }
            objectValues = object.values.withUnsafeBufferPointer { $0 }
            isObject = true
        } else {
            objectKeys = UnsafeBufferPointer(start: nil, count: 0)
            objectValues = UnsafeBufferPointer(start: nil, count: 0)
            isObject = false
        }
        shaped =
            !planNames.isEmpty && planNames.count == objectKeys.count
            && planNames.baseAddress == objectKeys.baseAddress
    }

    /// Makes this map read the next element of the same array (same session, type, plan and
    /// parent path) as a new map would: everything a mapping can change is reset. Only done
    /// when nothing else holds the map.
    func reuse(for node: YajlMapper.JSON, leaf: JSONPath.Component?) {
        self.node = node
        takeObject(node)
        reset(leaf: leaf)
    }

    /// ``reuse(for:leaf:)`` for an object given as its members (see ``attach(members:collapsed:)``).
    func reuse(forMembers values: UnsafeBufferPointer<YajlMapper.JSON>, collapsed: UInt64, leaf: JSONPath.Component?) {
        attach(members: values, collapsed: collapsed)
        reset(leaf: leaf)
    }

    /// Reads an object given as its members' values, in the order of the names of the
    /// plan's root node: a capture's array element as it closes, before any object is made
    /// for it. The values are a view of the capture's stack, valid until the mapping
    /// returns; a map that outlives it must be ``detach()``ed first.
    ///
    /// A member whose bit is set in `collapsed` is the one value of a plan object that keeps
    /// just that (`owner` for `owner.avatar_url`): the plan's read of it is followed to that
    /// value; any other look at the object first makes it (see ``detach()``).
    func attach(members values: UnsafeBufferPointer<YajlMapper.JSON>, collapsed: UInt64) {
        node = .null
        objectKeys = planNames
        objectValues = values
        isObject = true
        shaped = true
        detached = true
        collapsedMembers = collapsed
    }

    /// Gives an attached map its own object, copied from the members it views, with each
    /// collapsed member made the object it stands for (for a map the mapping kept, the
    /// capture reuses that memory next; and for a look at a collapsed member's object).
    func detach() {
        guard detached else { return }
        var values = Array(objectValues)
        if collapsedMembers != 0, let root = plan?.root {
            for i in values.indices where i < 64 && collapsedMembers & (1 << UInt64(i)) != 0 {
                if let object = root.object(collapsedInto: values[i], at: i) { values[i] = object }
            }
        }
        node = .object(JSONObject(uniqueKeys: Array(objectKeys), values: values, indexed: false))
        takeObject(node)
        currentSlot = nil
        foundNode = nil
    }

    /// Everything a mapping can change, as a new map has it.
    private func reset(leaf: JSONPath.Component?) {
        self.leaf = leaf
        leaf2 = nil
        currentSlot = nil
        foundNode = nil
        selectedRead = nil
        selectedMember = -1
        selectedIsPlainValue = false
        if ownUsed {
            ownKey = nil
            ownDelimiter = "."
            ownNested = false
            ownComponents = []
            ownUsed = false
        }
        cursor = 0
        hint = 0
        requestedNested = nil
        keyPresent = false
        // (An existential copy is not free: skipped when there is none to copy.)
        if contextChanged || session.hasContext {
            storedContext = session.context
            contextChanged = false
        }
        shouldIncludeNilValues = session.shouldIncludeNilValues
    }
}
