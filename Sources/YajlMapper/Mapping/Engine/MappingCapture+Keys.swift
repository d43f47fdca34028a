/// Keys: which are read, and the quiet stretches and skips between them.
extension MappingCapture {
    /// Scalar events off while the value of a skipped key goes by (see the engine).
    @inline(__always)
    func quiet(_ on: Bool) {
        control?.quietScalars(on)
    }

    /// Key events off inside a skipped subtree (scalars are already off there).
    @inline(__always)
    func quietKeys(_ on: Bool) {
        guard let control else { return }
        control.quietKeys(on)
        if on { control.quietScalars(true) }
    }

    /// Between the values of a sparse object: the next value is skipped, and yajl need not
    /// call back for scalars, until a listed key says otherwise. Called when such an object
    /// opens and after each of its kept values; keys the filter rejects leave this as is.
    @inline(__always)
    mutating func awaitKey(atStart: Bool = false) {
        guard keyFilter != nil else { return }
        pending = .skip
        quiet(true)
        // Every listed key kept (a repeat is ignored: the first value counts): nothing more
        // of this object is read, so its remaining keys need not be delivered at all, and
        // yajl need not read them when they are plain JSON up to the object's end: yajl reads
        // each token from its handle's read position (`yajl_get_bytes_consumed`'s count), and
        // the skip moves it (see `YajlParserEngine+SkipAhead.swift`).
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

    /// Whether ``key(_:)`` would read or keep this key, rather than skip it with its value.
    func readsKey(_ name: JSONBytes) -> Bool {
        if skipDepth > 0 { return false }
        guard let (node, _) = topObject else { return false }
        guard let node else { return true }
        return node._withUnsafeGuaranteedRef { $0.lookup(name) != nil || $0.keepsOthers }
    }

    /// A key: kept, with the rule for its value, or skipped with its value.
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
}
