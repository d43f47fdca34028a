/// Where each kept value starts in the input.
extension MappingCapture {
    /// The offset `length` bytes before yajl's position (-1 when replaying).
    @inline(__always)
    func offset(back length: Int) -> Int {
        guard let control else { return -1 }
        return max(control.currentOffset - length, 0)
    }

    /// ``begin(at:)`` for a token of `length` bytes that just ended.
    @inline(__always)
    mutating func begin(back length: Int) {
        guard recordsOffsets else { return }
        begin(at: offset(back: length))
    }

    /// Notes where a kept value starts; a value directly in the streamed array starts a unit.
    @inline(__always)
    mutating func begin(at offset: Int) {
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

    /// For an object whose repeated keys are dropped (the first value counts): drops the
    /// start offsets of the dropped values too (their whole subtrees), so the offsets stay
    /// the tree's pre-order and later problems are located at their own values.
    mutating func dropOffsets(ofRepeatsIn keys: [String], values: [JSON]) {
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
}
