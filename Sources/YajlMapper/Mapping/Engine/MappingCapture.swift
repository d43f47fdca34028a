/// What to keep of the next value.
///
/// Plan nodes and type infos are held unmanaged: the session's plans and the registry keep
/// them alive for the whole capture, and rules are copied on every event, so they must
/// cost no reference counting.
enum CaptureRule {
    /// Everything.
    case all
    /// Nothing.
    case skip
    /// An object's listed keys (a non-object value is kept whole).
    case node(Unmanaged<PlanNode>)
    /// An array of model objects, each kept by its type's plan.
    case elements(Unmanaged<TypeInfo>)
    /// An object whose values are model objects.
    case members(Unmanaged<TypeInfo>)
    /// The streamed array: each element is handed over as soon as it closes, then dropped.
    case units(Unmanaged<TypeInfo>)

    static func node(_ node: PlanNode) -> CaptureRule { .node(Unmanaged.passUnretained(node)) }
    static func elements(_ info: TypeInfo) -> CaptureRule { .elements(Unmanaged.passUnretained(info)) }
    static func members(_ info: TypeInfo) -> CaptureRule { .members(Unmanaged.passUnretained(info)) }
    static func units(_ info: TypeInfo) -> CaptureRule { .units(Unmanaged.passUnretained(info)) }
}

/// The bytes of one streamed element, valid during the hand-over.
struct UnitSource {
    /// The element's bytes, from its first byte.
    var bytes: UnsafeRawBufferPointer
    /// The element's offset in the whole input.
    var offset: Int
    /// The line the element starts on, and the offset that line starts at.
    var line: Int
    var lineStart: Int
}

/// Turns parser events into a sparse `JSON` tree: only what the plans ask for is built;
/// everything else is skipped with a depth counter, without allocating.
///
/// It also records the start offset of every value it keeps, in document order (the
/// pre-order of the tree), so a problem found later can be located in the input.
struct MappingCapture: ParseConsumer {
    private enum Frame {
        /// `keyStart`: where the object's keys start in `keys`, or, for a sparse object
        /// (`node` without `keepsOthers`), where its entry numbers start in `hits`.
        case object(start: Int, keyStart: Int, node: Unmanaged<PlanNode>?, memberRule: CaptureRule)
        /// `indexed`: a plan node whose keys are element indexes (`pages.1.items`); the
        /// other elements are kept whole, so indexes stay right. `next` counts elements.
        case array(start: Int, elementRule: CaptureRule, units: Bool, indexed: Unmanaged<PlanNode>?, next: Int)

        /// Where the container's values start in `values`.
        var start: Int {
            switch self {
            case .object(let start, _, _, _), .array(let start, _, _, _, _): return start
            }
        }
    }

