import Foundation
import Synchronization

/// A unit the mapper reads (a document, or one streamed element): its tape, recorded by a
/// plan (or whole), and the input the tape was recorded from, to locate problems.
final class MappingDocument {
    /// The recorded values.
    @exclusivity(unchecked) private(set) var tape: DecodingTape
    /// The input the tape's offsets point into (empty for a value replayed from memory).
    @exclusivity(unchecked) private(set) var input: UnsafeRawBufferPointer
    /// A copy of the input this unit owns, once a map outlives its mapping (see ``keepInput()``).
    private var ownInput: UnsafeMutableRawBufferPointer?
    /// Whether a model kept the map of one of its objects past that object's mapping.
    let hasKeptMap = Atomic<Bool>(false)
    /// Where ``input`` starts in the whole input, its line and that line's start.
    private(set) var origin: TapeDecoder.Origin
    /// The tape viewed in place, for reads without reference counting (see ``TapeView``).
    let view: UnsafeMutablePointer<TapeView>

    /// A unit recorded from `input`, which starts at `origin`.
    init(tape: DecodingTape, input: UnsafeRawBufferPointer, origin: TapeDecoder.Origin = TapeDecoder.Origin()) {
        self.tape = tape
        self.input = input
        self.origin = origin
        view = .allocate(capacity: 1)
        view.initialize(to: TapeView(self.tape))
    }

    deinit {
        TapeStore.keep(&tape)
        ownInput?.deallocate()
        view.deallocate()
    }

    /// Makes this unit the next one of a stream (when no model kept a map of it, and no
    /// other reference to it is used after): its maps and session can then be reused.
    func reset(tape: DecodingTape, input: UnsafeRawBufferPointer, origin: TapeDecoder.Origin) {
        self.tape = tape
        self.input = input
        self.origin = origin
        view.pointee = TapeView(self.tape)
    }

