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
    // the checks showed as a large share of the mapping time).

    /// The object being read. (These few are `var`: a map is reused for the next element of
    /// an array when nothing kept it, see ``reuse(for:leaf:)``.)
    @exclusivity(unchecked) private(set) var node: YajlMapper.JSON
    /// `node`'s keys and values when it is an object, held apart so a lookup does not copy
    /// the object out of the enum. Views of `node`'s own arrays, which `node` keeps alive
    /// and nobody changes: no reference counting when a map takes the next element.
    @exclusivity(unchecked) private var objectKeys: UnsafeBufferPointer<String>
    @usableFromInline @exclusivity(unchecked) var objectValues: UnsafeBufferPointer<YajlMapper.JSON>
    /// The plan's root node's names, held by `plan` (an object sharing them has its shape).
    @exclusivity(unchecked) private var planNames: UnsafeBufferPointer<String>
    @exclusivity(unchecked) private var isObject: Bool
    /// `objectValues` is a view of a capture's stack rather than of `node` (see
    /// ``attach(members:)``): valid only until this object's mapping returns.
    @exclusivity(unchecked) private var detached = false
    /// For an attached object: bit i when member i stands for a one-value object of the
    /// plan's (`owner` holding just `avatar_url`'s value, see ``attach(members:collapsed:)``).
    @exclusivity(unchecked) private var collapsedMembers: UInt64 = 0
    /// The object lists every key of the plan's root node in the node's order (it shares
    /// the node's names): a matched read's key is at its entry's position.
    @exclusivity(unchecked) private var shaped: Bool
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
    @exclusivity(unchecked) private var foundNode: YajlMapper.JSON?
    /// The selection: the plan's read it matched (the usual case, no copying), or its own
    /// key, delimiter, nesting and components. Not retained: the map's plan holds its reads.
    @exclusivity(unchecked) private var selectedRead: Unmanaged<PlanRead>?
    private var selected: PlanRead? { selectedRead?.takeUnretainedValue() }
    /// The matched read's member position when it reads one key of the root (-1: none).
    @exclusivity(unchecked) private var selectedMember = -1
    /// The matched read reads a plain value (checked by every basic `<-`).
    @usableFromInline @exclusivity(unchecked) var selectedIsPlainValue = false
    @exclusivity(unchecked) private var ownKey: String?
    @exclusivity(unchecked) private var ownDelimiter = "."
    @exclusivity(unchecked) private var ownNested = false
    @exclusivity(unchecked) private var ownComponents: [String] = []
    /// Whether the `own…` fields were set (a key outside the plan's reads), so a reused
    /// map resets only what was used.
    @exclusivity(unchecked) private var ownUsed = false
    var currentComponents: [String] { selected?.components ?? ownComponents }
    /// How the plan's matched read reads its value (`nil` when no plan read matched).
    var selectedKind: ReadKind? { selected?.kind }
    @usableFromInline let session: MappingSession
    /// From the unit's root to this object: the parent's path (shared, not copied) and this
    /// object's own step, joined only when a problem needs them.
    let parentPath: [JSONPath.Component]
    @exclusivity(unchecked) private(set) var leaf: JSONPath.Component?
    /// A second step after `leaf` (a nested model's key inside an array element), so a
    /// nested model's map shares its parent's path instead of building one per object.
    @exclusivity(unchecked) private(set) var leaf2: JSONPath.Component?
    var path: [JSONPath.Component] {
        guard let leaf else { return parentPath }
        var path = parentPath
        path.append(leaf)
        if let leaf2 { path.append(leaf2) }
        return path
    }
    let info: TypeInfo?
    /// The plan this object was captured with; `nil` when it was kept whole. (These are
    /// `var` for ``repair(recording:)``.)
    @exclusivity(unchecked) private(set) var plan: TypePlan?
    /// `plan`'s reads, read on every selection without reference counting (the map holds
    /// the plan, which holds them).
    @exclusivity(unchecked) private var readTable: UnsafeMutablePointer<Unmanaged<PlanRead>>?
    @exclusivity(unchecked) private var singleMember: UnsafeMutablePointer<Int>?
    @exclusivity(unchecked) private var readCount: Int
    /// The plan this object was captured with before ``repair(recording:)`` took it whole:
    /// reads it does not cover still teach it. A repaired map is not reused.
    @exclusivity(unchecked) private(set) var repairedFrom: TypePlan?
    /// The selection's `ignoreNil` (to select again after a repair).
    @exclusivity(unchecked) private var selectedIgnoresNil = false
    /// The position in the plan's reads the next selection is expected to match.
    @exclusivity(unchecked) private var cursor = 0
    @exclusivity(unchecked) private var requestedNested: Bool?

    // MARK: Writing

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
            strict: false, context: context,
            shouldIncludeNilValues: shouldIncludeNilValues, capturedWhole: true)
        self.init(
            mappingType: mappingType, node: YajlMapper.JSON(foundation: JSON) ?? .object([:]),
            session: session, path: [], info: nil, plan: nil, toObject: toObject)
    }

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
    private func takeObject(_ node: YajlMapper.JSON) {
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

    // MARK: Subscripts (ObjectMapper's)

    /// Selects a key (a nested path when it contains `.`).
    @inlinable
    public subscript(key: String) -> Map {
        select(key, nested: nil, delimiter: ".", ignoreNil: false)
        return self
    }
    /// Selects a key whose nested parts are separated by `delimiter`.
    @inlinable
    public subscript(key: String, delimiter delimiter: String) -> Map {
        select(key, nested: nil, delimiter: delimiter, ignoreNil: false)
        return self
    }
    /// Selects a key, nested or not.
    @inlinable
    public subscript(key: String, nested nested: Bool) -> Map {
        select(key, nested: nested, delimiter: ".", ignoreNil: false)
        return self
    }
    /// Selects a key, nested or not, with a delimiter.
    @inlinable
    public subscript(key: String, nested nested: Bool, delimiter delimiter: String) -> Map {
        select(key, nested: nested, delimiter: delimiter, ignoreNil: false)
        return self
    }
    /// Selects a key; with `ignoreNil`, `null` counts as absent.
    @inlinable
    public subscript(key: String, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nil, delimiter: ".", ignoreNil: ignoreNil)
        return self
    }
    /// Selects a key with a delimiter; with `ignoreNil`, `null` counts as absent.
    @inlinable
    public subscript(key: String, delimiter delimiter: String, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nil, delimiter: delimiter, ignoreNil: ignoreNil)
        return self
    }
    /// Selects a key, nested or not; with `ignoreNil`, `null` counts as absent.
    @inlinable
    public subscript(key: String, nested nested: Bool, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nested, delimiter: ".", ignoreNil: ignoreNil)
        return self
    }
    /// Selects a key with every option.
    @inlinable
    public subscript(key: String, nested nested: Bool?, delimiter delimiter: String, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nested, delimiter: delimiter, ignoreNil: ignoreNil)
        return self
    }

    /// Selects `key` for the next read. (The subscripts return the map itself in the
    /// caller's code, so a read costs no reference counting of the map.)
    @usableFromInline
    func select(_ key: String, nested: Bool?, delimiter: String, ignoreNil: Bool) {
        // The n-th read usually is the plan's n-th read: take its split components (and its
        // nesting, which the same key and delimiter decide the same way).
        requestedNested = nested
        selectedIgnoresNil = ignoreNil
        if cursor < readCount, let table = readTable,
            table[cursor]._withUnsafeGuaranteedRef({
                $0.key == key && $0.delimiter == delimiter && nested == $0.requestedNested
            })
        {
            selectedRead = table[cursor]
            selectedMember = singleMember.unsafelyUnwrapped[cursor]
            selectedIsPlainValue = table[cursor]._withUnsafeGuaranteedRef { $0.isPlainValue }
            cursor += 1
        } else {
            selectedRead = nil
            selectedMember = -1
            selectedIsPlainValue = false
            let isNested = nested ?? (delimiter == "." ? key.utf8.contains(UInt8(ascii: ".")) : key.contains(delimiter))
            ownUsed = true
            ownKey = key
            ownDelimiter = delimiter
            ownNested = isNested
            ownComponents = isNested ? key.components(separatedBy: delimiter) : [key]
        }
        if mappingType == .fromJSON {
            if shaped, selectedMember >= 0 {
                // The object has every key of the plan's root, in its order.
                currentSlot = objectValues.baseAddress.unsafelyUnwrapped + selectedMember
                foundNode = nil
                keyPresent = true
            } else if shaped, let slot = memberPathSlot() {
                // A path through nested objects that have their plan nodes' shapes too.
                currentSlot = slot
                foundNode = nil
                keyPresent = true
            } else {
                currentNode = lookup(selected?.components ?? ownComponents)
                keyPresent = currentNode != nil
            }
            if ignoreNil, case .null? = currentNode {
                keyPresent = false
                currentNode = nil
            }
        }
    }

    /// Where the last top-level key was found: mappings mostly read keys in the order the
    /// object has them, so the next one is tried there first.
    @exclusivity(unchecked) private var hint = 0

    /// ``lookup(_:in:)`` on this map's object, trying the hinted position first.
    private func lookup(_ components: [String]) -> YajlMapper.JSON? {
        // A collapsed member's object is made before anything looks for it.
        if collapsedMembers != 0 { detach() }
        guard isObject, let first = components.first else {
            detach()
            return Self.lookup(components, from: 0, in: node)
        }
        let position: Int
        if shaped, let entry = selected?.entryIndex, entry >= 0 {
            // The object has every key of the plan's root, in its order.
            position = entry
        } else if hint < objectKeys.count, objectKeys[hint] == first {
            position = hint
        } else if let found = detached ? objectKeys.firstIndex(of: first) : Self.position(of: first, in: node) {
            position = found
        } else {
            return nil
        }
        hint = position + 1
        return components.count == 1
            ? objectValues[position] : Self.lookup(components, from: 1, in: objectValues[position])
    }

    /// Whether the mapped object has `key` as one member (a key that holds dots, read with
    /// `nested: false`), as far as it was kept.
    func hasLiteralKey(_ key: String) -> Bool {
        guard isObject else { return false }
        return detached || shaped ? objectKeys.contains(key) : Self.position(of: key, in: node) != nil
    }

    private static func position(of key: String, in node: YajlMapper.JSON) -> Int? {
        guard case .object(let object) = node else { return nil }
        return object.position(of: key)
    }

    /// ObjectMapper's lookup: keys through objects, indexes through arrays; `null` before the
    /// end of the path means absent.
    static func lookup(_ components: [String], in root: YajlMapper.JSON) -> YajlMapper.JSON? {
        lookup(components, from: 0, in: root)
    }

    /// ``lookup(_:in:)`` from `components[start]` on. Recursive on the borrowed value: only
    /// the value found is copied, not each container on the way.
    static func lookup(_ components: [String], from start: Int, in root: YajlMapper.JSON) -> YajlMapper.JSON? {
        guard start < components.count else { return root }
        switch root {
        case .object(let object):
            guard let position = object.position(of: components[start]) else { return nil }
            if start + 1 == components.count {
                // The last step (`owner.avatar_url`'s `avatar_url`): the value is read in place.
                return object.values.withUnsafeBufferPointer { $0[position] }
            }
            return lookup(components, from: start + 1, in: object.values[position])
        case .array(let array):
            guard let i = Int(components[start]), array.indices.contains(i) else { return nil }
            return lookup(components, from: start + 1, in: array[i])
        default:
            return nil
        }
    }

    // MARK: Values as Foundation sees them

    /// The selected value as Foundation types (`String`, `NSNumber`, `Bool`, `[Any]`,
    /// `[String: Any]`); `nil` for `null` and absent keys.
    /// Asking counts as reading the value, so the engine keeps it.
    public var currentValue: Any? {
        guard let currentNode = currentJSON, currentNode != .null else { return nil }
        return currentNode.foundationValue
    }

    /// The selected value as a ``YajlMapper/JSON`` value; `nil` when absent.
    public var currentJSON: YajlMapper.JSON? {
        mappingType == .fromJSON ? take(.value) : nil
    }

    /// The object being read, or written so far, as a Foundation dictionary. Asking (while
    /// reading) makes the engine keep this type's objects whole from then on.
    public var JSON: [String: Any] {
        jsonValue.foundationValue as? [String: Any] ?? [:]
    }

    /// The object being read, or written so far, as a ``YajlMapper/JSON`` value: the dynamic
    /// fallback for what the DSL does not express. Asking (while reading) makes the engine
    /// keep this type's objects whole from then on.
    public var jsonValue: YajlMapper.JSON {
        guard mappingType == .fromJSON else { return output }
        noteWholeRead()
        detach()
        return node
    }

    /// Records a read of the whole object (a plan with it keeps such objects whole).
    private func noteWholeRead() {
        guard plan != nil || session.recording || repairedFrom != nil else { return }
        let read = PlanRead(key: "", nested: false, delimiter: ".", kind: .value, whole: true)
        if let info, session.recording { session.record(read, for: info) }
        if let plan, !plan.keepsWhole {
            repair(recording: read)
        } else if let repairedFrom, !repairedFrom.keepsWhole, let info {
            session.record(read, for: info)
        }
    }

    /// The selected value cast to `T` (ObjectMapper's `value()`).
    public func value<T>() -> T? {
        if let value = currentValue as? T { return value }
        // A Foundation number does not cast to `Float` in every case (nor an array or a
        // dictionary of them): as ObjectMapper does, `Float`, `[Float]` and `[String: Float]`
        // are read through their numbers.
        if T.self == Float.self, let node = currentJSON, case .number = node {
            return (try? Float.fromJSON(node)) as? T
        }
        if T.self == [Float].self, case .array(let elements)? = currentJSON {
            return (try? elements.map { try Float.fromJSON($0) }) as? T
        }
        if T.self == [String: Float].self, case .object(let object)? = currentJSON {
            return (try? object.dictionary.mapValues { try Float.fromJSON($0) }) as? T
        }
        return nil
    }

    // MARK: Engine

    /// The selected value when it is the usual case: a member of the object, read by the
    /// plan's matched read as a plain value, and not `null` (`nil` otherwise: the caller
    /// then takes the general path, ``fetchValue(required:expected:)``).
    @inlinable
    func plainMember() -> YajlMapper.JSON? {
        guard let slot = plainSlot else { return nil }
        let value = slot.pointee
        if case .null = value { return nil }
        return value
    }

    /// ``plainMember()`` when it is a string: the string itself, without a copy of the
    /// JSON value around it.
    @inlinable
    func plainString() -> String? {
        guard let slot = plainSlot, case .string(let string) = slot.pointee else { return nil }
        return string
    }

    /// The member behind ``plainMember()`` and ``plainString()``: the selection matched a
    /// plan read of a plain value, found in place (and no plan is being learned).
    @inlinable
    var plainSlot: UnsafePointer<YajlMapper.JSON>? {
        selectedIsPlainValue && !session.recording ? currentSlot : nil
    }

    /// Follows the selected read's path through nested objects by position: each object on
    /// the way must share its plan node's names (then it lists the node's keys in the node's
    /// order). `nil` when the read has no such path or an object on it has another shape
    /// (the general lookup decides then).
    private func memberPathSlot() -> UnsafePointer<YajlMapper.JSON>? {
        guard let read = selectedRead, let base = objectValues.baseAddress else { return nil }
        return read._withUnsafeGuaranteedRef { read in
            guard !read.memberPath.isEmpty, read.entryIndex >= 0 else { return nil }
            var slot = base + read.entryIndex
            if collapsedMembers != 0, read.entryIndex < 64, collapsedMembers & (1 << UInt64(read.entryIndex)) != 0 {
                // The member is the one value its object keeps.
                return read.memberPath.count == 1 && read.memberPath[0].index == 0 ? UnsafePointer(slot) : nil
            }
            for step in read.memberPath {
                guard case .object(let object) = slot.pointee else { return nil }
                let next: UnsafePointer<YajlMapper.JSON>? = object.keys.withUnsafeBufferPointer { keys in
                    guard keys.count == step.names.count, keys.baseAddress == step.names.baseAddress else { return nil }
                    return object.values.withUnsafeBufferPointer { $0.baseAddress.map { $0 + step.index } }
                }
                guard let next else { return nil }
                slot = next
            }
            return slot
        }
    }

    /// The selected value for a read of `kind`; notes the read for plans, and a miss when
    /// the object was captured without it.
    func take(_ kind: ReadKind) -> YajlMapper.JSON? {
        // The usual read: a plain value the plan's matched read also reads as one.
        if case .value = kind, selectedIsPlainValue, !session.recording { return currentNode }
        if plan != nil || session.recording || repairedFrom != nil {
            checkRead(kind)
        }
        return currentNode
    }

    private func checkRead(_ kind: ReadKind) {
        if plan != nil, let read = selectedRead, !session.recording,
            read._withUnsafeGuaranteedRef({ $0.kind == kind })
        {
            return
        }
        let read = PlanRead(
            key: currentKey ?? "", nested: keyIsNested, requestedNested: requestedNested,
            delimiter: nestedKeyDelimiter, kind: kind)
        if let info, session.recording { session.record(read, for: info) }
        if let plan, !plan.covers(read) {
            repair(recording: read)
        } else if let repairedFrom, !repairedFrom.covers(read), let info {
            session.record(read, for: info)
        }
    }

    /// The object was captured without something its mapping reads (conditional logic the
    /// plan has not seen): the map takes the whole object from the session's unit, selects
    /// the same key again and goes on, so the mapping runs once and reads what a whole
    /// object has. `read` (and any later read the plan does not cover) widens the plan for
    /// the next objects. Without a whole unit the miss is noted: the caller maps again.
    /// - Returns: whether the map now reads the whole object.
    @discardableResult
    func repair(recording read: PlanRead?) -> Bool {
        guard let original = plan, let whole = session.wholeValue(at: path) else { return false }
        if let info, let read { session.record(read, for: info) }
        repairedFrom = original
        plan = nil
        readTable = nil
        singleMember = nil
        readCount = 0
        cursor = 0
        planNames = UnsafeBufferPointer(start: nil, count: 0)
        node = whole
        takeObject(whole)
        hint = 0
        // The selection again, on the whole object.
        currentNode = lookup(currentComponents)
        keyPresent = currentNode != nil
        if selectedIgnoresNil, case .null? = currentNode {
            keyPresent = false
            currentNode = nil
        }
        selectedIsPlainValue = false
        selectedMember = -1
        return true
    }

    /// The path of the selected value from the unit's root.
    var currentPath: [JSONPath.Component] {
        // One allocation: it is made for every array of models read.
        let components = currentComponents
        var path: [JSONPath.Component] = []
        path.reserveCapacity(parentPath.count + 2 + components.count)
        path.append(contentsOf: parentPath)
        if let leaf {
            path.append(leaf)
            if let leaf2 { path.append(leaf2) }
        }
        for component in components { path.append(.key(component)) }
        return path
    }

    /// Records a problem at the selected key.
    func report(_ kind: MappingProblem.Kind, expected: String, found: YajlMapper.JSON?) {
        session.report(kind, path: currentPath, expected: expected, found: found?.foundDescription, value: found)
    }

    /// Records a value that could not be converted.
    func report(_ error: JSONConversionError, expected: String) {
        switch error {
        case .typeMismatch(_, let found):
            session.report(
                .typeMismatch, path: currentPath, expected: expected, found: found.description, value: currentNode)
        case .numberOutOfRange(let text, _):
            session.report(.numberOutOfRange, path: currentPath, expected: expected, found: text, value: currentNode)
        case .notAnInteger(let text, _):
            session.report(.notAnInteger, path: currentPath, expected: expected, found: text, value: currentNode)
        }
    }

    /// Writes a value at the selected key (nested paths create objects, numeric parts arrays).
    func write(_ value: YajlMapper.JSON?) {
        guard let value else {
            if shouldIncludeNilValues { Self.assign(.null, at: currentComponents[...], in: &output) }
            return
        }
        Self.assign(value, at: currentComponents[...], in: &output)
    }

    private static func assign(
        _ value: YajlMapper.JSON, at components: ArraySlice<String>, in target: inout YajlMapper.JSON
    ) {
        guard let first = components.first else {
            target = value
            return
        }
        let rest = components.dropFirst()
        if let index = Int(first), index >= 0, index < 100_000, target.object == nil {
            var array = target.array ?? []
            while array.count <= index { array.append(.null) }
            assign(value, at: rest, in: &array[index])
            target = .array(array)
        } else {
            var object = target.object ?? JSONObject()
            var child = object[first] ?? .null
            assign(value, at: rest, in: &child)
            object[first] = child
            target = .object(object)
        }
    }
}
