import Foundation

/// Records a document's events into a ``DecodingTape``, as a ``DecodePlan`` asks: an object
/// at a place that filters keys keeps only the members its plan lists, and the parser's
/// member skip passes over the others unread; without a plan, every member is kept.
///
/// A repeated key's member is dropped as it arrives, so that the first value wins (as in
/// `JSONDecoder`) and each key is on the tape once.
struct TapeRecorder: ParseConsumer {
    /// Every event, the input's bytes checked behind yajl (nothing is decoded before the parse
    /// ends), and the member skip.
    static var traits: ConsumerTraits { ConsumerTraits(receivesEvents: true, checksBehind: true, skips: true) }

    /// What has been recorded.
    var tape = DecodingTape()
    /// The plan, kept alive while the recording reads its places unmanaged.
    private var plan: DecodePlan?
    /// The containers open around the innermost one, outermost first (the innermost is kept
    /// apart, in ``current``: each event reads and writes it, with no array's bounds and
    /// uniqueness checks).
    private var outer: [OpenContainer] = []
    /// The innermost open container, while ``depth`` is above 0.
    private var current = OpenContainer(token: 0, firstKey: 0, place: nil, keys: nil, isArray: false)
    /// How many containers are open.
    private var depth = 0
    /// For each open object with a table (see ``OpenContainer/hasTable``), its keys' token
    /// indexes by hash, innermost last (kept apart so that an open container is plain
    /// memory, copied without reference counting).
    private var hashTables: [[UInt64: Int]] = []
    /// The key token indexes of the objects open now that check repeats by comparing keys.
    private var keys: [Int] = []
    /// The nesting inside a value being dropped (0: recording).
    private var dropping = 0
    /// What happens to the next value.
    private var next: NextValue
    /// The parse's steering handle, for offsets, quiet stretches and skips.
    private var control: ParseControl?
    /// The quiet settings last given to the parse.
    private var keysQuiet = false
    /// (Scalars likewise.)
    private var scalarsQuiet = false
    /// The key filter last given to the parse (see ``ParseControl/filterKeys(_:)``).
    private var keyFilter: UnsafePointer<Int8>?
    /// Predicted skips left before the next one is tried anyway (see ``awaitKey(atStart:)``).
    private var skipProbeCountdown: UInt8 = 16
    /// Whether strings and keys, and numbers, are copied into the arena even where the
    /// input holds them (see `RecordedDocument.copies(of:)`).
    let copies: (strings: Bool, numbers: Bool)
    /// Whether ``lastElementEnd`` is kept (for a ``TapeRecordingSpine``).
    var tracksElementEnds = false
    /// Just past the last element recorded in an array that is the root or a member of the
    /// root (where a document's big array is; deeper ones are not cut into stretches).
    private(set) var lastElementEnd: Int?
    /// The place of the innermost open container (the array a ``TapeRecordingSpine`` stands
    /// in), to record a stretch of its elements by.
    var innermostPlace: DecodePlan? { depth > 0 ? current.place?.takeUnretainedValue() : nil }
    /// The token of the innermost open container (`nil`: none is open).
    var innermostToken: Int? { depth > 0 ? current.token : nil }

    /// What becomes of the next value: recorded, at a place of the plan (`nil`: whole), or dropped.
    private enum NextValue {
        /// Recorded, at this place.
        case record(Unmanaged<DecodePlan>?)
        /// Passed over.
        case drop
    }

    /// An open container.
    private struct OpenContainer {
        /// Its token.
        var token: Int
        /// Where its keys start in ``TapeRecorder/keys``.
        var firstKey: Int
        /// Whether it has a table of its keys' token indexes by hash (the last of
        /// ``TapeRecorder/hashTables``): past ``TapeRecorder/linearLimit`` keys.
        var hasTable = false
        /// Its place in the plan (`nil`: recorded whole).
        var place: Unmanaged<DecodePlan>?
        /// For an object whose unlisted members are passed over, its place's keys.
        var keys: Unmanaged<PlanNode>?
        /// Whether those keys are folded (see ``DecodePlan/foldsKeys``): every member whose key
        /// folds to a listed one is recorded, repeats found by their bytes.
        var folds = false
        /// Whether it is an array.
        var isArray: Bool
        /// In a filtering object: the listed keys recorded (bit i for key i < 63).
        var seen: UInt64 = 0
        /// In a filtering object: the index of the listed key recorded last (-1: none).
        var lastHit = -1
    }

