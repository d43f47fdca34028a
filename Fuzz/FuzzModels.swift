import Foundation
import YajlMapper

/// A search result page, as GitHub's (the fixtures' seeds use its keys).
struct FuzzPage: Mappable, Equatable {
    var totalCount = 0
    var incomplete: Bool!
    var items: [FuzzRepository]!
    var labels: [FuzzLabel] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        totalCount <- map["total_count"]
        incomplete <- map["incomplete_results"]
        items <- map["items"]
        labels <- map["labels"]
    }
}

/// A repository: scalars, nested key paths, a model, arrays, a dictionary, an enum, a transform and a conditional read.
struct FuzzRepository: Mappable, Equatable {
    var id: Int!
    var name = ""
    var fullName: String?
    var isPrivate = false
    var score = 0.0
    var stars: Int?
    var size: UInt16?
    var ownerLogin: String?
    var ownerID: Int!
    var visibility: FuzzVisibility?
    var homepage: URL?
    var topics: [String]?
    var license: FuzzLicense?
    var labels: [FuzzLabel]?
    var counts: [String: Int]?
    var fork: Bool?
    var forksCount: Int?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        isPrivate <- map["private"]
        score <- map["score"]
        stars <- map["stargazers_count"]
        size <- map["size"]
        ownerLogin <- map["owner.login"]
        ownerID <- map["owner.id"]
        visibility <- map["visibility"]
        homepage <- (map["homepage"], URLTransform())
        topics <- map["topics"]
        license <- map["license"]
        labels <- map["labels"]
        counts <- map["counts"]
        fork <- map["fork"]
        // Read only for forks: a read the plan may not hold yet.
        if fork == true { forksCount <- map["forks_count"] }
    }
}

/// A repository's visibility.
enum FuzzVisibility: String {
    case `public`, `private`, `internal`
}

/// A license, optional fields and one implicitly unwrapped.
struct FuzzLicense: Mappable, Equatable {
    var key: String!
    var name: String?
    var spdx: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        key <- map["key"]
        name <- map["name"]
        spdx <- map["spdx_id"]
    }
}

/// A label, immutable: a missing `name` fails it.
struct FuzzLabel: ImmutableMappable, Equatable {
    let name: String
    let color: String?
    let weight: Int
    init(map: Map) throws {
        name = try map.value("name")
        color = try map.value("color")
        weight = try map.value("weight", default: 0)
    }
}

/// A context, which takes the mapper's general path instead of building arrays as they close.
struct FuzzContext: MapContext {}
