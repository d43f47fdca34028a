import Foundation

/// A type whose arrays the decoder reads straight from the tape: numbers, strings, booleans
/// and arrays of them at any depth (`[[[Double]]]`, GeoJSON's coordinates). Each element is
/// read as the unkeyed container would read it, with the same errors at the same paths,
/// without a container or a call through `Decodable` per element.
protocol TapeArrayElement {
    /// The value at `index`, in an array at `node`, position `step`.
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self
}

extension Double: TapeArrayElement {
    /// A `Double`, correctly rounded from its literal (see ``TapeDecoder/unboxFloatingPoint(at:node:step:_:)``).
    @inline(__always)
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self {
        try decoder.unboxFloatingPoint(at: index, node: node, step: step) { parseJSONDouble($0) }
    }
}

extension Float: TapeArrayElement {
    /// A `Float`, correctly rounded from its literal (not through `Double`, which would round twice).
    @inline(__always)
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self {
        try decoder.unboxFloatingPoint(at: index, node: node, step: step) { Float(String(decoding: $0, as: UTF8.self)) }
    }
}

extension TapeArrayElement where Self: FixedWidthInteger {
    /// An integer, exactly.
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self {
        try decoder.unboxInteger(Self.self, at: index, node: node, step: step)
    }
}

extension Int: TapeArrayElement {}
extension Int64: TapeArrayElement {}

extension String: TapeArrayElement {
    /// A `String`.
    @inline(__always)
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self {
        guard decoder.kind(at: index) == .string else {
            throw decoder.notString(String.self, at: index, node: node, step: step)
        }
        return decoder.tape.string(at: index)
    }
}

extension Bool: TapeArrayElement {
    /// A `Bool`.
    @inline(__always)
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self {
        switch decoder.kind(at: index) {
        case .true: return true
        case .false: return false
        // JSONDecoder's one scalar whose null is a type mismatch rather than a missing value.
        default: throw decoder.typeMismatch(Bool.self, at: index, node: node, step: step)
        }
    }
}

extension Array: TapeArrayElement where Element: TapeArrayElement {
    static func unbox(_ decoder: TapeDecoder, _ index: Int, _ node: CodingPathNode, _ step: PathStep) throws -> Self {
        let path = node.adding(step)
        let count = try decoder.containerCount(at: index, path: path, object: false)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var k = index + 1
        for i in 0..<count {
            elements.append(try Element.unbox(decoder, k, path, .index(i)))
            k = decoder.tape.end(ofValueAt: k)
        }
        return elements
    }
}

/// An array of any other `Decodable` element (models, optionals, dates): read element by
/// element from the tape as `Array`'s own `init(from:)` reads them through an unkeyed
/// container, with the same errors at the same paths, without the container, its
/// existential box and the generic lookups per array.
protocol DecodableArray {
    /// The array at `index`, position `step` of `node`, whose elements are at `place`'s
    /// element place in the plan.
    static func decodeFromTape(
        _ decoder: TapeDecoder, at index: Int, node: CodingPathNode, step: PathStep, place: DecodePlan?
    ) throws -> Self
}

extension Array: DecodableArray where Element: Decodable {
    static func decodeFromTape(
        _ decoder: TapeDecoder, at index: Int, node: CodingPathNode, step: PathStep, place: DecodePlan?
    ) throws -> [Element] {
        let path = node.adding(step)
        let count = try decoder.containerCount(at: index, path: path, object: false)
        let elementPlace = place?.elementPlace(learning: decoder.session.learning)
        if decoder.splits(arrayAt: index, count: count) {
            return try decoder.decodeOnThreads(
                Element.self, arrayAt: index, count: count, path: path, place: elementPlace)
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var k = index + 1
        for i in 0..<count {
            elements.append(try decoder.unbox(Element.self, at: k, node: path, step: .index(i), place: elementPlace))
            k = decoder.tape.end(ofValueAt: k)
        }
        return elements
    }
}

extension TapeDecoder {
    /// The number of members (`object`) or elements of the container at `index`, or, for
    /// another kind of value there, the error `container(keyedBy:)` or `unkeyedContainer()`
    /// gives (`path`: the value's path).
    func containerCount(at index: Int, path: CodingPathNode, object: Bool) throws -> Int {
        let found = kind(at: index)
        if found == (object ? .object : .array) { return Int(tape.tokens[index].length) }
        let type: Any.Type = object ? [String: Any].self : [Any].self
        guard found == .null else { throw typeMismatch(type, at: index, node: path, step: .none) }
        let message = "Cannot get \(object ? "keyed" : "unkeyed") decoding container -- found null value instead"
        throw DecodingError.valueNotFound(type, context(at: index, node: path, step: .none, message))
    }
}
