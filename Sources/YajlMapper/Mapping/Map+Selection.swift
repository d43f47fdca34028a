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
        guard delimiter == "." else {
            // Another delimiter: the path is split as ObjectMapper splits it.
            keyIsNested = nested ?? key.contains(delimiter)
            guard mappingType == .fromJSON else { return }
            (selectedToken, selectedPlaceRef) = find(currentComponents)
            return found(ignoreNil: ignoreNil)
        }
        var key = key
        key.withUTF8 { bytes in
            let dot = nested == false ? nil : Self.firstDot(in: bytes)
            keyIsNested = nested ?? (dot != nil)
            guard mappingType == .fromJSON else { return }
            if let dot, keyIsNested {
                (selectedToken, selectedPlaceRef) = find(path: bytes, firstDot: dot)
            } else {
                (selectedToken, selectedPlaceRef) =
                    object < 0 ? (-1, nil) : member(bytes, of: object, at: placeRef, hinted: true)
            }
        }
        if mappingType == .fromJSON { found(ignoreNil: ignoreNil) }
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
    /// member found first (this map's own object).
    @inline(__always)
    func member(
        _ name: UnsafeBufferPointer<UInt8>, of object: Int, at place: Unmanaged<DecodePlan>?, hinted: Bool
    ) -> (Int, Unmanaged<DecodePlan>?) {
        if let place, !learning,
            let listed = place._withUnsafeGuaranteedRef({ $0.listedIndex(ofKey: name) })
        {
            // The object holds the place's listed keys only, each marked with its index.
            guard let index = listed else {
                session.noteMiss()
                return (-1, nil)
            }
            guard let found = tape.pointee.member(listed: UInt16(index + 1), in: object, from: hinted ? hint : 0)
            else { return (-1, nil) }
            if hinted { hint = tape.pointee.end(ofValueAt: found) }
            let kind = tape.pointee.kind(at: found)
            if kind != .object && kind != .array { return (found, nil) }
            return (found, place._withUnsafeGuaranteedRef { $0.childRefs[index] })
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

    /// The value at a dotted key path from this map's object, walked on the key's bytes
    /// (`firstDot`: where its first `.` is).
    private func find(path: UnsafeBufferPointer<UInt8>, firstDot: Int) -> (Int, Unmanaged<DecodePlan>?) {
        var (token, at) = (object, placeRef)
        var start = 0
        var end = firstDot
        while true {
            let part = UnsafeBufferPointer(rebasing: path[start..<end])
            (token, at) = step(part, from: token, at: at, first: start == 0)
            guard end < path.count else { return (token, at) }
            start = end + 1
            end = Self.firstDot(in: UnsafeBufferPointer(rebasing: path[start...])).map { start + $0 } ?? path.count
        }
    }

    /// The value at a key path given as components from this map's object.
    func find(_ components: [String]) -> (Int, Unmanaged<DecodePlan>?) {
        var (token, at) = (object, placeRef)
        for (i, component) in components.enumerated() {
            var component = component
            (token, at) = component.withUTF8 { step($0, from: token, at: at, first: i == 0) }
        }
        return (token, at)
    }

    /// One step of a key path (ObjectMapper's lookup: keys through objects, indexes through
    /// arrays; `null` before the end of the path means absent).
    private func step(
        _ part: UnsafeBufferPointer<UInt8>, from token: Int, at place: Unmanaged<DecodePlan>?, first: Bool
    ) -> (Int, Unmanaged<DecodePlan>?) {
        guard token >= 0 else { return (-1, nil) }
        switch tape.pointee.kind(at: token) {
        case .object:
            return member(part, of: token, at: place, hinted: first)
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
