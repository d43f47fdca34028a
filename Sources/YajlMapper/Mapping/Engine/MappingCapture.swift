/// Turns parser events into a sparse `JSON` tree: only what the plans ask for is built;
/// everything else is skipped with a depth counter, without allocating.
///
/// It also records the start offset of every value it keeps, in document order (the
/// pre-order of the tree), so a problem found later can be located in the input.
struct MappingCapture: ParseConsumer {
    /// An open container, as the capture keeps it until the container closes.
    enum Frame {
        /// An open object: its values' start, its keys' start, its plan node and its members' rule.
        /// `keyStart`: where the object's keys start in `keys`, or, for a sparse object
        /// (`node` without `keepsOthers`), where its entry numbers start in `hits`.
        case object(start: Int, keyStart: Int, node: Unmanaged<PlanNode>?, memberRule: CaptureRule)
        /// An open array: its values' start, its elements' rule, whether its elements are units.
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

    /// The mapping's session: its plans, and the element builders it registers.
    let session: MappingSession
    /// What to keep of the top-level value.
    let rootRule: CaptureRule
    /// The values kept in the open containers, innermost last.
    let values = PlainStack<JSON>()
    /// The keys of open objects that keep keys outside a plan, in document order.
    var keys: [String] = []
    /// The entry numbers of the keys of open sparse objects, in document order.
    let hits = PlainStack<Int>()
    /// The open containers, innermost last.
    let frames = PlainStack<Frame>()
    /// `frames.last`, kept in a field: read on every event.
    var top: Frame? {
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
    private(set) var topObject: (node: Unmanaged<PlanNode>?, memberRule: CaptureRule)?
    /// The key filter of the innermost open object's plan node, set on the parse too; `nil`
    /// when every key of the open object must reach ``key(_:)``.
    /// A key it rejects needs no work at all: in a sparse object, ``pending`` is `.skip`
    /// and scalar events are off between values (see ``awaitKey()``).
    private(set) var keyFilter: UnsafePointer<Int8>?
    /// Per open object: which of its plan node's keys were kept (bit i for entry i < 63),
    /// and bit 63 when one came twice or could not be tracked, so repeats are found
    /// without hashing every key.
    let seen = PlainStack<UInt64>()
    /// The bit of ``seen`` for a key kept twice, or one that could not be tracked.
    static let repeatBit: UInt64 = 1 << 63
    /// The rule for the value of the key just read.
    var pending: CaptureRule = .all
    /// The depth (`frames.count`) of the sparse object whose listed keys have all been
    /// kept, while key events are off for the rest of it; 0 when none. (At most one: the
    /// values after that are all skipped, so no deeper object opens.)
    var keysDoneDepth = 0
    /// How deep the skipped subtree open now is (0: none is open).
    var skipDepth = 0
    /// The top-level values captured.
    var documents: [JSON] = []
    /// Start offset of each kept value, in pre-order.
    var offsets: [Int] = []
    /// The handle that steers the parse, for positions, skips and quiet stretches (`nil`
    /// when replaying already-parsed values).
    private(set) var control: ParseControl?
    /// Receives each unit (a unit: one streamed element), with its values' offsets and bytes.
    var onUnit: ((JSON, ArraySlice<Int>, UnitSource?) throws -> Void)?
    /// Where the open unit's offsets start in ``offsets``.
    var unitOffsetStart = 0
    /// The line the open unit starts on, and the offset that line starts at.
    var unitLine = (line: 1, lineStart: 0)
    /// Build the models of an array of models as its elements close (see
    /// ``ElementBuilder``), instead of keeping the elements. Set by `MappingRun` where mapping
    /// the elements before the document ends cannot show (no context the mappings share).
    var buildsElements = false
    /// The builder of the array whose elements are being built (see ``builderDepth``). One
    /// at a time: arrays of models inside its elements are kept as usual, and
    /// built by its elements' mappings.
    var elementBuilder: ElementBuilder?
    /// Whether a top-level array of models is built as its elements close too: a document
    /// whose root is such an array (`mapArray`), or a stretch of an array being built, read
    /// on another thread (see `BuiltElementsSpine`).
    var buildsTopLevelElements = false
    /// The depth of the array whose elements are being built (`frames.count` with it open).
    var builderDepth = 0
    /// In the element being built: bit i when its member i is the one value of an object
    /// kept in its place (see ``PlanNode/collapsesToOneValue``).
    var collapsedMembers: UInt64 = 0
    /// Whether the start offset of each kept value is recorded. A document held in memory
    /// is captured without them, and again with them only when a problem needs locating
    /// (see `MappingRun`); a stream, which cannot be read twice, always records them.
    var recordsOffsets = true
    /// Whether strings and keys must be strict UTF-8 (the engine's `validateUTF8`): without,
    /// they are repaired with U+FFFD, as the `JSON` value's are.
    private(set) var strictUTF8 = true
    /// In a stream (``onUnit`` set), the line of each value outside the units, and the
    /// offset that line starts at, in pre-order: a stream's bytes are gone by its end, when
    /// the envelope is mapped and its problems located. At the end, ``offsets`` holds
    /// exactly those values' offsets.
    var envelopeLines: [(line: Int, lineStart: Int)] = []
    /// Whether a unit (a streamed element) is open: its values are dropped with it.
    var inUnit = false
    /// The streamed element put off until yajl returns (see `MappingCapture+HandOver.swift`).
    var unitPutOff: JSON?
    /// Just past the last element handed over: a streamed one, or one of the array being
    /// built (`nil` before one, after that array closed, or without a parse handle).
    var lastElementEnd: Int?
    /// The elements of the array being built that wait for the parse to pause.
    var queuedElements: [QueuedElement] = []
    /// Predicted skips left before the next one is tried anyway (see ``awaitKey(atStart:)``).
    var skipProbeCountdown: UInt8 = 16

    /// A capture for `session` that keeps `rootRule` of the top-level value.
    init(session: MappingSession, rootRule: CaptureRule) {
        self.session = session
        self.rootRule = rootRule
    }

    /// Opens a container.
    @inline(__always)
    mutating func push(_ frame: Frame) {
        frames.append(frame)
        top = frame
        if case .object = frame { seen.append(0) }
    }

    /// Notes a kept key of a sparse object (`nil`: a key outside the node, not tracked).
    @inline(__always)
    mutating func markSeen(_ index: Int?) {
        guard let index, index < 63 else {
            seen.last |= Self.repeatBit
            return
        }
        let bit: UInt64 = 1 << UInt64(index)
        if seen.last & bit != 0 { seen.last |= Self.repeatBit }
        seen.last |= bit
    }

    /// Closes the innermost container.
    @inline(__always)
    mutating func pop() -> Frame? {
        let frame = frames.popLast()
        top = frames.count > 0 ? frames.last : nil
        return frame
    }

    /// What the capture needs: every event, bytes checked behind yajl (nothing it does is
    /// seen before the parse ends or an element is handed over), and the skip.
    static var traits: ConsumerTraits { ConsumerTraits(receivesEvents: true, checksBehind: true, skips: true) }

    /// Keeps the handle, and takes the parse's UTF-8 strictness.
    mutating func attach(_ control: ParseControl) {
        self.control = control
        strictUTF8 = control.options.validateUTF8
    }
}
