/// Maps a property both ways: reads it from JSON, or writes it to JSON, by the map's direction.
infix operator <- : DefaultPrecedence
/// Writes a property to JSON only (reading does nothing).
infix operator >>> : DefaultPrecedence

/// Assigns a read result to a non-optional property: only a value replaces it.
@inline(__always)
func assign<T>(_ left: inout T, _ result: T??) {
    if case .some(.some(let value)) = result { left = value }
}

/// Assigns a read result to an optional property: a value or `null` (as `nil`) replaces it.
@inline(__always)
func assign<T>(_ left: inout T?, _ result: T??) {
    if case .some(let value) = result { left = value }
}

// MARK: - Basic types (integers, floating point, Bool, String, Decimal)

/// Reads or writes a basic value; a number that does not fit is a problem, never wrapped.
@inlinable
public func <- <T: JSONScalar>(left: inout T, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readScalar(&left, right)
}

/// Reads or writes an optional basic value (`null` reads as `nil`).
@inlinable
public func <- <T: JSONScalar>(left: inout T?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readOptionalScalar(&left, right)
}

/// What the usual cases of a basic read gave (see ``readPlainScalar(_:_:)``).
@usableFromInline
enum PlainScalarRead<T> {
    /// Not a usual case: the general fetch decides.
    case notPlain
    /// A member that did not convert (the problem is reported).
    case failed
    case value(T)
}

/// The usual cases of a basic read, without the general fetch: a value read straight from
/// its tokens; a string (the commonest, taken without copying the JSON value around it; the
/// test is decided when the operator is specialised); or any member the plan reads as a
/// plain value, present and not null.
@inlinable
func readPlainScalar<T: JSONScalar>(_: T.Type, _ right: Map) -> PlainScalarRead<T> {
    if let value = right.recorded(T.self) { return .value(value) }
    if T.self == String.self, let string = right.plainString() {
        return .value(unsafeBitCast(string, to: T.self))
    }
    guard let node = right.plainMember() else { return .notPlain }
    do {
        return .value(try T.fromJSON(node))
    } catch {
        right.reportConversion(error, expected: T.self)
        return .failed
    }
}

/// Reads a basic value into a property.
@inlinable
func readScalar<T: JSONScalar>(_ left: inout T, _ right: Map) {
    switch readPlainScalar(T.self, right) {
    case .value(let value): left = value
    case .failed: return
    case .notPlain: readConverted(&left, right, expected: "\(T.self)")
    }
}

/// Reads a basic value into an optional property: `null`, or a value that does not convert
/// (a problem is recorded), reads as `nil`, as in ObjectMapper.
@inlinable
func readOptionalScalar<T: JSONScalar>(_ left: inout T?, _ right: Map) {
    switch readPlainScalar(T.self, right) {
    case .value(let value): left = value
    case .failed: left = nil
    case .notPlain: readOptionalConverted(&left, right, expected: "\(T.self)")
    }
}

/// Reads a value through its ``JSONReadable`` conversion into a property: a basic value
/// that is not plain, or a collection of them (an array, a dictionary, an array of arrays).
/// Inlined into the mapping, so it is specialised for the value's type there: unspecialised,
/// every read would look up the metadata of its generic types at run time (`[T]`, `[T]?`).
@inlinable
func readConverted<V: JSONReadable>(_ left: inout V, _ right: Map, expected: @autoclosure () -> String) {
    if right.readDirectly(into: &left) { return }
    guard case .value(let node) = right.fetch(required: true, expected: expected()) else { return }
    do { left = try V.fromJSON(node) } catch { right.reportConversion(error, expectedName: expected()) }
}

/// ``readConverted(_:_:expected:)`` into an optional property: `null`, or a value that
/// does not convert (a problem is recorded), reads as `nil`, as in ObjectMapper.
@inlinable
func readOptionalConverted<V: JSONReadable>(_ left: inout V?, _ right: Map, expected: @autoclosure () -> String) {
    if right.readDirectly(into: &left) { return }
    switch right.fetch(required: false, expected: expected()) {
    case .absent: return
    case .null: left = nil
    case .value(let node):
        do {
            left = try V.fromJSON(node)
        } catch {
            right.reportConversion(error, expectedName: expected())
            left = nil
        }
    }
}

/// Writes a basic value.
public func >>> <T: JSONScalar>(left: T, right: Map) {
    if right.mappingType == .toJSON { right.write(left.jsonValue) }
}

/// Writes an optional basic value (`nil` only with `shouldIncludeNilValues`).
public func >>> <T: JSONScalar>(left: T?, right: Map) {
    if right.mappingType == .toJSON { right.write(left?.jsonValue) }
}

/// Reads or writes an array of basic values (all or nothing: one bad element is a problem).
@inlinable
public func <- <T: JSONScalar>(left: inout [T], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readConverted(&left, right, expected: "[\(T.self)]")
}

/// Reads or writes an optional array of basic values.
@inlinable
public func <- <T: JSONScalar>(left: inout [T]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readOptionalConverted(&left, right, expected: "[\(T.self)]")
}

/// Writes an array of basic values.
public func >>> <T: JSONScalar>(left: [T], right: Map) {
    if right.mappingType == .toJSON { right.write(.array(left.map(\.jsonValue))) }
}

