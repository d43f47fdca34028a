/// Reads checked against the plan, and the repair when the plan did not keep what is read.
extension Map {
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

    /// Records a read for the plans, and repairs the map when its plan does not cover the read.
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

    /// A repair: the map swaps the object its plan captured for the same object from the whole unit.
    /// The object was captured without something its mapping reads (conditional logic the
    /// plan has not seen): the map takes the whole object from the session's whole unit, selects
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
}
