import Foundation

@testable import YajlMapper

struct ErrOwner: Mappable {
    var login = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) { login <- map["login"] }
}

struct ErrItem: Mappable {
    var id = 0
    var owner: ErrOwner?
    var score: UInt8?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        id <- map["id"]
        owner <- map["owner"]
        score <- map["score"]
    }
}

/// Keeps a whole object as a dictionary: every key of it is read.
struct ErrKeepsAll: Mappable {
    var all: [String: Any] = [:]
    init?(map: Map) {}
    mutating func mapping(map: Map) { all <- map["all"] }
}

struct ErrPage: Mappable {
    var total = 0
    var items: [ErrItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        total <- map["total_count"]
        items <- map["items"]
    }
}