/// Writes an optional array of basic values.
public func >>> <T: JSONScalar>(left: [T]?, right: Map) {
    if right.mappingType == .toJSON { right.write(left.map { JSON.array($0.map(\.jsonValue)) }) }
}

/// Reads or writes a dictionary of basic values.
@inlinable
public func <- <T: JSONScalar>(left: inout [String: T], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readConverted(&left, right, expected: "[String: \(T.self)]")
}

/// Reads or writes an optional dictionary of basic values.
@inlinable
public func <- <T: JSONScalar>(left: inout [String: T]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readOptionalConverted(&left, right, expected: "[String: \(T.self)]")
}

/// Writes a dictionary of basic values (keys sorted, so output is stable).
public func >>> <T: JSONScalar>(left: [String: T], right: Map) {
    Optional(left) >>> right
}

/// Writes an optional dictionary of basic values (keys sorted, so output is stable).
public func >>> <T: JSONScalar>(left: [String: T]?, right: Map) {
    if right.mappingType == .toJSON { right.write(left?.jsonValue) }
}

/// Reads or writes a set of basic values.
public func <- <T: JSONScalar & Hashable>(left: inout Set<T>, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(
        &left,
        right.read(required: true, expected: "Set<\(T.self)>") { Set(try $0.convertedElements(T.fromJSON)) })
}

/// Reads or writes an optional set of basic values.
public func <- <T: JSONScalar & Hashable>(left: inout Set<T>?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(
        &left,
        right.read(required: false, expected: "Set<\(T.self)>") { Set(try $0.convertedElements(T.fromJSON)) })
}

/// Writes a set of basic values.
public func >>> <T: JSONScalar & Hashable>(left: Set<T>, right: Map) {
    Optional(left) >>> right
}

/// Writes an optional set of basic values.
public func >>> <T: JSONScalar & Hashable>(left: Set<T>?, right: Map) {
    if right.mappingType == .toJSON { right.write(left.map { JSON.array($0.map(\.jsonValue)) }) }
}

/// Reads or writes an array of arrays of basic values.
@inlinable
public func <- <T: JSONScalar>(left: inout [[T]], right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readConverted(&left, right, expected: "[[\(T.self)]]")
}

/// Reads or writes an optional array of arrays of basic values.
@inlinable
public func <- <T: JSONScalar>(left: inout [[T]]?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    readOptionalConverted(&left, right, expected: "[[\(T.self)]]")
}

/// Writes an array of arrays of basic values.
public func >>> <T: JSONScalar>(left: [[T]], right: Map) {
    Optional(left) >>> right
}

/// Writes an optional array of arrays of basic values.
public func >>> <T: JSONScalar>(left: [[T]]?, right: Map) {
    if right.mappingType == .toJSON { right.write(left.map { JSON.array($0.map { JSON.array($0.map(\.jsonValue)) }) }) }
}

// MARK: - Anything else Foundation can hold ([String: Any], Any, NSNumber, ...)

/// Reads a value by casting its Foundation form (ObjectMapper's basic operator), or writes it.
public func <- <T>(left: inout T, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readCast(T.self, required: true))
}

/// Reads an optional value by casting its Foundation form, or writes it.
public func <- <T>(left: inout T?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    assign(&left, right.readCast(T.self, required: false))
}

/// Writes a value Foundation can hold (left out when JSON cannot hold it, as a `Date`
/// without a transform: even with `shouldIncludeNilValues`, it is not `null`).
public func >>> <T>(left: T, right: Map) {
    if right.mappingType == .toJSON, let value = JSON(foundation: left) { right.write(value) }
}

/// Writes an optional value Foundation can hold (`nil` as `null` with
/// `shouldIncludeNilValues`; a value JSON cannot hold is left out).
public func >>> <T>(left: T?, right: Map) {
    guard right.mappingType == .toJSON else { return }
    guard let left else { return right.write(nil) }
    left >>> right
}

// MARK: - Nested collections of basic values ([[[Double]]], [String: [Int]], ...)

/// Reads or writes a collection of basic values nested to any depth, from the parsed value
/// itself (all or nothing: one bad element is a problem at its path).
public func <- <T: JSONReadable>(left: inout T, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    if right.readDirectly(into: &left) { return }
    assign(&left, right.read(required: true, expected: expectedName(T.self)) { try T.fromJSON($0) })
}

/// Reads or writes an optional collection of basic values nested to any depth.
public func <- <T: JSONReadable>(left: inout T?, right: Map) {
    if right.mappingType == .toJSON { return left >>> right }
    if right.readDirectly(into: &left) { return }
    assign(&left, right.read(required: false, expected: expectedName(T.self)) { try T.fromJSON($0) })
}

/// Writes a collection of basic values nested to any depth.
public func >>> <T: JSONReadable>(left: T, right: Map) {
    if right.mappingType == .toJSON { right.write(left.jsonValue) }
}

/// Writes an optional collection of basic values nested to any depth.
public func >>> <T: JSONReadable>(left: T?, right: Map) {
    if right.mappingType == .toJSON { right.write(left?.jsonValue) }
}
