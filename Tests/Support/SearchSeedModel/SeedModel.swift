// The "seed model": what a typical app decodes from a search page, 6 of ~80 item keys.

/// The envelope of a `/search/repositories` response.
struct SeedRepositories: Decodable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [SeedRepository]

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
        case items
    }
}

/// One search item, reduced to the fields an app shows.
struct SeedRepository: Decodable {
    let id: Int
    let name: String
    let fullName: String
    let htmlURL: String
    let description: String?
    let owner: SeedOwner

    enum CodingKeys: String, CodingKey {
        case id, name, description, owner
        case fullName = "full_name"
        case htmlURL = "html_url"
    }
}

/// The owner fields the seed model reads.
struct SeedOwner: Decodable {
    let avatarURL: String

    enum CodingKeys: String, CodingKey {
        case avatarURL = "avatar_url"
    }
}

// The same fields as the ObjectMapper-style model, mapped by YajlMapper.

import YajlMapper

/// The search envelope, as written for ObjectMapper (the model, verbatim).
struct MappedRepositories: Mappable {
    var totalCount: Int!
    var incompleteResults: Bool!
    var items: [MappedRepository]!
    init?(map: Map) { }
    mutating func mapping(map: Map) {
        totalCount <- map["total_count"]
        incompleteResults <- map["incomplete_results"]
        items <- map["items"]
    }
}

/// One search item, as written for ObjectMapper.
struct MappedRepository: Mappable {
    var id: Int!
    var name: String!
    var fullName: String!
    var htmlUrl: String!
    var description: String!
    var avatarUrl: String?
    init?(map: Map) { }
    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        htmlUrl <- map["html_url"]
        description <- map["description"]
        avatarUrl <- map["owner.avatar_url"]
    }
}

/// Experiment: items read as models that read nothing (the cost of skipping).
struct SkipAllRepositories: Mappable {
    var items: [SkipAllRepository]!
    init?(map: Map) { }
    mutating func mapping(map: Map) { items <- map["items"] }
}
struct SkipAllRepository: Mappable {
    init?(map: Map) { }
    mutating func mapping(map: Map) { }
}