    let session: MappingSession
    let rootRule: CaptureRule
    private let values = PlainStack<JSON>()
    private var keys: [String] = []
    /// The entry numbers of the keys of open sparse objects, in document order.
    private let hits = PlainStack<Int>()
    private let frames = PlainStack<Frame>()
    /// `frames.last`, kept in a field: read on every event.
    private var top: Frame? {
        didSet {
            if case .object(_, _, let node, let memberRule)? = top {
                topObject = (node, memberRule)
                keyFilter = node?._withUnsafeGuaranteedRef { $0.keyFilter }
            } else {
                topObject = nil
                keyFilter = nil
            }
            control?.filterKeys(keyFilter)
        }
    }
    /// The innermost open object's plan node and member rule, when the top frame is an
    /// object: read by every key event.
    private var topObject: (node: Unmanaged<PlanNode>?, memberRule: CaptureRule)?
    /// The key filter of the innermost open object's plan node, set on the parse too; `nil`
    /// when every key of the open object must reach ``key(_:)``.
    /// A key it rejects needs no work at all: in a sparse object, ``pending`` is `.skip`
    /// and scalar events are off between values (see ``awaitKey()``).
    private var keyFilter: UnsafePointer<Int8>?
    /// Per open object: which of its plan node's keys were kept (bit i for entry i < 63),
    /// and bit 63 when one came twice or could not be tracked, so repeats are found
    /// without hashing every key.
    private let seen = PlainStack<UInt64>()
    private static let repeatBit: UInt64 = 1 << 63
    /// The rule for the value of the key just read.
    private var pending: CaptureRule = .all
    /// The depth (`frames.count`) of the sparse object whose listed keys have all been
    /// kept, while key events are off for the rest of it; 0 when none. (At most one: the
    /// values after that are all skipped, so no deeper object opens.)
    private var keysDoneDepth = 0
    private var skipDepth = 0
    /// The top-level values captured.
    private(set) var documents: [JSON] = []
    /// Start offset of each kept value, in pre-order.
    private(set) var offsets: [Int] = []
    /// The handle that steers the parse, for positions, skips and quiet stretches (`nil`
    /// when replaying already-parsed values).
    private var control: ParseControl?
    /// Receives each streamed element.
    var onUnit: ((JSON, ArraySlice<Int>, UnitSource?) throws -> Void)?
    private var unitOffsetStart = 0
    private var unitLine = (line: 1, lineStart: 0)
    /// Build the models of an array of models as its elements close (see
    /// ``ElementBuilder``), instead of keeping the elements. Set by `MappingRun` where the
    /// earlier mapping cannot show.
    var buildsElements = false
    /// The array whose elements are being built, and its depth (`frames.count` with it
    /// open). One at a time: arrays of models inside its elements are kept as usual, and
    /// built by its elements' mappings.
    private var elementBuilder: ElementBuilder?
    private var builderDepth = 0
    /// In the element being built: bit i when its member i is the one value of an object
    /// kept in its place (see ``PlanNode/collapsesToOneValue``).
    private var collapsedMembers: UInt64 = 0

    init(session: MappingSession, rootRule: CaptureRule) {
        self.session = session
        self.rootRule = rootRule
    }

    @inline(__always)
    private mutating func push(_ frame: Frame) {
        frames.append(frame)
        top = frame
        if case .object = frame { seen.append(0) }
    }

    /// Notes a kept key of a sparse object (`nil`: a key outside the node, not tracked).
    @inline(__always)
    private mutating func markSeen(_ index: Int?) {
        guard let index, index < 63 else {
            seen.last |= Self.repeatBit
            return
        }
        let bit: UInt64 = 1 << UInt64(index)
        if seen.last & bit != 0 { seen.last |= Self.repeatBit }
        seen.last |= bit
    }

    @inline(__always)
    private mutating func pop() -> Frame? {
        let frame = frames.popLast()
        top = frames.count > 0 ? frames.last : nil
        return frame
    }

    // MARK: Rules

    /// The rule for an object of a model type: its plan's keys, or everything while the
    /// type has no plan.
    func modelRule(_ info: TypeInfo) -> CaptureRule {
        if session.capturedWhole { return .all }
        guard let plan = session.plan(for: info), !plan.keepsWhole else { return .all }
        return .node(plan.root)
    }

    /// The rule for the value of a plan node's entry: fixed by the node, or, for a nested
    /// model, the model's rule in this session.
    @inline(__always)
    private func rule(for info: PlanNode.KeyInfo) -> CaptureRule {
        info.fixedRule ?? modelRule(info.model.unsafelyUnwrapped.takeUnretainedValue())
    }

    @inline(__always)
    private var isInUnits: Bool {
        if case .array(_, _, true, _, _)? = top { return true }
        return false
    }

    /// The rule for the value starting now.
    @inline(__always)
    private mutating func takeRule() -> CaptureRule {
        switch top {
        case .object?: return pending
        case .array(let start, let elementRule, let units, let indexed, let next)?:
            guard let indexed else { return elementRule }
            let frame = Frame.array(
                start: start, elementRule: elementRule, units: units, indexed: indexed, next: next + 1)
            frames.last = frame
            top = frame
            return indexed._withUnsafeGuaranteedRef { node in
                node.index(of: String(next)).map { rule(for: node.keyInfo[$0]) } ?? .all
            }
        case nil: return rootRule
        }
    }

