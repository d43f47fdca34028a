// The "seed model": what a typical app reads from a `/search/repositories` page, six of the
// ~80 keys of each item, written once for YajlMapper (the ObjectMapper model) and
// once for JSONDecoder. The benchmarks time both; the tests map the recorded pages with it.

import YajlMapper

// MARK: Decoded by JSONDecoder

/// The search envelope, decoded.
public struct DecodableSeedRepositories: Decodable, Equatable {
    /// `total_count`.
    public let totalCount: Int
    /// `incomplete_results`.
    public let incompleteResults: Bool
    /// `items`.
    public let items: [DecodableSeedRepository]

    /// The JSON keys of the envelope.
    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
        case items
    }
}

/// One search item, decoded: the same six fields.
public struct DecodableSeedRepository: Decodable, Equatable {
    /// `id`.
    public let id: Int
    /// `name`.
    public let name: String
    /// `full_name`.
    public let fullName: String
    /// `html_url`.
    public let htmlURL: String
    /// `description`.
    public let description: String?
    /// `owner`, of which only `avatar_url` is read.
    public let owner: DecodableSeedOwner

    /// The JSON keys of the item.
    enum CodingKeys: String, CodingKey {
        case id, name, description, owner
        case fullName = "full_name"
        case htmlURL = "html_url"
    }
}

/// The owner fields the seed model reads.
public struct DecodableSeedOwner: Decodable, Equatable {
    /// `avatar_url`.
    public let avatarURL: String

    /// The JSON key of the owner's one field.
    enum CodingKeys: String, CodingKey {
        case avatarURL = "avatar_url"
    }
}

// MARK: Mapped by YajlMapper

/// The search envelope, as written for ObjectMapper (the model, verbatim).
public struct SeedRepositories: Mappable {
    /// `total_count`.
    public var totalCount: Int!
    /// `incomplete_results`.
    public var incompleteResults: Bool!
    /// `items`.
    public var items: [SeedRepository]!

    /// Creates an empty page for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps `total_count`, `incomplete_results` and `items`.
    public mutating func mapping(map: Map) {
        totalCount <- map["total_count"]
        incompleteResults <- map["incomplete_results"]
        items <- map["items"]
    }
}

/// One search item, as written for ObjectMapper.
public struct SeedRepository: Mappable {
    /// `id`.
    public var id: Int!
    /// `name`.
    public var name: String!
    /// `full_name`.
    public var fullName: String!
    /// `html_url`.
    public var htmlUrl: String!
    /// `description`.
    public var description: String!
    /// `owner.avatar_url`.
    public var avatarUrl: String?

    /// Creates an empty item for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the six fields, `owner.avatar_url` through its key path.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        htmlUrl <- map["html_url"]
        description <- map["description"]
        avatarUrl <- map["owner.avatar_url"]
    }
}