    /// Up to this many keys, a new key is compared with the object's earlier keys one by one.
    private static let linearLimit = 12

    /// Starts with an empty tape, to record by `plan` (`nil`: everything). Texts that
    /// `input` holds as they are are referred to there rather than copied, but for those
    /// `copying` names: `input` must be the whole document, alive while the tape is read.
    init(
        plan: DecodePlan? = nil, input: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        copying: (strings: Bool, numbers: Bool) = (false, false)
    ) {
        self.plan = plan
        tape.input = input
        copies = copying
        next = .record(plan.map { Unmanaged.passUnretained($0) })
    }

    /// Keeps the handle.
    mutating func attach(_ control: ParseControl) { self.control = control }

    /// Whether no value is being recorded: before the first event, or after a whole value.
    var isBetweenValues: Bool { depth == 0 && dropping == 0 }

    /// Empties the tape, keeping its memory, to record the next value by `plan`.
    mutating func reset(plan: DecodePlan?) {
        tape.removeAll()
        self.plan = plan
        next = .record(plan.map { Unmanaged.passUnretained($0) })
    }

    /// No key's surrogate escapes are checked: a whole tape and a planned one must accept
    /// the same documents, and a key with a bad escape can match no coding key's text.
    func readsKey(_ name: JSONBytes) -> Bool { false }

    /// A string with a bad surrogate escape is an error only if it is decoded, as in
    /// `JSONDecoder`: whether it is, is known only after the parse.
    static var defersBadStrings: Bool { true }

    /// Records a string with a bad surrogate escape, with its error.
    mutating func badString(_ problem: JSONParseError) throws {
        if dropping > 0 { return }
        guard case .record = next else { return }
        countIntoArray()
        tape.problems[tape.tokens.count] = problem
        tape.tokens.append(DecodingTape.Token(offset: offset, start: 0, length: 0, kind: .invalidString))
        valueEnded()
    }

    /// Records a key with a bad surrogate escape as yajl decoded it, with its error, should
    /// its member be recorded: an error only where the key is read.
    mutating func badKey(_ name: JSONBytes, _ problem: JSONParseError) throws {
        let index = tape.tokens.count
        try key(name)
        if tape.tokens.count > index { tape.problems[index] = problem }
    }

    /// The offset the parse is at: just past the token of the current event.
    private var offset: Int { control?.currentOffset ?? 0 }

    /// Turns key and scalar events off or on, telling the parse only of changes.
    @inline(__always)
    private mutating func quiet(keys: Bool, scalars: Bool) {
        if keys != keysQuiet {
            control?.quietKeys(keys)
            keysQuiet = keys
        }
        if scalars != scalarsQuiet {
            control?.quietScalars(scalars)
            scalarsQuiet = scalars
        }
    }

    /// Gives the parse the key filter of the object open now, when it changes.
    @inline(__always)
    private mutating func filter(_ filter: UnsafePointer<Int8>?) {
        if filter != keyFilter {
            control?.filterKeys(filter)
            keyFilter = filter
        }
    }

    /// Counts a value into the array open now (an object counts its keys instead).
    @inline(__always)
    private mutating func countIntoArray() {
        if depth > 0, current.isArray { tape.tokens[current.token].length &+= 1 }
    }

    /// Appends a token whose text is `bytes` (a key's `listed` index, see ``DecodingTape/Token/listed``).
    @inline(__always)
    private mutating func appendText(_ kind: DecodingTape.Kind, _ bytes: JSONBytes, listed: UInt16 = 0) {
        let start: Int
        if !(kind == .number ? copies.numbers : copies.strings), let text = bytes.buffer.baseAddress,
            let input = tape.input.baseAddress,
            text >= input, text + bytes.count <= input + tape.input.count
        {
            start = ~(text - input)
        } else {
            start = tape.arena.count
            tape.arena.append(contentsOf: UnsafeRawBufferPointer(bytes.buffer))
        }
        tape.tokens.append(
            DecodingTape.Token(offset: offset, start: start, length: UInt32(bytes.count), kind: kind, listed: listed))
    }

    /// Records a scalar's token (its text, if any), unless it is dropped.
    @inline(__always)
    private mutating func scalar(_ kind: DecodingTape.Kind, _ text: JSONBytes?) {
        if dropping > 0 { return }
        guard case .record = next else { return }
        countIntoArray()
        if let text {
            appendText(kind, text)
        } else {
            tape.tokens.append(DecodingTape.Token(offset: offset, start: 0, length: 0, kind: kind))
        }
        valueEnded()
    }