    // MARK: Quiet stretches

    /// Scalar events off while the value of a skipped key goes by (see the engine).
    @inline(__always)
    private func quiet(_ on: Bool) {
        control?.quietScalars(on)
    }

    /// Key events off inside a skipped subtree (scalars are already off there).
    @inline(__always)
    private func quietKeys(_ on: Bool) {
        guard let control else { return }
        control.quietKeys(on)
        if on { control.quietScalars(true) }
    }

    // MARK: Positions

    @inline(__always)
    private func offset(back length: Int) -> Int {
        guard let control else { return -1 }
        return max(control.currentOffset - length, 0)
    }

    /// Whether the start offset of each kept value is recorded. A document held in memory
    /// is captured without them, and again with them only when a problem needs locating
    /// (see `MappingRun`); a stream, which cannot be read twice, always records them.
    var recordsOffsets = true

    /// Whether strings and keys must be strict UTF-8 (the engine's `validateUTF8`): without,
    /// they are repaired with U+FFFD, as the `JSON` value's are.
    private(set) var strictUTF8 = true

    /// ``begin(at:)`` for a token of `length` bytes that just ended.
    @inline(__always)
    private mutating func begin(back length: Int) {
        guard recordsOffsets else { return }
        begin(at: offset(back: length))
    }

    /// Notes where a kept value starts; a value directly in the streamed array starts a unit.
    @inline(__always)
    private mutating func begin(at offset: Int) {
        if isInUnits {
            unitOffsetStart = offsets.count
            inUnit = true
            if let control {
                control.startRetaining(at: offset)
                unitLine = control.line(at: offset)
            }
        } else if onUnit != nil && !inUnit, let control {
            envelopeLines.append(control.line(at: offset))
        }
        offsets.append(offset)
    }

    /// In a stream (``onUnit`` set), the line of each value outside the units, and the
    /// offset that line starts at, in pre-order: a stream's bytes are gone by its end, when
    /// the envelope is mapped and its problems located. At the end, ``offsets`` holds
    /// exactly those values' offsets.
    private(set) var envelopeLines: [(line: Int, lineStart: Int)] = []
    /// Whether a streamed unit is open (its values are dropped with it).
    private var inUnit = false

    // MARK: Values

    private mutating func add(_ value: consuming JSON) throws {
        if top == nil {
            documents.append(value)
        } else if isInUnits, let onUnit {
            if let control {
                // The element goes to the caller: no form feed or vertical tab before its end.
                try control.checkBytesRead()
                let start = offsets[unitOffsetStart]
                try control.withRetained(through: control.currentOffset) { bytes in
                    try onUnit(
                        value, offsets[unitOffsetStart...],
                        UnitSource(bytes: bytes, offset: start, line: unitLine.line, lineStart: unitLine.lineStart))
                }
                control.stopRetaining()
            } else {
                try onUnit(value, offsets[unitOffsetStart...], nil)
            }
            offsets.removeSubrange(unitOffsetStart...)
            inUnit = false
        } else if builderDepth == frames.count, let elementBuilder {
            // An element of the array being built whose object had another shape, or a
            // value that is not an object (its problem is the element's).
            elementBuilder.add(value)
        } else {
            values.append(value)
            awaitKey()
        }
    }

    @inline(__always)
    private mutating func scalar(_ value: @autoclosure () throws -> JSON, length: Int) throws {
        if skipDepth > 0 { return }
        if case .skip = takeRule() { return }
        begin(back: length)
        try add(value())
    }

