/// Selecting a key (ObjectMapper's subscripts) and finding its value in the object.
extension Map {
    /// Selects a key (a nested path when it contains `.`).
    @inlinable
    public subscript(key: String) -> Map {
        select(key, nested: nil, delimiter: ".", ignoreNil: false)
        return self
    }
    /// Selects a key whose nested parts are separated by `delimiter`.
    @inlinable
    public subscript(key: String, delimiter delimiter: String) -> Map {
        select(key, nested: nil, delimiter: delimiter, ignoreNil: false)
        return self
    }
    /// Selects a key, nested or not.
    @inlinable
    public subscript(key: String, nested nested: Bool) -> Map {
        select(key, nested: nested, delimiter: ".", ignoreNil: false)
        return self
    }
    /// Selects a key, nested or not, with a delimiter.
    @inlinable
    public subscript(key: String, nested nested: Bool, delimiter delimiter: String) -> Map {
        select(key, nested: nested, delimiter: delimiter, ignoreNil: false)
        return self
    }
    /// Selects a key; with `ignoreNil`, `null` counts as absent.
    @inlinable
    public subscript(key: String, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nil, delimiter: ".", ignoreNil: ignoreNil)
        return self
    }
    /// Selects a key with a delimiter; with `ignoreNil`, `null` counts as absent.
    @inlinable
    public subscript(key: String, delimiter delimiter: String, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nil, delimiter: delimiter, ignoreNil: ignoreNil)
        return self
    }
    /// Selects a key, nested or not; with `ignoreNil`, `null` counts as absent.
    @inlinable
    public subscript(key: String, nested nested: Bool, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nested, delimiter: ".", ignoreNil: ignoreNil)
        return self
    }
    /// Selects a key with every option.
    @inlinable
    public subscript(key: String, nested nested: Bool?, delimiter delimiter: String, ignoreNil ignoreNil: Bool) -> Map {
        select(key, nested: nested, delimiter: delimiter, ignoreNil: ignoreNil)
        return self
    }

    /// Selects `key` for the next read, and finds its value on the tape. (The subscripts
    /// return the map itself in the caller's code, so a read costs no reference counting of
    /// the map.)
    @usableFromInline
    func select(_ key: String, nested: Bool?, delimiter: String, ignoreNil: Bool) {
        clearSelection()
        currentKey = key
        nestedKeyDelimiter = delimiter
        let selection = selections
        selections = selection &+ 1
        if nested == nil, let index = recalledIndex(of: key, selection: selection), delimiter == "." {
            if index >> 32 == 0 {
                keyIsNested = false
                (selectedToken, selectedPlaceRef) = member(listedAt: index, of: object, at: placeRef.unsafelyUnwrapped)
                return found(ignoreNil: ignoreNil)
            }
            if let (token, place) = member(listedPath: index) {
                keyIsNested = true
                (selectedToken, selectedPlaceRef) = (token, place)
                return found(ignoreNil: ignoreNil)
            }
        }
        guard delimiter == "." else {
            // Another delimiter: the path is split as ObjectMapper splits it.
            keyIsNested = nested ?? key.contains(delimiter)
            guard mappingType == .fromJSON else { return }
            (selectedToken, selectedPlaceRef) = find(currentComponents)
            return found(ignoreNil: ignoreNil)
        }
        var text = key
        var listed = -1
        text.withUTF8 { bytes in
            let dot = nested == false ? nil : Self.firstDot(in: bytes)
            keyIsNested = nested ?? (dot != nil)
            guard mappingType == .fromJSON else { return }
            if let dot, keyIsNested {
                (selectedToken, selectedPlaceRef) = find(path: bytes, firstDot: dot, listed: &listed)
            } else {
                (selectedToken, selectedPlaceRef) =
                    object < 0 ? (-1, nil) : member(bytes, of: object, at: placeRef, hinted: true, listed: &listed)
            }
        }
        guard mappingType == .fromJSON else { return }
        if nested == nil, listed >= 0 { recall(key, listedAt: listed, selection: selection) }
        found(ignoreNil: ignoreNil)
    }

    /// Where the place lists `key`, when it is the key this selection had in an earlier
    /// object's mapping (mappings mostly select the same keys in the same order), found
    /// without reading its bytes. A `String` is two words; two strings with the same words,
    /// one of them held alive in ``recalledKeys``, share their storage or hold their bytes in
    /// those words (a small string), so they have the same bytes.
    @inline(__always)
    private func recalledIndex(of key: String, selection: Int) -> Int? {
        guard selection < recalled.count, object >= 0, let place = placeRef else { return nil }
        let entry = recalled.withUnsafeBufferPointer { $0[selection] }
        guard entry.words == RecalledKey.words(of: key), entry.place == place.toOpaque(),
            place._withUnsafeGuaranteedRef({ $0.marksListedKeys })
        else { return nil }
        return entry.index
    }

    /// Remembers that this selection's key (one key, or a path of two, in places that mark
    /// their keys) is listed at `index` (both indexes for a path).
    private func recall(_ key: String, listedAt index: Int, selection: Int) {
        guard selection < 256, let place = placeRef else { return }
        while recalled.count <= selection {
            recalled.append(RecalledKey(words: (0, 0), place: nil, index: 0))
            recalledKeys.append("")
        }
        recalled[selection] = RecalledKey(words: RecalledKey.words(of: key), place: place.toOpaque(), index: index)
        recalledKeys[selection] = key
    }

    /// Where the first `.` of a key is: eight bytes at a time (a byte-by-byte search cost a
    /// quarter of the selection's time). A byte is a dot where `word ^ "........"` has a
    /// zero byte; the lowest flagged byte of `(x - 0x01...) & ~x & 0x80...` is the first zero.
    @inline(__always)
    static func firstDot(in key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = key.baseAddress else { return nil }
        var i = 0
        while i + 8 <= key.count {
            let bytes = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let word = bytes ^ 0x2e2e_2e2e_2e2e_2e2e
            let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zero != 0 { return i + zero.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < key.count {
            if key[i] == UInt8(ascii: ".") { return i }
            i += 1
        }
        return nil
    }

    /// Settles the selection: `null` is absent with `ignoreNil`.
    @inline(__always)
    private func found(ignoreNil: Bool) {
        if ignoreNil, selectedToken >= 0, tape.pointee.kind(at: selectedToken) == .null { selectedToken = -1 }
        isKeyPresent = selectedToken >= 0
    }

    /// The value of member `name` of the object at token `object` (at `place` in the plan),
    /// and its place: -1 when the object has no such member. A member found needs the plan
    /// only for its place (a container's) or to learn the key; one not found is a miss when
    /// the plan does not list it (the tape left it out). `hinted`: looked for after the last
    /// member found first (this map's own object). `listed`: the key's index among the
    /// place's listed keys, when the object was recorded with those only (left alone otherwise).
    @inline(__always)
    func member(
        _ name: UnsafeBufferPointer<UInt8>, of object: Int, at place: Unmanaged<DecodePlan>?, hinted: Bool,
        listed: inout Int
    ) -> (Int, Unmanaged<DecodePlan>?) {
        if let place, !learning,
            let marked = place._withUnsafeGuaranteedRef({ $0.listedIndex(ofKey: name) })
        {
            // The object holds the place's listed keys only, each marked with its index.
            guard let index = marked else {
                session.noteMiss()
                return (-1, nil)
            }
            listed = index
            return member(listedAt: index, of: object, at: place, hinted: hinted)
        }
        let found = tape.pointee.member(name, in: object, from: hinted ? hint : 0)
        if let found, hinted { hint = tape.pointee.end(ofValueAt: found) }
        guard let place else { return (found ?? -1, nil) }
        if let found, !learning {
            let kind = tape.pointee.kind(at: found)
            if kind != .object && kind != .array { return (found, nil) }
        }
        let child = place._withUnsafeGuaranteedRef { $0.unretainedPlace(ofKey: name, learning: learning) }
        switch child {
        case .known(let child): return (found ?? -1, child)
        case .miss:
            session.noteMiss()
            return (-1, nil)
        }
    }

    /// The value of the member `place` lists at `index` (see ``member(_:of:at:hinted:listed:)``).
    @inline(__always)
    private func member(
        listedAt index: Int, of object: Int, at place: Unmanaged<DecodePlan>, hinted: Bool = true
    ) -> (Int, Unmanaged<DecodePlan>?) {
        guard let found = tape.pointee.member(listed: UInt16(index + 1), in: object, from: hinted ? hint : 0)
        else { return (-1, nil) }
        if hinted { hint = tape.pointee.end(ofValueAt: found) }
        let kind = tape.pointee.kind(at: found)
        if kind != .object && kind != .array { return (found, nil) }
        return (found, place._withUnsafeGuaranteedRef { $0.childRefs[index] })
    }

    /// The value at a dotted key path from this map's object, walked on the key's bytes
    /// (`firstDot`: where its first `.` is). `listed`: for a path of two keys, each found by
    /// the index its place lists it at, the two indexes (see ``member(listedPath:)``).
    private func find(
        path: UnsafeBufferPointer<UInt8>, firstDot: Int, listed: inout Int
    ) -> (Int, Unmanaged<DecodePlan>?) {
        var (token, at) = (object, placeRef)
        var start = 0
        var end = firstDot
        var (first, last) = (-1, -1)
        var parts = 0
        while true {
            let part = UnsafeBufferPointer(rebasing: path[start..<end])
            last = -1
            (token, at) = step(part, from: token, at: at, first: parts == 0, listed: &last)
            if parts == 0 { first = last }
            parts += 1
            guard end < path.count else { break }
            start = end + 1
            end = Self.firstDot(in: UnsafeBufferPointer(rebasing: path[start...])).map { start + $0 } ?? path.count
        }
        if parts == 2, first >= 0, last >= 0, last < 0xFFFF { listed = first | (last + 1) << 32 }
        return (token, at)
    }

    /// The value at a two-key path recalled as its keys' listed indexes (the first in the
    /// low 32 bits, the second plus one above), or `nil` where the path must be walked by
    /// its bytes: the first value is an array (a key may be an index there), or its place
    /// does not mark its keys.
    @inline(__always)
    private func member(listedPath packed: Int) -> (Int, Unmanaged<DecodePlan>?)? {
        let (token, place) = member(listedAt: packed & 0xFFFF_FFFF, of: object, at: placeRef.unsafelyUnwrapped)
        guard token >= 0 else { return (-1, nil) }
        switch tape.pointee.kind(at: token) {
        case .object:
            guard let place, place._withUnsafeGuaranteedRef({ $0.marksListedKeys }) else { return nil }
            return member(listedAt: (packed >> 32) - 1, of: token, at: place, hinted: false)
        case .array: return nil
        default: return (-1, nil)
        }
    }

    /// The value at a key path given as components from this map's object.
    func find(_ components: [String]) -> (Int, Unmanaged<DecodePlan>?) {
        var (token, at) = (object, placeRef)
        for (i, component) in components.enumerated() {
            var component = component
            var listed = -1
            (token, at) = component.withUTF8 { step($0, from: token, at: at, first: i == 0, listed: &listed) }
        }
        return (token, at)
    }

    /// One step of a key path (ObjectMapper's lookup: keys through objects, indexes through
    /// arrays; `null` before the end of the path means absent). `listed`: as for
    /// ``member(_:of:at:hinted:listed:)``.
    private func step(
        _ part: UnsafeBufferPointer<UInt8>, from token: Int, at place: Unmanaged<DecodePlan>?, first: Bool,
        listed: inout Int
    ) -> (Int, Unmanaged<DecodePlan>?) {
        guard token >= 0 else { return (-1, nil) }
        switch tape.pointee.kind(at: token) {
        case .object:
            return member(part, of: token, at: place, hinted: first, listed: &listed)
        case .array:
            guard let position = Int(String(decoding: part, as: UTF8.self)),
                let element = tape.pointee.element(position, of: token)
            else { return (-1, nil) }
            let elements = place?._withUnsafeGuaranteedRef { $0.elementPlace(learning: learning) }
            return (element, elements.map(Unmanaged.passUnretained))
        default:
            return (-1, nil)
        }
    }

    /// Whether the mapped object has `key` as one member (a key that holds dots, read with
    /// `nested: false`), as far as it was kept.
    func hasLiteralKey(_ key: String) -> Bool {
        guard object >= 0 else { return false }
        var key = key
        return key.withUTF8 { document.view.pointee.member($0, in: object, from: 0) } != nil
    }

    /// The selected value when it is a scalar other than `null` (`nil` otherwise: the caller
    /// then takes the general path, ``fetchValue(required:expected:)``).
    @inlinable
    func plainMember() -> YajlMapper.JSON? {
        guard selectedToken >= 0, isPlainScalar else { return nil }
        return currentNode
    }

    /// The selected value when it is a string, without a ``YajlMapper/JSON`` value around it.
    @inlinable
    func plainString() -> String? {
        guard selectedToken >= 0 else { return nil }
        return selectedString
    }

    /// Whether the selected value is a number, a string or a boolean.
    @usableFromInline
    var isPlainScalar: Bool {
        switch tape.pointee.kind(at: selectedToken) {
        case .number, .string, .true, .false: return true
        default: return false
        }
    }

    /// The selected value's text when it is a string.
    @usableFromInline
    var selectedString: String? {
        tape.pointee.kind(at: selectedToken) == .string ? tape.pointee.string(at: selectedToken) : nil
    }
}

/// A key a map selected, and where the selection's place listed it (see
/// `Map.recalledIndex(of:selection:)`).
struct RecalledKey {
    /// The key's two words.
    let words: (UInt64, UInt64)
    /// The place that listed it.
    let place: UnsafeMutableRawPointer?
    /// Its index among the place's listed keys (for a two-key path, both indexes, see
    /// `Map.member(listedPath:)`).
    let index: Int

    /// The two words a string is made of.
    @inline(__always)
    static func words(of key: String) -> (UInt64, UInt64) { unsafeBitCast(key, to: (UInt64, UInt64).self) }
}
