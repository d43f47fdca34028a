import Foundation

@testable import YajlMapper

/// Reads one key twice: as a Foundation dictionary and as a model.
struct EdgeTwice: Mappable {
    var raw: [String: Any] = [:]
    var owner: RTOwner?
    var rawCount = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        raw <- map["owner"]
        owner <- map["owner"]
        rawCount = raw.count
    }
}

/// A conditional read inside a nested model.
struct EdgeOuter: Mappable {
    var inner: [EdgeInner] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { inner <- map["inner"] }
}

struct EdgeInner: Mappable, Equatable {
    var mode = ""
    var value: String?
    init?(map: Map) {}
    init(mode: String, value: String?) {
        self.mode = mode
        self.value = value
    }
    mutating func mapping(map: Map) {
        mode <- map["mode"]
        if mode == "deep" {
            value <- map["x.y.z"]
        } else if mode == "indexed" {
            value <- map["list.1"]
        }
    }
}

/// Items and a count after them.
struct RTOwnerPage: Mappable {
    var items: [RTOwner] = []
    var total = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        items <- map["items"]
        total <- map["total"]
    }
}

/// A model that reads nothing of its object (counting elements, say).
struct EdgeNothing: Mappable, Equatable {
    init?(map: Map) {}
    mutating func mapping(map: Map) {}
}

/// Empty models inside an envelope whose other keys come after them.
struct EdgeNothingPage: Mappable {
    var items: [EdgeNothing]?
    var first: EdgeNothing?
    var total = 0
    var name = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        items <- map["items"]
        first <- map["first"]
        total <- map["total"]
        name <- map["name"]
    }
}

/// Paths through nested objects, two and three levels deep, next to a plain key.
struct EdgePaths: Mappable, Equatable {
    var avatar: String?
    var login: String?
    var deep: Int?
    var name: String?
    init?(map: Map) {}
    init(avatar: String?, login: String?, deep: Int?, name: String?) {
        (self.avatar, self.login, self.deep, self.name) = (avatar, login, deep, name)
    }
    mutating func mapping(map: Map) {
        avatar <- map["owner.avatar_url"]
        login <- map["owner.login"]
        deep <- map["a.b.c"]
        name <- map["name"]
    }
}
