import Foundation

@testable import YajlMapper

struct SparseItem: Mappable, Equatable {
    var id = 0
    var name: String?
    var fullName = ""
    var owner: OpOwner?
    var avatar: String?
    var created: Date?
    init?(map: Map) {}
    init(id: Int, name: String?, fullName: String, owner: OpOwner?, avatar: String?, created: Date?) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.owner = owner
        self.avatar = avatar
        self.created = created
    }
    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        owner <- map["owner"]
        avatar <- map["owner.avatar_url"]
        created <- (map["created_at"], ISO8601DateTransform())
    }
}

struct SparsePage: Mappable {
    var items: [SparseItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

/// Conforms to both protocols: as in ObjectMapper, `objectForMapping(map:)` makes the instance.
final class SparseBoth: Mappable, StaticMappable {
    var origin = "unset"
    var value = 0
    init() {}
    required init?(map: Map) { origin = "init" }
    static func objectForMapping(map: Map) -> (any BaseMappable)? {
        let made = SparseBoth()
        made.origin = "objectForMapping"
        return made
    }
    func mapping(map: Map) { value <- map["value"] }
}

/// Reads its keys in another order than its objects list them: the plan learns the
/// objects' order after the first complete one.
struct SparseReordered: Mappable, Equatable {
    var c = ""
    var a = 0
    var b: Bool?
    init?(map: Map) {}
    init(c: String, a: Int, b: Bool?) {
        self.c = c
        self.a = a
        self.b = b
    }
    mutating func mapping(map: Map) {
        c <- map["c"]
        a <- map["a"]
        b <- map["b"]
    }
}

/// Keeps the map it was read with (unusual, but allowed).
final class SparseKeepsMap: Mappable {
    var id = 0
    var kept: Map?
    init?(map: Map) {}
    func mapping(map: Map) {
        kept = map
        id <- map["id"]
    }
}

/// Does not keep its map: the engine may hand the same map to the next element.
struct SparseForgetsMap: Mappable, Equatable {
    var id = 0
    var name: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        id <- map["id"]
        if map.currentKey == "id" { name <- map["name"] }
    }
}
