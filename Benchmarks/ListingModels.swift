// Two search page models, each one type read both by YajlMapper's DSL and by JSONDecoder:
// the dozen fields a repository listing shows, and the seed model plus two fields.

import Foundation
import YajlMapper

// MARK: The listing model

/// A search page whose items are read as `Item`: the envelope of both models here.
struct SearchPage<Item: Mappable & Decodable & Equatable>: Mappable, Decodable, Equatable {
    var totalCount = 0
    var incompleteResults = false
    var items: [Item] = []

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count", incompleteResults = "incomplete_results", items
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        totalCount <- map["total_count"]
        incompleteResults <- map["incomplete_results"]
        items <- map["items"]
    }
}

/// A search page read as a repository listing.
typealias ListingPage = SearchPage<ListingRepository>

/// The dozen fields of one search item a listing shows (owner and license flattened).
struct ListingRepository: Mappable, Decodable, Equatable {
    var id: Int64 = 0
    var fullName = ""
    var htmlURL = ""
    var description: String?
    var ownerLogin = ""
    var ownerAvatarURL = ""
    var stargazersCount = 0
    var forksCount = 0
    var language: String?
    /// Absent from pages recorded before topics were returned (2019).
    var topics: [String]?
    /// `nil` when the license is `null` or has no SPDX id.
    var licenseSPDXID: String?
    var updatedAt = Date(timeIntervalSinceReferenceDate: 0)
    var archived = false

    enum CodingKeys: String, CodingKey {
        case id, description, owner, language, topics, license, archived
        case fullName = "full_name", htmlURL = "html_url", stargazersCount = "stargazers_count"
        case forksCount = "forks_count", updatedAt = "updated_at"
    }

    /// The owner members read.
    enum OwnerKeys: String, CodingKey {
        case login, avatarURL = "avatar_url"
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        fullName <- map["full_name"]
        htmlURL <- map["html_url"]
        description <- map["description"]
        ownerLogin <- map["owner.login"]
        ownerAvatarURL <- map["owner.avatar_url"]
        stargazersCount <- map["stargazers_count"]
        forksCount <- map["forks_count"]
        language <- map["language"]
        topics <- map["topics"]
        licenseSPDXID <- map["license.spdx_id"]
        updatedAt <- (map["updated_at"], ISO8601DateTransform())
        archived <- map["archived"]
    }

    /// Decodes the same fields, owner and license through nested containers.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        fullName = try container.decode(String.self, forKey: .fullName)
        htmlURL = try container.decode(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        let owner = try container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner)
        ownerLogin = try owner.decode(String.self, forKey: .login)
        ownerAvatarURL = try owner.decode(String.self, forKey: .avatarURL)
        stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
        forksCount = try container.decode(Int.self, forKey: .forksCount)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        topics = try container.decodeIfPresent([String].self, forKey: .topics)
        licenseSPDXID = try decodeSPDXID(container, forKey: .license)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        archived = try container.decode(Bool.self, forKey: .archived)
    }
}

/// The license members read.
enum LicenseKeys: String, CodingKey {
    case spdxID = "spdx_id"
}

/// `license.spdx_id`, or `nil` when the license is absent or `null` (as the DSL's key path reads it).
func decodeSPDXID<Keys: CodingKey>(_ container: KeyedDecodingContainer<Keys>, forKey key: Keys) throws -> String? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    let license = try container.nestedContainer(keyedBy: LicenseKeys.self, forKey: key)
    return try license.decodeIfPresent(String.self, forKey: .spdxID)
}

// MARK: The seed model plus two fields

/// A search page read as the seed model's six fields plus stars and license.
typealias SeedPlusPage = SearchPage<SeedPlusRepository>

/// The seed model's fields (id, name, full_name, html_url, description, owner.avatar_url),
/// plus stargazers_count and license.spdx_id.
struct SeedPlusRepository: Mappable, Decodable, Equatable {
    var id = 0
    var name = ""
    var fullName = ""
    var htmlURL = ""
    var description: String?
    var ownerAvatarURL = ""
    var stargazersCount = 0
    var licenseSPDXID: String?

    enum CodingKeys: String, CodingKey {
        case id, name, description, owner, license
        case fullName = "full_name", htmlURL = "html_url", stargazersCount = "stargazers_count"
    }

    /// The owner member read.
    enum OwnerKeys: String, CodingKey {
        case avatarURL = "avatar_url"
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        htmlURL <- map["html_url"]
        description <- map["description"]
        ownerAvatarURL <- map["owner.avatar_url"]
        stargazersCount <- map["stargazers_count"]
        licenseSPDXID <- map["license.spdx_id"]
    }

    /// Decodes the same fields, owner and license through nested containers.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fullName = try container.decode(String.self, forKey: .fullName)
        htmlURL = try container.decode(String.self, forKey: .htmlURL)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        let owner = try container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner)
        ownerAvatarURL = try owner.decode(String.self, forKey: .avatarURL)
        stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
        licenseSPDXID = try decodeSPDXID(container, forKey: .license)
    }
}

// MARK: Contenders

/// The listing and seed+2 pairs, on search pages.
func listingModelPairs() -> [ModelPair] {
    [
        modelPair("listing model", .github, dates: .iso8601) { (page: ListingPage) in
            page.items.count &+ page.totalCount
        },
        modelPair("seed+2 model", .github) { (page: SeedPlusPage) in page.items.count &+ page.totalCount },
    ]
}
