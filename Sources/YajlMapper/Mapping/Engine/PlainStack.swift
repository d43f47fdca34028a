/// A stack in plain memory: the capture's values, frames, key masks and entry numbers
/// change on every object, and an array checks uniqueness and capacity on each operation.
final class PlainStack<Element> {
    /// The elements, bottom first.
    private var base: UnsafeMutablePointer<Element>
    /// How many elements ``base`` has room for.
    private var capacity = 64
    /// How many elements the stack holds.
    private(set) var count = 0

    /// An empty stack with room for 64 elements.
    init() { base = .allocate(capacity: capacity) }

    /// Frees the elements left.
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes an element.
    @inline(__always)
    func append(_ value: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Doubles the room.
    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The element at `index` from the bottom.
    subscript(index: Int) -> Element { base[index] }

    /// The top element (the stack must not be empty).
    var last: Element {
        @inline(__always) get { base[count - 1] }
        @inline(__always) set { base[count - 1] = newValue }
    }

    /// Pops the top element; `nil` when the stack is empty.
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

    /// A view of the elements from `start` on, valid until the stack changes.
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// A view of the elements from `start` up to `end`, valid until the stack changes.
    func elements(from start: Int, to end: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: end - start)
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
