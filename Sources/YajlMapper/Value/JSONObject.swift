/// A JSON object: members in the order they were written, each key once.
///
/// Lookups are by key; iteration follows insertion order. Two objects are equal when
/// they have the same members, in any order.
public struct JSONObject: Sendable, Equatable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The keys, in order.
    public private(set) var keys: [String]
    /// The values, in the order of ``keys``.
    public private(set) var values: [JSON]
    /// Key → position, built only for objects with more than `indexThreshold` members
    /// (below that, comparing keys in order is cheaper than building the table).
    private var index: [String: Int]?
    private static let indexThreshold = 32

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// An object from ordered members; for a key given twice, the last value wins in the
    /// first one's position.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSON) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// An object from ordered members; for a key given twice, the first value counts (as
    /// `JSONDecoder` reads objects, and as the mapping engine does).
    init<S: Sequence>(firstOf members: S) where S.Element == (String, JSON) {
        self.init()
        for (key, value) in members where position(of: key) == nil { self[key] = value }
    }

    /// An object from a dictionary literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }

    /// Builds from parallel arrays whose keys are known to be distinct.
    init(uniqueKeys keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
        rebuildIndex()
    }

    /// Builds from parallel arrays, or `nil` when a key repeats. The look for repeats is the
    /// key table's own building when the object gets one (each key hashed once, not once
    /// more for a set), and a comparison in order for a few keys.
    init?(distinctKeys keys: [String], values: [JSON]) {
        var index: [String: Int]?
        if keys.count > Self.indexThreshold {
            var table = [String: Int](minimumCapacity: keys.count)
            for (position, key) in keys.enumerated() where table.updateValue(position, forKey: key) != nil {
                return nil
            }
            index = table
        } else if Self.hasRepeats(keys) {
            return nil
        }
        self.keys = keys
        self.values = values
        self.index = index
    }

    /// Whether a key appears twice (small strings compare in a few instructions, so a few
    /// keys are compared pairwise rather than hashed).
    private static func hasRepeats(_ keys: [String]) -> Bool {
        if keys.count < 2 { return false }
        if keys.count <= 16 {
            for i in 1..<keys.count where keys[..<i].contains(keys[i]) { return true }
            return false
        }
        return Set(keys).count != keys.count
    }

    /// The position of a key, if present.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// The value for a key; setting `nil` removes the member.
    public subscript(key: String) -> JSON? {
        get { position(of: key).map { values[$0] } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        index =
            keys.count > Self.indexThreshold
            ? Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { $1 }) : nil
    }

    // MARK: Collection

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { keys.count }
    /// The member at a position.
    public subscript(position: Int) -> (key: String, value: JSON) { (keys[position], values[position]) }

    /// The members as a Swift dictionary (order is lost).
    public var dictionary: [String: JSON] {
        Dictionary(zip(keys, values), uniquingKeysWith: { $1 })
    }

    /// Same members, any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value { return false }
        return true
    }
}
