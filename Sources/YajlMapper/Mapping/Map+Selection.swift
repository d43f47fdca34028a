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
        requestedNested = nested
        clearMadeNode()
        let isNested = nested ?? (delimiter == "." ? key.utf8.contains(UInt8(ascii: ".")) : key.contains(delimiter))
        ownKey = key
        ownDelimiter = delimiter
        ownNested = isNested
        ownComponents = isNested ? key.components(separatedBy: delimiter) : [key]
        guard mappingType == .fromJSON else { return }
        if isNested {
            (selectedToken, selectedPlace) = find(ownComponents)
        } else {
            (selectedToken, selectedPlace) = object < 0 ? (-1, nil) : member(key, of: object, at: place, hinted: true)
        }
        if ignoreNil, selectedToken >= 0, document.kind(at: selectedToken) == .null { selectedToken = -1 }
        keyPresent = selectedToken >= 0
    }

    /// The value of member `key` of the object at token `object` (at `place` in the plan),
    /// and its place: -1 when the object has no such member. A member found needs the plan
    /// only for its place (a container's) or to learn the key; one not found is a miss when
    /// the plan does not list it (the tape left it out). `hinted`: looked for after the last
    /// member found first (this map's own object).
    func member(_ key: String, of object: Int, at place: DecodePlan?, hinted: Bool) -> (Int, DecodePlan?) {
        var key = key
        return key.withUTF8 { name in
            let found = document.member(name, in: object, from: hinted ? hint : 0)
            if let found, hinted { hint = document.tape.end(ofValueAt: found) }
            guard let place else { return (found ?? -1, nil) }
            if let found, !session.learning {
                let kind = document.kind(at: found)
                if kind != .object && kind != .array { return (found, nil) }
            }
            switch place.place(ofKey: name, learning: session.learning) {
            case .known(let child): return (found ?? -1, child)
            case .miss:
                session.noteMiss()
                return (-1, nil)
            }
        }
    }

    /// The value at a key path from this map's object (ObjectMapper's lookup: keys through
    /// objects, indexes through arrays; `null` before the end of the path means absent).
    func find(_ components: [String]) -> (Int, DecodePlan?) {
        var (token, at) = (object, place)
        for (i, component) in components.enumerated() {
            guard token >= 0 else { return (-1, nil) }
            switch document.kind(at: token) {
            case .object:
                (token, at) = member(component, of: token, at: at, hinted: i == 0)
            case .array:
                guard let position = Int(component), let element = document.element(position, of: token) else {
                    return (-1, nil)
                }
                (token, at) = (element, at?.elementPlace(learning: session.learning))
            default:
                return (-1, nil)
            }
        }
        return (token, at)
    }

    /// Whether the mapped object has `key` as one member (a key that holds dots, read with
    /// `nested: false`), as far as it was kept.
    func hasLiteralKey(_ key: String) -> Bool {
        guard object >= 0 else { return false }
        var key = key
        return key.withUTF8 { document.member($0, in: object, from: 0) } != nil
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
        switch document.kind(at: selectedToken) {
        case .number, .string, .true, .false: return true
        default: return false
        }
    }

    /// The selected value's text when it is a string.
    @usableFromInline
    var selectedString: String? {
        document.kind(at: selectedToken) == .string ? document.tape.string(at: selectedToken) : nil
    }
}