    mutating func null() throws { try scalar(.null, length: 4) }
    mutating func bool(_ value: Bool) throws { try scalar(.bool(value), length: value ? 4 : 5) }
    mutating func number(_ text: JSONBytes) throws {
        try scalar(.number(JSONNumber(unchecked: text.string)), length: text.count)
    }
    mutating func string(_ value: JSONBytes) throws {
        if skipDepth > 0 { return }
        if case .skip = takeRule() { return }
        guard recordsOffsets else { return try add(.string(try text(value))) }
        // The token's raw length differs from the value's when it has escapes: find its quote.
        let start = control.map { control in
            let end = control.currentOffset
            return control.stringTokenStart(endingAt: end, valueLength: value.count) ?? max(end - value.count - 2, 0)
        }
        begin(at: start ?? -1)
        try add(.string(try text(value)))
    }

    @inline(__always)
    private func text(_ bytes: JSONBytes) throws -> String {
        // (Without the check, as `JSONParseOptions.validateUTF8` off asks: repaired with U+FFFD.)
        guard strictUTF8 else { return bytes.string }
        guard let text = bytes.validatedString else {
            throw JSONParseError.unlocated(.invalidUTF8, message: "invalid UTF-8 in string")
        }
        return text
    }

    // MARK: Containers

    /// Between the values of a sparse object: the next value is skipped, and yajl need not
    /// call back for scalars, until a listed key says otherwise. Called when such an object
    /// opens and after each of its kept values; keys the filter rejects leave this as is.
    @inline(__always)
    private mutating func awaitKey(atStart: Bool = false) {
        guard keyFilter != nil else { return }
        pending = .skip
        quiet(true)
        // Every listed key kept (a repeat is ignored: the first value counts): nothing more
        // of this object is read, so its remaining keys need not be delivered at all, and
        // yajl need not read them when they are plain JSON up to the object's end (see
        // `YajlParserEngine+SkipAhead.swift`).
        let node = topObject.unsafelyUnwrapped.node.unsafelyUnwrapped
        let complete = node._withUnsafeGuaranteedRef { $0.completeMask }
        if let complete, seen.last & complete == complete {
            keysDoneDepth = frames.count
            control?.quietKeys(true)
            _ = control?.skipRestOfObject(atStart: atStart)
            return
        }
        // Otherwise yajl is moved past the members up to the next listed key not yet read
        // (a repeat is passed over: the first value counts), wherever the keys are. Where
        // the skip found nothing three times running at this point of the node's objects
        // (the next member was a listed one), yajl reads on at once; every 16th time the
        // skip is tried again.
        guard let control else { return }
        let point: UInt64 = 1 << UInt64(atStart || hits.count == 0 ? 0 : min(hits.last + 1, 63))
        if node._withUnsafeGuaranteedRef({ $0.skipFindsNothing(at: point) }) {
            skipProbeCountdown &-= 1
            guard skipProbeCountdown == 0 else { return }
            skipProbeCountdown = 16
        }
        let listed = node._withUnsafeGuaranteedRef { UnsafePointer($0.listedKeys) }
        let moved = control.skipMembers(atStart: atStart, listed: listed, seen: seen.last & ~Self.repeatBit)
        node._withUnsafeGuaranteedRef { $0.noteSkip(at: point, moved: moved) }
    }
    /// Predicted skips left before the next one is tried anyway (see ``awaitKey(atStart:)``).
    private var skipProbeCountdown: UInt8 = 16

    /// What the capture needs: every event, bytes checked behind yajl (nothing it does is
    /// seen before the parse ends or an element is handed over), and the skip.
    static var traits: ConsumerTraits { ConsumerTraits(receivesEvents: true, checksBehind: true, skips: true) }

    /// Keeps the handle, and takes the parse's UTF-8 strictness.
    mutating func attach(_ control: ParseControl) {
        self.control = control
        strictUTF8 = control.options.validateUTF8
    }

    /// Whether ``key(_:)`` would read or keep this key, rather than skip it with its value.
    func readsKey(_ name: JSONBytes) -> Bool {
        if skipDepth > 0 { return false }
        guard let (node, _) = topObject else { return false }
        guard let node else { return true }
        return node._withUnsafeGuaranteedRef { $0.lookup(name) != nil || $0.keepsOthers }
    }

