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

    /// Selects `key` for the next read. (The subscripts return the map itself in the
    /// caller's code, so a read costs no reference counting of the map.)
    @usableFromInline
    func select(_ key: String, nested: Bool?, delimiter: String, ignoreNil: Bool) {
        // The n-th read usually is the plan's n-th read: take its split components (and its
        // nesting, which the same key and delimiter decide the same way).
        requestedNested = nested
        selectedIgnoresNil = ignoreNil
        if cursor < readCount, let table = readTable,
            table[cursor]._withUnsafeGuaranteedRef({
                $0.key == key && $0.delimiter == delimiter && nested == $0.requestedNested
            })
        {
            selectedRead = table[cursor]
            selectedMember = singleMember.unsafelyUnwrapped[cursor]
            selectedIsPlainValue = table[cursor]._withUnsafeGuaranteedRef { $0.isPlainValue }
            cursor += 1
        } else {
            selectedRead = nil
            selectedMember = -1
            selectedIsPlainValue = false
            let isNested = nested ?? (delimiter == "." ? key.utf8.contains(UInt8(ascii: ".")) : key.contains(delimiter))
            ownUsed = true
            ownKey = key
            ownDelimiter = delimiter
            ownNested = isNested
            ownComponents = isNested ? key.components(separatedBy: delimiter) : [key]
        }
        if mappingType == .fromJSON {
            if shaped, selectedMember >= 0 {
                // The object has every key of the plan's root, in its order.
                currentSlot = objectValues.baseAddress.unsafelyUnwrapped + selectedMember
                foundNode = nil
                keyPresent = true
            } else if shaped, let slot = memberPathSlot() {
                // A path through nested objects that have their plan nodes' shapes too.
                currentSlot = slot
                foundNode = nil
                keyPresent = true
            } else {
                currentNode = lookup(selected?.components ?? ownComponents)
                keyPresent = currentNode != nil
            }
            if ignoreNil, case .null? = currentNode {
                keyPresent = false
                currentNode = nil
            }
        }
    }

    /// ``lookup(_:in:)`` on this map's object, trying the hinted position first.
    func lookup(_ components: [String]) -> YajlMapper.JSON? {
        // A collapsed member's object is made before anything looks for it.
        if collapsedMembers != 0 { detach() }
        guard isObject, let first = components.first else {
            detach()
            return Self.lookup(components, from: 0, in: node)
        }
        let position: Int
        if shaped, let entry = selected?.entryIndex, entry >= 0 {
            // The object has every key of the plan's root, in its order.
            position = entry
        } else if hint < objectKeys.count, objectKeys[hint] == first {
            position = hint
        } else if let found = detached ? objectKeys.firstIndex(of: first) : Self.position(of: first, in: node) {
            position = found
        } else {
            return nil
        }
        hint = position + 1
        return components.count == 1
            ? objectValues[position] : Self.lookup(components, from: 1, in: objectValues[position])
    }

    /// Whether the mapped object has `key` as one member (a key that holds dots, read with
    /// `nested: false`), as far as it was kept.
    func hasLiteralKey(_ key: String) -> Bool {
        guard isObject else { return false }
        return detached || shaped ? objectKeys.contains(key) : Self.position(of: key, in: node) != nil
    }

    /// The position of `key` among `node`'s members, when it is an object.
    private static func position(of key: String, in node: YajlMapper.JSON) -> Int? {
        guard case .object(let object) = node else { return nil }
        return object.position(of: key)
    }

    /// ObjectMapper's lookup: keys through objects, indexes through arrays; `null` before the
    /// end of the path means absent.
    static func lookup(_ components: [String], in root: YajlMapper.JSON) -> YajlMapper.JSON? {
        lookup(components, from: 0, in: root)
    }

    /// ``lookup(_:in:)`` from `components[start]` on. Recursive on the borrowed value: only
    /// the value found is copied, not each container on the way.
    static func lookup(_ components: [String], from start: Int, in root: YajlMapper.JSON) -> YajlMapper.JSON? {
        guard start < components.count else { return root }
        switch root {
        case .object(let object):
            guard let position = object.position(of: components[start]) else { return nil }
            if start + 1 == components.count {
                // The last step (`owner.avatar_url`'s `avatar_url`): the value is read in place.
                return object.values.withUnsafeBufferPointer { $0[position] }
            }
            return lookup(components, from: start + 1, in: object.values[position])
        case .array(let array):
            guard let i = Int(components[start]), array.indices.contains(i) else { return nil }
            return lookup(components, from: start + 1, in: array[i])
        default:
            return nil
        }
    }

    /// The selected value when it is the usual case: a member of the object, read by the
    /// plan's matched read as a plain value, and not `null` (`nil` otherwise: the caller
    /// then takes the general path, ``fetchValue(required:expected:)``).
    @inlinable
    func plainMember() -> YajlMapper.JSON? {
        guard let slot = plainSlot else { return nil }
        let value = slot.pointee
        if case .null = value { return nil }
        return value
    }

    /// ``plainMember()`` when it is a string: the string itself, without a copy of the
    /// JSON value around it.
    @inlinable
    func plainString() -> String? {
        guard let slot = plainSlot, case .string(let string) = slot.pointee else { return nil }
        return string
    }

    /// The member behind ``plainMember()`` and ``plainString()``: the selection matched a
    /// plan read of a plain value, found in place (and no plan is being learned).
    @inlinable
    var plainSlot: UnsafePointer<YajlMapper.JSON>? {
        selectedIsPlainValue && !session.recording ? currentSlot : nil
    }

    /// Follows the selected read's path through nested objects by position: each object on
    /// the way must share its plan node's names (then it lists the node's keys in the node's
    /// order). `nil` when the read has no such path or an object on it has another shape
    /// (the general lookup decides then).
    private func memberPathSlot() -> UnsafePointer<YajlMapper.JSON>? {
        guard let read = selectedRead, let base = objectValues.baseAddress else { return nil }
        return read._withUnsafeGuaranteedRef { read in
            guard !read.memberPath.isEmpty, read.entryIndex >= 0 else { return nil }
            var slot = base + read.entryIndex
            if collapsedMembers != 0, read.entryIndex < 64, collapsedMembers & (1 << UInt64(read.entryIndex)) != 0 {
                // The member is the one value its object keeps.
                return read.memberPath.count == 1 && read.memberPath[0].index == 0 ? UnsafePointer(slot) : nil
            }
            for step in read.memberPath {
                guard case .object(let object) = slot.pointee else { return nil }
                let next: UnsafePointer<YajlMapper.JSON>? = object.keys.withUnsafeBufferPointer { keys in
                    guard keys.count == step.names.count, keys.baseAddress == step.names.baseAddress else { return nil }
                    return object.values.withUnsafeBufferPointer { $0.baseAddress.map { $0 + step.index } }
                }
                guard let next else { return nil }
                slot = next
            }
            return slot
        }
    }
}
