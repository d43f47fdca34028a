// Items read as models that read nothing: the cost of skipping them.

import YajlMapper

/// A search page whose items read no key.
struct SkipAllRepositories: Mappable {
    var items: [SkipAllRepository]!
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

/// A search item that reads no key.
struct SkipAllRepository: Mappable {
    init?(map: Map) {}
    mutating func mapping(map: Map) {}
}