    mutating func key(_ name: JSONBytes) throws {
        if skipDepth > 0 { return }
        guard let (node, memberRule) = topObject else { return }
        guard let node else {
            keys.append(try text(name))
            pending = memberRule
            quiet(false)
            return
        }
        // The node is read through a guaranteed reference (no retain, no copy).
        guard let index = node._withUnsafeGuaranteedRef({ $0.lookup(name) }) else {
            if node._withUnsafeGuaranteedRef({ $0.keepsOthers }) {
                keys.append(try text(name))
                pending = .all
                markSeen(nil)
                quiet(false)
            } else {
                pending = .skip
                // The value is ignored: if it is a scalar, yajl need not call back for it.
                quiet(true)
            }
            return
        }
        // A listed key given again: the first value counts (as JSONDecoder), this one is skipped.
        if index < 63, seen.last & (1 << UInt64(index)) != 0 {
            pending = .skip
            quiet(true)
            return
        }
        let (info, keepsOthers) = node._withUnsafeGuaranteedRef { ($0.keyInfo[index], $0.keepsOthers) }
        pending = rule(for: info)
        if keepsOthers {
            keys.append(node._withUnsafeGuaranteedRef { $0.names[index] })
        } else {
            hits.append(index)
        }
        markSeen(index)
        quiet(false)
    }

    /// The rule for a container starting now, or `nil` when it is skipped (then its whole
    /// content is counted off by depth).
    @inline(__always)
    private mutating func openContainer() -> CaptureRule? {
        if skipDepth > 0 {
            skipDepth += 1
            return nil
        }
        let rule = takeRule()
        if case .skip = rule {
            // A skipped subtree: only nesting events are needed until it closes.
            skipDepth = 1
            quietKeys(true)
            return nil
        }
        quiet(false)
        begin(back: 1)
        return rule
    }

    mutating func startObject() {
        guard let rule = openContainer() else { return }
        let start = values.count, keyStart = keys.count
        switch rule {
        case .node(let node):
            let sparse = !node._withUnsafeGuaranteedRef { $0.keepsOthers }
            push(.object(start: start, keyStart: sparse ? hits.count : keyStart, node: node, memberRule: .all))
            awaitKey(atStart: true)
        case .members(let info):
            push(
                .object(start: start, keyStart: keyStart, node: nil, memberRule: modelRule(info.takeUnretainedValue())))
        default: push(.object(start: start, keyStart: keyStart, node: nil, memberRule: .all))
        }
    }

    mutating func startArray() {
        guard let rule = openContainer() else { return }
        switch rule {
        case .elements(let info):
            let elementRule = modelRule(info.takeUnretainedValue())
            // The array of a model's key (not the root, nor a dictionary's value): the read
            // that takes it is a mapping's `<-`, which finds the models built here.
            let underKey: Bool
            if case .object(_, _, _?, _)? = top { underKey = true } else { underKey = false }
            push(.array(start: values.count, elementRule: elementRule, units: false, indexed: nil, next: 0))
            if buildsElements, underKey, elementBuilder == nil, case .node = elementRule,
                let plan = session.plan(for: info.takeUnretainedValue()), let path = pathOfTop()
            {
                elementBuilder = ElementBuilder.make(info: info.takeUnretainedValue(), plan: plan, session: session)
                builderDepth = frames.count
                session.elementsPath = path
                elementBuilder?.path = path
            }
        case .units(let info):
            push(
                .array(
                    start: values.count, elementRule: modelRule(info.takeUnretainedValue()), units: true,
                    indexed: nil, next: 0))
        case .node(let node):
            push(.array(start: values.count, elementRule: .all, units: false, indexed: node, next: 0))
        default: push(.array(start: values.count, elementRule: .all, units: false, indexed: nil, next: 0))
        }
    }

