import Foundation

/// The unkeyed container over one array of the tape: a cursor over its elements' tokens.
struct UnkeyedTapeContainer: UnkeyedDecodingContainer {
    /// The decoder of the document.
    let decoder: TapeDecoder
    /// The array's path.
    let node: CodingPathNode
    /// The array's token.
    let array: Int
    /// The number of elements.
    let count: Int?
    /// The position of the next element.
    private(set) var currentIndex = 0
    /// The token of the next element.
    private var position: Int
    /// The elements' place in the plan (`nil`: the tape holds them whole).
    unowned(unsafe) let elements: DecodePlan?

    /// The container of the array at `array`, whose elements are at `elements` in the plan.
    init(decoder: TapeDecoder, array: Int, node: CodingPathNode, elements: DecodePlan?) {
        self.decoder = decoder
        self.array = array
        self.node = node
        self.elements = elements
        count = Int(decoder.tape.tokens[array].length)
        position = array + 1
    }

    var codingPath: [any CodingKey] { node.path }
    var isAtEnd: Bool { currentIndex >= count! }

    /// The next element's token, or `valueNotFound` at the end.
    @inline(__always)
    private func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: node.adding(.index(currentIndex)).path,
                    debugDescription: "Unkeyed container is at end." + decoder.locationSuffix(of: array)))
        }
        return position
    }

    /// Moves past the element just read.
    @inline(__always)
    private mutating func advance() {
        position = decoder.tape.end(ofValueAt: position)
        currentIndex += 1
    }

    /// Reads the next element with `read` and moves past it.
    @inline(__always)
    private mutating func element<T>(
        _ type: T.Type, _ read: (TapeDecoder, Int, CodingPathNode, PathStep) throws -> T
    ) throws -> T {
        let value = try read(decoder, try next(T.self), node, .index(currentIndex))
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.kind(at: try next(Any?.self)) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(Bool.self, Bool.unbox) }
    mutating func decode(_ type: String.Type) throws -> String { try element(String.self, String.unbox) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(Double.self, Double.unbox) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(Float.self, Float.unbox) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try element(T.self) { [elements] in try $0.unbox(T.self, at: $1, node: $2, step: $3, place: elements) }
    }

    /// An integer of any width.
    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        try element(T.self) { try $0.unboxInteger(T.self, at: $1, node: $2, step: $3) }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if isAtEnd { return nil }
        if try decodeNil() { return nil }
        return try decode(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try element(KeyedDecodingContainer<NestedKey>.self) { [elements] decoder, index, node, step in
            try decoder.withCurrent(index, node: node.adding(step), place: elements) {
                try decoder.container(keyedBy: NestedKey.self)
            }
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try element((any UnkeyedDecodingContainer).self) { [elements] decoder, index, node, step in
            try decoder.withCurrent(index, node: node.adding(step), place: elements) { try decoder.unkeyedContainer() }
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try element((any Decoder).self) { [elements] decoder, index, node, step in
            TapeDecoder(sharing: decoder, at: index, node: node.adding(step), place: elements)
        }
    }
}
