import Foundation

@testable import YajlMapper

// MARK: - StaticMappable

class ProtoVehicle: StaticMappable {
    var type: String?
    var wheels: Int?
    init() {}
    class func objectForMapping(map: Map) -> BaseMappable? {
        guard let type: String = map["type"].value() else { return nil }
        switch type {
        case "car": return ProtoCar()
        case "bike": return ProtoBike()
        default: return ProtoVehicle()
        }
    }
    func mapping(map: Map) {
        type <- map["type"]
        wheels <- map["wheels"]
    }
}

final class ProtoCar: ProtoVehicle {
    var doors: Int?
    override func mapping(map: Map) {
        super.mapping(map: map)
        doors <- map["doors"]
    }
}

final class ProtoBike: ProtoVehicle {
    var bell: Bool?
    override func mapping(map: Map) {
        super.mapping(map: map)
        bell <- map["bell"]
    }
}

struct ProtoGarage: Mappable {
    var vehicles: [ProtoVehicle] = []
    var favourite: ProtoVehicle?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        vehicles <- map["vehicles"]
        favourite <- map["favourite"]
    }
}

/// Picks its subclass from a key its own mapping never maps with `<-`.
class ProtoShape: StaticMappable {
    var size: Int?
    init() {}
    class func objectForMapping(map: Map) -> BaseMappable? {
        (map["shape"].currentValue as? String) == "circle" ? ProtoCircle() : ProtoShape()
    }
    func mapping(map: Map) { size <- map["size"] }
}

final class ProtoCircle: ProtoShape {}

// MARK: - Mappable that refuses objects

struct ProtoRequiresId: Mappable, Equatable {
    var id = 0
    var name: String?
    init?(map: Map) {
        var id: Int?
        id <- map["id"]
        if id == nil { return nil }
    }
    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
    }
}

// MARK: - ImmutableMappable

enum ProtoVisibility: String, Sendable { case `public`, `private` }
enum ProtoTier: Int, Sendable { case free = 0, pro = 2 }

struct ProtoUser: ImmutableMappable, Equatable, Hashable {
    let login: String
    let id: Int64
    init(login: String, id: Int64) {
        self.login = login
        self.id = id
    }
    init(map: Map) throws {
        login = try map.value("login")
        id = try map.value("id")
    }
    func mapping(map: Map) {
        login >>> map["login"]
        id >>> map["id"]
    }
}

struct ProtoRepo: ImmutableMappable, Equatable {
    let id: Int64
    let name: String
    let description: String?
    let stars: Int
    let visibility: ProtoVisibility
    let tier: ProtoTier?
    let owner: ProtoUser
    let contributors: [ProtoUser]
    let reviewers: [ProtoUser]?
    let maintainer: ProtoUser?
    let created: Date
    let archived: Date?
    let topics: [String]
    let ownerLogin: String
    let byRole: [String: ProtoUser]
    let license: String

    init(
        id: Int64, name: String, description: String?, stars: Int, visibility: ProtoVisibility, tier: ProtoTier?,
        owner: ProtoUser, contributors: [ProtoUser], reviewers: [ProtoUser]?, maintainer: ProtoUser?, created: Date,
        archived: Date?, topics: [String], ownerLogin: String, byRole: [String: ProtoUser], license: String
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.stars = stars
        self.visibility = visibility
        self.tier = tier
        self.owner = owner
        self.contributors = contributors
        self.reviewers = reviewers
        self.maintainer = maintainer
        self.created = created
        self.archived = archived
        self.topics = topics
        self.ownerLogin = ownerLogin
        self.byRole = byRole
        self.license = license
    }

    init(map: Map) throws {
        id = try map.value("id")
        name = try map.value("name")
        description = try map.value("description")
        stars = try map.value("stars", default: 0)
        visibility = try map.value("visibility")
        tier = try map.value("tier")
        owner = try map.value("owner")
        contributors = try map.value("contributors")
        reviewers = try map.value("reviewers")
        maintainer = try map.value("maintainer")
        created = try map.value("created", using: DateTransform())
        archived = try map.value("archived", using: DateTransform())
        topics = try map.value("topics")
        ownerLogin = try map.value("owner.login")
        byRole = try map.value("by_role")
        license = try map.value("meta.license", nested: false)
    }

    func mapping(map: Map) {
        id >>> map["id"]
        name >>> map["name"]
        description >>> map["description"]
        stars >>> map["stars"]
        visibility >>> map["visibility"]
        tier >>> map["tier"]
        owner >>> map["owner"]
        contributors >>> map["contributors"]
        reviewers >>> map["reviewers"]
        maintainer >>> map["maintainer"]
        created >>> (map["created"], DateTransform())
        archived >>> (map["archived"], DateTransform())
        topics >>> map["topics"]
        byRole >>> map["by_role"]
        license >>> map["meta.license", nested: false]
    }
}