    mutating func endObject() throws {
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 && keysDoneDepth != frames.count { quietKeys(false) }
            return
        }
        quiet(false)
        if keysDoneDepth == frames.count {
            keysDoneDepth = 0
            control?.quietKeys(false)
        }
        guard case .object(let start, let keyStart, let node, _)? = pop() else { return }
        let mask = seen.popLast().unsafelyUnwrapped
        if builderDepth + 1 == frames.count, elementBuilder != nil, let node, mask & Self.repeatBit == 0,
            case .object(let parentStart, _, let parent?, _)? = top,
            !parent._withUnsafeGuaranteedRef({ $0.keepsOthers }),
            start - parentStart < 64, values.count - start == 1,
            hits.count - keyStart == 1, node._withUnsafeGuaranteedRef({ $0.collapsesToOneValue })
        {
            // In an element being built, an object that keeps one value of a key path
            // (`owner` for `owner.avatar_url`): the value stays in the object's place.
            hits.truncate(to: keyStart)
            collapsedMembers |= 1 << UInt64(start - parentStart)
            awaitKey()
            return
        }
        if builderDepth == frames.count, let elementBuilder {
            defer { collapsedMembers = 0 }
            if let node, node._withUnsafeGuaranteedRef({ !$0.keepsOthers && hits.count - keyStart == $0.names.count }),
                mask & Self.repeatBit == 0,
                hits.isSequence(from: keyStart)
                    || values.reorder(from: start, by: hits, from: keyStart, bits: &collapsedMembers)
            {
                // An element of the array being built, with every key of its plan once: its
                // model is built from the values where they are, put in the plan's order
                // first when they came in another.
                elementBuilder.add(members: values.elements(from: start), collapsed: collapsedMembers)
                values.truncate(to: start)
                hits.truncate(to: keyStart)
                return
            }
            if collapsedMembers != 0, let node { expandCollapsed(start: start, keyStart: keyStart, node: node) }
        }
        let memberValues = values.take(from: start)
        if let node, !node._withUnsafeGuaranteedRef({ $0.keepsOthers }) {
            try add(
                .object(
                    node._withUnsafeGuaranteedRef {
                        sparseObject($0, mask: mask, keyStart: keyStart, values: memberValues)
                    }))
            return
        }
        let memberKeys = Array(keys[keyStart...])
        keys.removeSubrange(keyStart...)
        // An envelope's keys are marked in the mask when listed; other objects are checked
        // as they are made. Objects of a plan are read by mappings in order (with a position
        // hint): no key table.
        let object =
            node != nil && mask & Self.repeatBit == 0
            ? JSONObject(uniqueKeys: memberKeys, values: memberValues, indexed: false)
            : JSONObject(distinctKeys: memberKeys, values: memberValues, indexed: node == nil)
        if let object {
            try add(.object(object))
        } else {
            dropOffsets(ofRepeatsIn: memberKeys, values: memberValues)
            try add(.object(JSONObject(firstOf: zip(memberKeys, memberValues))))
        }
    }

    /// For an object whose repeated keys are dropped (the first value counts): drops the
    /// start offsets of the dropped values too (their whole subtrees), so the offsets stay
    /// the tree's pre-order and later problems are located at their own values.
    private mutating func dropOffsets(ofRepeatsIn keys: [String], values: [JSON]) {
        guard recordsOffsets else { return }
        let sizes = values.map(\.preorderSize)
        var position = offsets.count - sizes.reduce(0, +)
        var seen = Set<String>()
        var dropped: [Range<Int>] = []
        for (key, size) in zip(keys, sizes) {
            if !seen.insert(key).inserted { dropped.append(position..<position + size) }
            position += size
        }
        // Outside a streamed element, each offset has its line beside it.
        let lines = onUnit != nil && !inUnit
        for range in dropped.reversed() {
            offsets.removeSubrange(range)
            if lines { envelopeLines.removeSubrange(range) }
        }
    }

    /// Makes each collapsed member of an element the object it stands for (the element has
    /// another shape than its plan's, so it is made as an object).
    private mutating func expandCollapsed(start: Int, keyStart: Int, node: Unmanaged<PlanNode>) {
        let members = values.elements(from: start), entries = hits.elements(from: keyStart)
        for i in members.indices where i < 64 && collapsedMembers & (1 << UInt64(i)) != 0 {
            if let object = node._withUnsafeGuaranteedRef({ $0.object(collapsedInto: members[i], at: entries[i]) }) {
                values.replace(at: start + i, with: object)
            }
        }
    }

    /// A sparse object's members: its keys are its plan node's, each marked in the mask when
    /// kept, so repeats show there. When every listed key came once, in the node's order
    /// (the usual case), the object shares the node's array of names.
    private mutating func sparseObject(_ node: PlanNode, mask: UInt64, keyStart: Int, values: [JSON]) -> JSONObject {
        let count = hits.count - keyStart
        defer { hits.truncate(to: keyStart) }
        if mask & Self.repeatBit == 0 {
            let complete = count == node.names.count
            if complete && hits.isSequence(from: keyStart) {
                return JSONObject(uniqueKeys: node.names, values: values, indexed: false)
            }
            let keys = hits.elements(from: keyStart).map { node.names[$0] }
            // Every key, in another order than the plan's: tell the type once (a model's
            // root node), so later mappings capture in this order.
            if complete, !node.orderReported.load(ordering: .relaxed), let owner = node.orderOwner,
                !node.orderReported.exchange(true, ordering: .acquiringAndReleasing)
            {
                owner.learnOrder(keys, replacing: node)
            }
            return JSONObject(uniqueKeys: keys, values: values, indexed: false)
        }
        // A key came twice (one the mask cannot track): the first value counts.
        let keys = hits.elements(from: keyStart).map { node.names[$0] }
        dropOffsets(ofRepeatsIn: keys, values: values)
        return JSONObject(firstOf: zip(keys, values))
    }

    /// The top-level value as captured so far: each open object with its completed members
    /// and each open array with its kept elements, the innermost open value last (a
    /// streamed array reads as empty). `nil` before the first value.
    func partialDocument() -> JSON? {
        let open = frames.elements(from: 0)
        guard !open.isEmpty else { return documents.last }
        let kept = values.elements(from: 0)
        var child: JSON?
        for k in open.indices.reversed() {
            let end = k + 1 < open.count ? open[k + 1].start : kept.count
            var members = Array(kept[open[k].start..<end])
            switch open[k] {
            case .array:
                if let child { members.append(child) }
                child = .array(members)
            case .object(_, let keyStart, let node, _):
                // The completed members' keys come first in the frame's keys; the next one,
                // if any, is the open child's.
                let count = members.count + (child == nil ? 0 : 1)
                let names: [String]
                if let node, !node._withUnsafeGuaranteedRef({ $0.keepsOthers }) {
                    let entries = hits.elements(from: keyStart).prefix(count)
                    names = node._withUnsafeGuaranteedRef { node in entries.map { node.names[$0] } }
                } else {
                    names = Array(keys[keyStart..<min(keyStart + count, keys.count)])
                }
                if let child { members.append(child) }
                child = .object(JSONObject(firstOf: zip(names, members)))
            }
        }
        return child
    }

    /// The path of the innermost open container from the root: each open object's last
    /// key, each open array's count of values before the open one. `nil` when an object on
    /// the way keeps keys outside a plan (a dictionary of models, a model read whole): such
    /// an object keeps a repeated key's values until it closes, and only the first counts,
    /// so what is built inside may be dropped (sparse objects skip a repeat as it comes).
    private func pathOfTop() -> [JSONPath.Component]? {
        var path: [JSONPath.Component] = []
        for depth in 0..<max(frames.count - 1, 0) {
            switch frames[depth] {
            case .object(_, let keyStart, let node?, _) where !node._withUnsafeGuaranteedRef({ $0.keepsOthers }):
                // Its entry numbers end where the next open object's start.
                var end = hits.count
                for deeper in depth + 1..<frames.count {
                    if case .object(_, let nextStart, _, _) = frames[deeper] {
                        end = nextStart
                        break
                    }
                }
                guard end > keyStart else { return nil }
                path.append(.key(node._withUnsafeGuaranteedRef { $0.names[hits[end - 1]] }))
            case .object:
                return nil
            case .array(let start, _, _, _, _):
                path.append(.index(frames[depth + 1].start - start))
            }
        }
        return path
    }

    mutating func endArray() throws {
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 && keysDoneDepth != frames.count { quietKeys(false) }
            return
        }
        quiet(false)
        guard case .array(let start, _, _, _, _)? = pop() else { return }
        if builderDepth == frames.count + 1, let elementBuilder {
            elementBuilder.finish()
            self.elementBuilder = nil
            builderDepth = 0
            session.elementsPath = []
            return try add(session.register(elementBuilder))
        }
        try add(.array(values.take(from: start)))
    }
}

