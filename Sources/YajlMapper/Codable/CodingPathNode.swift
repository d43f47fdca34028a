/// A coding path as a list from the innermost key out: a nested decode adds one node,
/// and the `[CodingKey]` array is made only when something asks for it (an error, a
/// type's own `codingPath`).
indirect enum CodingPathNode {
    /// The top of the document.
    case root
    /// A member's key, inside `parent`.
    case key(any CodingKey, parent: CodingPathNode)
    /// An array element's position, inside `parent`.
    case index(Int, parent: CodingPathNode)

    /// The path from the top.
    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return keys.reversed()
            case .key(let key, let parent):
                keys.append(key)
                node = parent
            case .index(let index, let parent):
                keys.append(YajlCodingKey(index: index))
                node = parent
            }
        }
    }

    /// This path with one step more.
    @inline(__always)
    func adding(_ step: PathStep) -> CodingPathNode {
        switch step {
        case .none: return self
        case .key(let key): return .key(key, parent: self)
        case .index(let index): return .index(index, parent: self)
        }
    }
}

/// Where a value is inside the container being read: the step its coding path adds.
enum PathStep {
    /// The container's own value (a single-value container).
    case none
    /// A member's key.
    case key(any CodingKey)
    /// An array element's position.
    case index(Int)
}

/// A coding key made by the decoder: an array position (`Index 3`, as `JSONDecoder`
/// names it), `super`, or a key handed to a custom key strategy.
struct YajlCodingKey: CodingKey {
    /// The key's text.
    var stringValue: String
    /// The key's position, or `Int.min` for none: three words in all, so the key fits an
    /// existential's inline buffer (a path step holds it without a heap box).
    private var position: Int

    /// The key's position, for an array element.
    var intValue: Int? { position == .min ? nil : position }

    /// A key with this text.
    init(stringValue: String) {
        self.stringValue = stringValue
        position = .min
    }

    /// A key with this number as its position and text.
    init(intValue: Int) {
        stringValue = "\(intValue)"
        position = intValue
    }

    /// An array element's key.
    init(index: Int) {
        stringValue = "Index \(index)"
        position = index
    }

    /// The key `superDecoder()` reads.
    static let `super` = YajlCodingKey(stringValue: "super")
}
