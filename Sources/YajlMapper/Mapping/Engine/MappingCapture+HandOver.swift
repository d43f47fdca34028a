/// Hand-overs: a streamed element to the stream, an element of an array of models to its
/// builder. Each runs a mapping, which may read its object again whole (a repair, see
/// `Map+Repair.swift`) and so parse the element's bytes: the capture pauses the parse at the
/// element's end and hands it over in ``afterPause()``, outside yajl's callbacks.
extension MappingCapture {
    /// A hand-over put off until the parse has paused.
    enum PutOff {
        /// A streamed element (a unit).
        case unit(JSON)
        /// An element of the array being built, not made of its plan's members.
        case element(JSON)
        /// An element of the array being built whose members are the last values kept, from
        /// `start` (their keys' entries from `keyStart` in `hits`).
        case members(start: Int, keyStart: Int, collapsed: UInt64)
    }

    /// Runs the hand-over put off at the element's end.
    mutating func afterPause() throws {
        guard let work = putOff else { return }
        putOff = nil
        switch work {
        case .unit(let value): try handOver(unit: value)
        case .element(let value): elementBuilder?.add(value)
        case .members: buildElement(work)
        }
    }

    /// Builds an element of the array being built from its members, and drops them.
    mutating func buildElement(_ members: PutOff) {
        guard case .members(let start, let keyStart, let collapsed) = members else { return }
        elementBuilder?.add(members: values.elements(from: start), collapsed: collapsed)
        values.truncate(to: start)
        hits.truncate(to: keyStart)
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
    }
}