/// A stack in plain memory: the capture's values, frames, key masks and entry numbers
/// change on every object, and an array checks uniqueness and capacity on each operation.
final class PlainStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity = 64
    private(set) var count = 0

    init() { base = .allocate(capacity: capacity) }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    func append(_ value: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    subscript(index: Int) -> Element { base[index] }

    /// The top element (the stack must not be empty).
    var last: Element {
        @inline(__always) get { base[count - 1] }
        @inline(__always) set { base[count - 1] = newValue }
    }

    @inline(__always)
    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Replaces the element at `index`.
    func replace(at index: Int, with value: consuming Element) {
        base[index] = value
    }

    /// Drops the elements from `newCount` on.
    func truncate(to newCount: Int) {
        guard count > newCount else { return }
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Moves the elements from `start` on into a new array, and drops them from the stack.
    /// (The array grows by `reserveCapacity`, which is specialised here; the stdlib's
    /// uninitialised-capacity initialiser looks the storage type up at run time per call.)
    func take(from start: Int) -> [Element] {
        let moved = count - start
        if moved <= 0 { return [] }
        if moved == 1 {
            // One member (`owner` for `owner.avatar_url`): a literal makes the array in one step.
            count = start
            return [(base + start).move()]
        }
        var taken: [Element] = []
        taken.reserveCapacity(moved)
        for i in start..<count { taken.append((base + i).move()) }
        count = start
        return taken
    }
}

extension PlainStack {
    /// Moves the elements from `start` on to the places `order` gives (from `orderStart`):
    /// element `j` goes to `start + order[orderStart + j]`, and bit `j` of `bits` to bit
    /// `order[orderStart + j]`. Returns `false`, changing nothing, unless `order` holds each
    /// of 0..<n once, for n (at most 64) elements.
    func reorder(from start: Int, by order: PlainStack<Int>, from orderStart: Int, bits: inout UInt64) -> Bool {
        let n = count - start
        guard n <= 64, order.count - orderStart == n else { return false }
        var taken: UInt64 = 0, moved: UInt64 = 0
        for j in 0..<n {
            let place = order[orderStart + j]
            guard place >= 0, place < n, taken & (1 << UInt64(place)) == 0 else { return false }
            taken |= 1 << UInt64(place)
            if bits & (1 << UInt64(j)) != 0 { moved |= 1 << UInt64(place) }
        }
        withUnsafeTemporaryAllocation(of: Element.self, capacity: n) { spare in
            let temp = spare.baseAddress.unsafelyUnwrapped
            temp.moveInitialize(from: base + start, count: n)
            for j in 0..<n { (base + start + order[orderStart + j]).initialize(to: (temp + j).move()) }
        }
        bits = moved
        return true
    }
}

extension PlainStack where Element == Int {
    /// Whether the elements from `start` on are 0, 1, 2, …
    func isSequence(from start: Int) -> Bool {
        for i in start..<count where base[i] != i - start { return false }
        return true
    }
}