    /// Makes the unit hold its own copy of the input, whose bytes live only as long as the
    /// mapping: a map kept past it (a model holding its `Map`) reads the copy.
    func keepInput() {
        guard ownInput == nil, input.count > 0 else { return }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: input.count, alignment: 1)
        copy.copyMemory(from: input)
        ownInput = copy
        if tape.input.baseAddress != nil {
            let shift = tape.input.baseAddress! - input.baseAddress!
            tape.input = UnsafeRawBufferPointer(
                rebasing: UnsafeRawBufferPointer(copy)[shift..<shift + tape.input.count])
            view.pointee.inputTexts = tape.input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        }
        input = UnsafeRawBufferPointer(copy)
    }

    /// A unit holding `value` whole, with no input to locate problems in.
    convenience init(value: JSON) {
        var recorder = TapeRecorder()
        // A recorder without a parse cannot fail: nothing steers it, and no key repeats.
        try? value.replay(into: &recorder)
        self.init(tape: recorder.tape, input: UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// The token of the root value (-1: the tape is empty).
    var root: Int { tape.tokens.isEmpty ? -1 : 0 }

    /// What the token at `index` is (`null` for -1).
    @inline(__always)
    func kind(at index: Int) -> DecodingTape.Kind { view.pointee.kind(at: index) }

    /// The index just past the value whose first token is at `index`.
    @inline(__always)
    func end(ofValueAt index: Int) -> Int { view.pointee.end(ofValueAt: index) }

    /// The token at `path` from `index` (a key that is a number names an array's element),
    /// or of the deepest value on the way when the path ends early: a missing key is located
    /// at its object.
    func deepestToken(at path: [JSONPath.Component], from index: Int) -> Int {
        let view = view.pointee
        var current = index
        for component in path {
            guard current >= 0 else { return current }
            let next: Int?
            switch (component, kind(at: current)) {
            case (.key(var key), .object):
                next = key.withUTF8 { view.member($0, in: current, from: 0) }
            case (.key(let key), .array):
                next = Int(key).flatMap { view.element($0, of: current) }
            case (.index(let i), .array):
                next = view.element(i, of: current)
            default:
                next = nil
            }
            guard let next else { return current }
            current = next
        }
        return current
    }

    /// Where the token at `index` starts in the whole input (`nil` without an input).
    func offset(of index: Int) -> Int? {
        guard index >= 0, input.baseAddress != nil else { return nil }
        return tape.tokenStart(index, in: input, base: origin.offset)
    }

    /// A locator over the input, for the line and column of offsets.
    func locator() -> Locator {
        Locator(bytes: input, base: origin.offset, line: origin.line, lineStart: origin.lineStart)
    }

    /// The value at token `index` as a ``JSON`` value. Its place in the plan learns every
    /// member and element below it (the value is read whole), or, when the plan kept only
    /// some of them, `session` notes a miss.
    func json(at index: Int, place: DecodePlan?, session: MappingSession) -> JSON {
        let view = view.pointee
        let token = view.tokens[index]
        switch token.kind {
        case .null: return .null
        case .invalidString:
            session.noteUnreadable(index)
            return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(JSONNumber(unchecked: view.string(at: index)))
        case .string, .key: return .string(view.string(at: index))
        case .array:
            let elementPlace = place?.elementPlace(learning: session.learning)
            var elements: [JSON] = []
            elements.reserveCapacity(Int(token.length))
            forEachElement(ofArrayAt: index) { elements.append(json(at: $1, place: elementPlace, session: session)) }
            return .array(elements)
        case .object:
            var keys: [String] = []
            var values: [JSON] = []
            keys.reserveCapacity(Int(token.length))
            values.reserveCapacity(Int(token.length))
            forEachMember(ofObjectAt: index, place: place, session: session) { key, value, member in
                keys.append(key)
                values.append(json(at: value, place: member, session: session))
            }
            return .object(JSONObject(uniqueKeys: keys, values: values))
        }
    }

    /// Calls `body` with each member's key, value token and place, of the object at `index`
    /// read whole (its place learns every key, or the read is a miss where it kept some).
    func forEachMember(
        ofObjectAt index: Int, place: DecodePlan?, session: MappingSession,
        _ body: (String, Int, DecodePlan?) throws -> Void
    ) rethrows {
        if place?.readsEveryKey(learning: session.learning) == true { session.noteMiss() }
        var k = index + 1
        let stop = view.pointee.tokens[index].start
        let checksKeys = !tape.problems.isEmpty
        while k < stop {
            if checksKeys, tape.problems[k] != nil { session.noteUnreadable(k) }
            let member = place.flatMap { memberPlace(ofKeyAt: k, in: $0, session: session) }
            try body(view.pointee.string(at: k), k + 1, member)
            k = end(ofValueAt: k + 1)
        }
    }

    /// Calls `body` with each element's token, of the array at `index`.
    func forEachElement(ofArrayAt index: Int, _ body: (Int, Int) throws -> Void) rethrows {
        var k = index + 1
        var i = 0
        let stop = view.pointee.tokens[index].start
        while k < stop {
            try body(i, k)
            i += 1
            k = end(ofValueAt: k)
        }
    }

    /// The place of the member whose key token is at `k`, in an object at `place`: learned,
    /// or known; `nil` (with a miss noted) when the plan does not list it.
    func memberPlace(ofKeyAt k: Int, in place: DecodePlan, session: MappingSession) -> DecodePlan? {
        switch place.place(ofKey: view.pointee.text(at: k), learning: session.learning) {
        case .known(let child): return child
        case .miss:
            session.noteMiss()
            return nil
        }
    }
}

/// A tape's arrays viewed in place, read on every key and value without reference counting:
/// the unit that holds the view keeps the tape, which never changes once recorded.
struct TapeView {
    /// The tape's tokens.
    let tokens: UnsafePointer<DecodingTape.Token>
    /// The tape's arena.
    let arena: UnsafePointer<UInt8>
    /// Where the texts the tape refers to in the input start (its `input`'s first byte).
    var inputTexts: UnsafePointer<UInt8>?

    /// A view of `tape`, which must outlive it unchanged.
    init(_ tape: DecodingTape) {
        tokens = Self.first(tape.tokens)
        arena = Self.first(tape.arena)
        inputTexts = tape.input.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }

    /// The first element of `array`, which its owner keeps alive and unchanged (a dangling
    /// but never read address for an empty one).
    private static func first<T>(_ array: [T]) -> UnsafePointer<T> {
        array.withUnsafeBufferPointer { $0.baseAddress } ?? UnsafePointer(bitPattern: MemoryLayout<T>.alignment)!
    }

    /// What the token at `index` is (`null` for -1).
    @inline(__always)
    func kind(at index: Int) -> DecodingTape.Kind { index < 0 ? .null : tokens[index].kind }

    /// The index just past the value whose first token is at `index`.
    @inline(__always)
    func end(ofValueAt index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? token.start : index + 1
    }

    /// The text of the token at `index`.
    @inline(__always)
    func text(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let token = tokens[index]
        let start = token.start >= 0 ? arena + token.start : inputTexts.unsafelyUnwrapped + ~token.start
        return UnsafeBufferPointer(start: start, count: Int(token.length))
    }

    /// The text of the token at `index` as a `String`.
    @inline(__always)
    func string(at index: Int) -> String { String(decoding: text(at: index), as: UTF8.self) }

    /// The value token of the member of the object at `object` whose key has the bytes of
    /// `name`, searched from the member at token `hint` to the end, then from the start; `nil`
    /// when there is none. The tape holds each key of an object once.
    func member(_ name: UnsafeBufferPointer<UInt8>, in object: Int, from hint: Int) -> Int? {
        let count = name.count
        // Keys of one length mostly differ in their first bytes: compared as one word first.
        let head = count >= 8 ? UnsafeRawPointer(name.baseAddress!).loadUnaligned(as: UInt64.self) : 0
        return member(in: object, from: hint) { token in
            guard Int(token.length) == count else { return false }
            if count == 0 { return true }
            let text = token.start >= 0 ? arena + token.start : inputTexts.unsafelyUnwrapped + ~token.start
            return (count < 8 || UnsafeRawPointer(text).loadUnaligned(as: UInt64.self) == head)
                && memcmp(text, name.baseAddress!, count) == 0
        }
    }

    /// ``member(_:in:from:)`` for the key at `listed` (see ``DecodingTape/Token/listed``) of
    /// an object recorded by a place that lists its keys: no text is compared.
    func member(listed: UInt16, in object: Int, from hint: Int) -> Int? {
        member(in: object, from: hint) { $0.listed == listed }
    }

    /// The value token of the first member of the object at `object` whose key token
    /// `matches`, searched from the member at token `hint` to the end, then from the start.
    @inline(__always)
    private func member(in object: Int, from hint: Int, where matches: (DecodingTape.Token) -> Bool) -> Int? {
        let stop = tokens[object].start
        let first = object + 1
        let from = hint > object && hint < stop ? hint : first
        func scan(_ start: Int, _ stop: Int) -> Int? {
            var k = start
            while k < stop {
                if matches(tokens[k]) { return k + 1 }
                let value = tokens[k + 1]
                k = value.kind == .object || value.kind == .array ? value.start : k + 2
            }
            return nil
        }
        return scan(from, stop) ?? (from > first ? scan(first, from) : nil)
    }

    /// The token of element `position` of the array at `array`, or `nil` past its end.
    func element(_ position: Int, of array: Int) -> Int? {
        guard position >= 0, position < Int(tokens[array].length) else { return nil }
        var k = array + 1
        for _ in 0..<position { k = end(ofValueAt: k) }
        return k
    }
}
