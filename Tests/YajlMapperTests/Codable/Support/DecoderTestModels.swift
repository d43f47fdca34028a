import Foundation

// Decodable types for the decoder's differential tests: every kind of container and value a
// `Decodable` can ask for.

struct Owner: Codable, Equatable {
    var login: String
    var id: Int
    var siteAdmin: Bool?
}

enum Visibility: String, Codable, Equatable { case `public`, `private`, `internal` }

struct Repository: Codable, Equatable {
    var id: Int64
    var name: String
    var owner: Owner
    var stars: UInt32
    var score: Double
    var ratio: Float?
    var topics: [String]
    var license: [String: String]?
    var visibility: Visibility
    var archived: Bool
    var homepage: URL?
    var sizes: [Int: Int]?
    var matrix: [[Int8]]?
}

/// Coding keys with letters beyond ASCII, read with `.convertFromSnakeCase` (`naïve_count`
/// becomes `naïveCount`).
struct SnakeUnicode: Codable, Equatable {
    var naiveCount: Int?
    var fullName: String?
    var etatCivil: String?

    enum CodingKeys: String, CodingKey {
        case naiveCount = "naïveCount", fullName, etatCivil = "ÉtatCivil"
    }
}

struct SnakeRepository: Codable, Equatable {
    var fullName: String
    var stargazersCount: Int
    var htmlURL: String?
    var ownerInfo: [String: Int]?
    var _private: Bool?
}

/// An enum with associated values (synthesized: a keyed container per case).
enum CodableShape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case point
    case labelled(String, Int)
}

/// Reads different keys for different objects, by a discriminator.
struct TypedEvent: Decodable, Equatable {
    var kind: String
    var payload: Payload

    enum Payload: Equatable {
        case push(commits: Int)
        case star(user: String)
        case other
    }

    enum CodingKeys: String, CodingKey { case type, commits, user, extra }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .type)
        switch kind {
        case "push": payload = .push(commits: try container.decode(Int.self, forKey: .commits))
        case "star": payload = .star(user: try container.decode(String.self, forKey: .user))
        default:
            payload = .other
            if container.contains(.extra) { _ = try container.decodeNil(forKey: .extra) }
        }
    }
}

/// A class hierarchy: the base class's members through `superDecoder()`.
class Animal: Codable, Equatable {
    var name: String
    init(name: String) { self.name = name }
    static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.name == rhs.name && type(of: lhs) == type(of: rhs) }
}

final class Dog: Animal {
    var breed: String
    enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: try container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }

    static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.breed == rhs.breed }
}

/// Nested containers, unkeyed reads of mixed values, and `allKeys`.
struct Manual: Decodable, Equatable {
    var first: Int
    var rest: [String]
    var keys: [String]
    var nestedValue: Double?

    enum CodingKeys: String, CodingKey { case list, meta }
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    enum MetaKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        first = try list.decode(Int.self)
        var rest: [String] = []
        while !list.isAtEnd {
            if try list.decodeNil() { rest.append("nil") } else { rest.append(try list.decode(String.self)) }
        }
        self.rest = rest
        let all = try decoder.container(keyedBy: AnyKey.self)
        keys = all.allKeys.map(\.stringValue).sorted()
        if container.contains(.meta) {
            let meta = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            nestedValue = try meta.decodeIfPresent(Double.self, forKey: .value)
        }
    }
}

/// Reads a value from `userInfo`.
struct Scaled: Decodable, Equatable {
    var value: Int
    static let factor = CodingUserInfoKey(rawValue: "factor")!

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(Int.self)
        value = raw * ((decoder.userInfo[Self.factor] as? Int) ?? 1)
    }
}

struct Dated: Codable, Equatable {
    var at: Date
    var blob: Data?
}

struct NumberFields: Codable, Equatable {
    var i8: Int8?
    var u8: UInt8?
    var i16: Int16?
    var u16: UInt16?
    var i32: Int32?
    var u32: UInt32?
    var i64: Int64?
    var u64: UInt64?
    var i: Int?
    var u: UInt?
    var d: Double?
    var f: Float?
    var dec: Decimal?
}

struct Identified: Codable, Equatable {
    var id: UUID
    var amount: Decimal
}
