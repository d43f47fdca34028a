/// Hand-overs: a streamed element to the stream, elements of an array of models to its
/// builder. Each runs a mapping, which may read its object again whole (a repair, see
/// `Map+Repair.swift`) and so parse the element's bytes: the capture pauses the parse and
/// hands them over in ``afterPause()``, outside yajl's callbacks (see
/// `YajlParserEngine+Pause.swift`).
extension MappingCapture {
    /// An element of the array being built, waiting to be built.
    enum QueuedElement {
        /// Made of its plan's members: the values from `start` to `end` (their keys' entries
        /// from `keyStart` in `hits`), `collapsed` as in `Map.attach(members:collapsed:)`.
        case members(start: Int, end: Int, keyStart: Int, collapsed: UInt64)
        /// Another shape of object, or not an object.
        case value(JSON)
    }

    /// How many elements wait, at most, for one pause: each pause costs a return from yajl.
    static let elementsPerPause = 32

    /// Runs the hand-overs put off until the parse paused.
    mutating func afterPause() throws {
        buildQueuedElements()
        if let unit = unitPutOff {
            unitPutOff = nil
            try handOver(unit: unit)
        }
    }

    /// Queues an element of the array being built. The queue is built at a pause once it is
    /// full, or when the element is not followed by a comma in sight (the array may end
    /// there); at once when the parse cannot pause.
    mutating func queue(_ element: QueuedElement) {
        queuedElements.append(element)
        lastElementEnd = control?.currentOffset
        if queuedElements.count < Self.elementsPerPause, control?.nextByte() == UInt8(ascii: ",") { return }
        if control?.pause() != true { buildQueuedElements() }
    }

    /// Builds the queued elements in order, and drops their members.
    mutating func buildQueuedElements() {
        guard !queuedElements.isEmpty else { return }
        var firstMember: (start: Int, keyStart: Int)?
        for element in queuedElements {
            switch element {
            case .members(let start, let end, let keyStart, let collapsed):
                elementBuilder?.add(members: values.elements(from: start, to: end), collapsed: collapsed)
                if firstMember == nil { firstMember = (start, keyStart) }
            case .value(let value):
                elementBuilder?.add(value)
            }
        }
        queuedElements.removeAll(keepingCapacity: true)
        if let firstMember {
            values.truncate(to: firstMember.start)
            hits.truncate(to: firstMember.keyStart)
        }
    }

    /// Hands a streamed element to the stream, with its values' offsets and its bytes.
    mutating func handOver(unit value: JSON) throws {
        guard let onUnit else { return }
        if let control {
            // No form feed or vertical tab before its end.
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
        lastElementEnd = control?.currentOffset
    }
}