    mutating func null() throws { scalar(.null, nil) }
    mutating func bool(_ value: Bool) throws { scalar(value ? .true : .false, nil) }
    mutating func number(_ text: JSONBytes) throws { scalar(.number, text) }
    mutating func string(_ value: JSONBytes) throws { scalar(.string, value) }

    mutating func key(_ name: JSONBytes) throws {
        if dropping > 0 { return }
        var listedIndex: UInt16 = 0
        // Repeats of a key with a bit in `seen` are found by the bit, others by ``keys``.
        var notesKey = true
        if let listed = current.keys {
            let place = current.place.unsafelyUnwrapped
            let folds = current.folds
            guard
                let index = folds
                    ? place._withUnsafeGuaranteedRef({ $0.index(ofMemberKey: name) })
                    : listed._withUnsafeGuaranteedRef({ $0.lookup(name) })
            else {
                next = .drop
                return
            }
            // Folded keys share entries among their spellings: repeats are found by the bytes.
            let bit: UInt64 = index < 63 && !folds ? 1 << UInt64(index) : 0
            if bit == 0 ? isRepeated(name) : current.seen & bit != 0 {
                next = .drop
                return
            }
            current.seen |= bit
            current.lastHit = index
            if !folds && index < 0xFFFF { listedIndex = UInt16(index + 1) }
            notesKey = bit == 0
            next = .record(place._withUnsafeGuaranteedRef { $0.childRefs[index] })
        } else {
            if isRepeated(name) {
                next = .drop
                quiet(keys: false, scalars: true)
                return
            }
            next = .record(current.place.flatMap { Self.memberPlace($0, name) })
        }
        if notesKey {
            keys.append(tape.tokens.count)
            if current.hasTable { hashTables[hashTables.count - 1][Self.hash(name.buffer)] = tape.tokens.count }
        }
        tape.tokens[current.token].length &+= 1
        appendText(.key, name, listed: listedIndex)
        quiet(keys: false, scalars: false)
    }

    /// The place of member `name`'s value in an object that keeps every member.
    private static func memberPlace(_ place: Unmanaged<DecodePlan>, _ name: JSONBytes) -> Unmanaged<DecodePlan>? {
        place._withUnsafeGuaranteedRef { plan in
            if let index = plan.index(ofMemberKey: name) { return Unmanaged.passUnretained(plan.child(at: index)) }
            return plan.member.map { Unmanaged.passUnretained($0) }
        }
    }

    /// Whether the object open now has the key already, among those in ``keys``. Past
    /// ``linearLimit`` keys, they are found by a 64-bit hash of their bytes, confirmed byte
    /// for byte.
    private mutating func isRepeated(_ name: JSONBytes) -> Bool {
        let first = current.firstKey
        if !current.hasTable {
            if keys.count - first < Self.linearLimit {
                for k in first..<keys.count where equals(keys[k], name) { return true }
                return false
            }
            var table = [UInt64: Int](minimumCapacity: 4 * Self.linearLimit)
            for k in first..<keys.count {
                table[tape.withText(at: keys[k]) { Self.hash(UnsafeRawBufferPointer($0)) }] = keys[k]
            }
            hashTables.append(table)
            current.hasTable = true
        }
        guard let earlier = hashTables[hashTables.count - 1][Self.hash(name.buffer)] else { return false }
        if equals(earlier, name) { return true }
        // Two keys with one hash: compare with every earlier key.
        for k in first..<keys.count where equals(keys[k], name) { return true }
        return false
    }

    /// Whether the key token at `index` has the bytes of `name`.
    @inline(__always)
    private func equals(_ index: Int, _ name: JSONBytes) -> Bool {
        let token = tape.tokens[index]
        guard Int(token.length) == name.count else { return false }
        if name.count == 0 { return true }
        return tape.withText(at: index) { memcmp($0.baseAddress!, name.buffer.baseAddress!, name.count) == 0 }
    }

    /// FNV-1a over the bytes, 64-bit.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    mutating func startObject() throws { openContainer(isArray: false) }
    mutating func startArray() throws { openContainer(isArray: true) }
    mutating func endObject() throws { closeContainer() }
    mutating func endArray() throws { closeContainer() }

