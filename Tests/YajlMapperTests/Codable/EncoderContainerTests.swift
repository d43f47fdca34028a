import Foundation
import Testing

@testable import YajlMapper

/// Containers asked for more than once at one key: added to, as `JSONEncoder` adds to them,
/// never replaced; and where `JSONEncoder` stops the program, an error naming the key path.
@Suite("YajlEncoder: containers asked for twice")
struct EncoderContainerTests {
    @Test func aSecondNestedContainerAddsToTheFirst() {
        for twice in Twice.allCases where twice.isAsInJSONEncoder {
            let (foundation, yajl) = EncoderDifferentialTests.outputs(Redundant(twice: twice))
            #expect(yajl == foundation, "\(twice)")
            #expect(!yajl.hasPrefix("error"), "\(twice)")
        }
        #expect(
            EncoderDifferentialTests.outputs(Redundant(twice: .keyed)).yajl == #"{"top":{"first":"a","second":"b"}}"#)
        #expect(EncoderDifferentialTests.outputs(Redundant(twice: .unkeyed)).yajl == #"{"top":["a","b"]}"#)
    }

    @Test func aSuperEncoderAddsToTheContainerItsKeyHolds() throws {
        let text = String(decoding: try YajlEncoder().encode(Redundant(twice: .superEncoder)), as: UTF8.self)
        #expect(text == #"{"top":{"first":"a","second":"b"}}"#)
        let untouched = String(decoding: try YajlEncoder().encode(Redundant(twice: .idleSuperEncoder)), as: UTF8.self)
        #expect(untouched == #"{"top":{"first":"a"}}"#)
    }

    @Test func whereJSONEncoderStopsTheProgramTheEncodingThrows() throws {
        for twice in Twice.allCases where twice.stopsJSONEncoder {
            let error = try #require(throws: EncodingError.self, "\(twice)") {
                try YajlEncoder().encode(Nest(inner: Redundant(twice: twice)))
            }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["inner", "top"], "\(twice)")
            #expect(context.debugDescription.hasSuffix("(at inner.top)"), "\(context.debugDescription)")
        }
    }

    @Test func aValueEncodedTwiceKeepsTheLastAsInJSONEncoder() {
        let (foundation, yajl) = EncoderDifferentialTests.outputs(Redundant(twice: .value))
        #expect(yajl == foundation)
        #expect(yajl == #"{"top":"b"}"#)
    }

    @Test func int128AndUInt128AsJSONEncoderWritesThem() throws {
        let values = [
            Wide(signed: .min, unsigned: .max, list: [0, -1, .max]),
            Wide(signed: 18_446_744_073_709_551_616, unsigned: 0, list: []),
        ]
        for value in values {
            let (foundation, yajl) = EncoderDifferentialTests.outputs(value)
            #expect(yajl == foundation)
            #expect(try YajlDecoder().decode(Wide.self, from: Data(yajl.utf8)) == value)
        }
    }
}

/// How ``Redundant`` encodes at its one key twice.
enum Twice: CaseIterable {
    /// Two keyed containers (they add up).
    case keyed
    /// Two unkeyed containers (they add up).
    case unkeyed
    /// A value that is an object, then a keyed container (it adds to the object).
    case objectThenKeyed
    /// A keyed container, then a `superEncoder(forKey:)`'s keyed container (it adds to it).
    case superEncoder
    /// A keyed container, then a `superEncoder(forKey:)` that encodes nothing.
    case idleSuperEncoder
    /// Two values (the last one counts).
    case value
    /// A number, then a keyed container.
    case valueThenKeyed
    /// A number, then an unkeyed container.
    case valueThenUnkeyed
    /// A keyed container, then an unkeyed one.
    case keyedThenUnkeyed
    /// An unkeyed container, then a keyed one.
    case unkeyedThenKeyed
    /// Two values through one single-value container.
    case singleValueTwice

    /// Whether `JSONEncoder` encodes it as this package does (with a `superEncoder`, it
    /// replaces what the key held).
    var isAsInJSONEncoder: Bool { [.keyed, .unkeyed, .objectThenKeyed, .value].contains(self) }
    /// Whether `JSONEncoder` stops the program.
    var stopsJSONEncoder: Bool {
        [.valueThenKeyed, .valueThenUnkeyed, .keyedThenUnkeyed, .unkeyedThenKeyed, .singleValueTwice].contains(self)
    }
}

/// Encodes at the key `top` twice, as ``Twice`` says.
struct Redundant: Encodable {
    let twice: Twice

    enum Keys: String, CodingKey { case top, first, second }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch twice {
        case .keyed:
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            try first.encode("a", forKey: .first)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            try second.encode("b", forKey: .second)
        case .unkeyed:
            var first = container.nestedUnkeyedContainer(forKey: .top)
            try first.encode("a")
            var second = container.nestedUnkeyedContainer(forKey: .top)
            try second.encode("b")
        case .objectThenKeyed:
            try container.encode(["first": "a"], forKey: .top)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            try second.encode("b", forKey: .second)
        case .superEncoder, .idleSuperEncoder:
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            try first.encode("a", forKey: .first)
            let sub = container.superEncoder(forKey: .top)
            if twice == .superEncoder {
                var second = sub.container(keyedBy: Keys.self)
                try second.encode("b", forKey: .second)
            }
        case .value:
            try container.encode("a", forKey: .top)
            try container.encode("b", forKey: .top)
        case .valueThenKeyed:
            try container.encode(42, forKey: .top)
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
        case .valueThenUnkeyed:
            try container.encode(42, forKey: .top)
            _ = container.nestedUnkeyedContainer(forKey: .top)
        case .keyedThenUnkeyed:
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
            _ = container.nestedUnkeyedContainer(forKey: .top)
        case .unkeyedThenKeyed:
            _ = container.nestedUnkeyedContainer(forKey: .top)
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
        case .singleValueTwice:
            var single = container.superEncoder(forKey: .top).singleValueContainer()
            try single.encode(1)
            try single.encode(2)
        }
    }
}

/// A ``Redundant`` one level down, so errors name a path.
struct Nest: Encodable {
    let inner: Redundant
}