    /// Appends a container's token, to be completed when it closes; or starts dropping it.
    private mutating func openContainer(isArray: Bool) {
        if dropping > 0 {
            dropping += 1
            return
        }
        guard case .record(let place) = next else {
            dropping = 1
            quiet(keys: true, scalars: true)
            if !isArray { _ = control?.skipRestOfObject(atStart: true) }
            return
        }
        countIntoArray()
        let filters = !isArray && place?._withUnsafeGuaranteedRef { $0.filtersKeys } == true
        if depth > 0 { outer.append(current) }
        current = OpenContainer(
            token: tape.tokens.count, firstKey: keys.count, place: place,
            keys: filters ? place?._withUnsafeGuaranteedRef { $0.keysRef } : nil,
            folds: filters && place?._withUnsafeGuaranteedRef { $0.foldsKeys } == true, isArray: isArray)
        depth += 1
        tape.tokens.append(
            DecodingTape.Token(offset: offset - 1, start: 0, length: 0, kind: isArray ? .array : .object))
        resume(atStart: true)
    }

    /// Completes the innermost open container (the index past its last token), or counts a
    /// dropped one's end.
    private mutating func closeContainer() {
        if dropping > 0 {
            dropping -= 1
            if dropping == 0 { resume(atStart: false) }
            return
        }
        tape.tokens[current.token].start = tape.tokens.count
        keys.removeSubrange(current.firstKey...)
        if current.hasTable { hashTables.removeLast() }
        depth -= 1
        if depth > 0 { current = outer.removeLast() }
        valueEnded()
    }

    /// After a value of the container open now: what comes next. After a whole value, every
    /// event is on again and no key filtered, as for a value just starting.
    @inline(__always)
    private mutating func valueEnded() {
        if tracksElementEnds, depth > 0, depth <= 2, current.isArray { lastElementEnd = offset }
        guard depth > 0 else {
            filter(nil)
            quiet(keys: false, scalars: false)
            next = .record(plan.map { Unmanaged.passUnretained($0) })
            return
        }
        resume(atStart: false)
    }

    /// Sets up for the next value of the container open now (just opened when `atStart`).
    @inline(__always)
    private mutating func resume(atStart: Bool) {
        guard depth > 0 else { return }
        if current.isArray {
            next = .record(
                current.place.flatMap { $0._withUnsafeGuaranteedRef { $0.element }.map(Unmanaged.passUnretained) })
            filter(nil)
            quiet(keys: false, scalars: false)
        } else if let keys = current.keys {
            // (Folded keys are checked here, not by the parse's filter of key bytes.)
            filter(current.folds ? nil : keys._withUnsafeGuaranteedRef { $0.keyFilter })
            awaitKey(atStart: atStart)
        } else {
            filter(nil)
            quiet(keys: false, scalars: false)
        }
    }

    /// Between the members of a filtering object: the next value is dropped unless a listed
    /// key comes, so yajl need not call back for scalars. Once every listed key is recorded,
    /// the rest of the object is passed over; otherwise the members up to the next listed
    /// key not yet recorded (see `YajlParserEngine.skipMembers(atStart:listed:seen:)`).
    /// Where that found nothing three times running at this point of the place's objects,
    /// it is tried only every 16th time.
    private mutating func awaitKey(atStart: Bool) {
        next = .drop
        let (seen, lastHit) = (current.seen, current.lastHit)
        let keys = current.keys.unsafelyUnwrapped
        // (With folded keys an object is never complete: a later spelling may still count.)
        if !current.folds, let complete = keys._withUnsafeGuaranteedRef({ $0.completeMask }),
            seen & complete == complete
        {
            quiet(keys: true, scalars: true)
            _ = control?.skipRestOfObject(atStart: atStart)
            return
        }
        quiet(keys: false, scalars: true)
        guard let control else { return }
        let point: UInt64 = 1 << UInt64(atStart || lastHit < 0 ? 0 : min(lastHit + 1, 63))
        if keys._withUnsafeGuaranteedRef({ $0.skipFindsNothing(at: point) }) {
            skipProbeCountdown &-= 1
            guard skipProbeCountdown == 0 else { return }
            skipProbeCountdown = 16
        }
        let listed = keys._withUnsafeGuaranteedRef { UnsafePointer($0.listedKeys) }
        let moved = control.skipMembers(atStart: atStart, listed: listed, seen: seen)
        keys._withUnsafeGuaranteedRef { $0.noteSkip(at: point, moved: moved) }
    }
}
